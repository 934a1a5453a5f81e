import type { PageResult, ProductCareInstruction, ProductCompositionPart, ProductImportError, ProductImportRow, ProductStatus, SkuStatus } from '@erp/shared';
import { http, type CallOptions } from './request.ts';
import type { ListParams } from './list-params.ts';

/** 商品 (款) and SKU calls and records: the server's answers, field for field. */
const BASE = '/admin/api/v1/products';

export interface ProductFilters {
  /** style no. prefix or name */
  keyword?: string;
  barcode?: string;
  brandId?: number;
  /** includes sub-categories */
  categoryId?: number;
  season?: string;
  year?: number;
  status?: ProductStatus;
  supplierId?: number;
}

export interface ProductListRecord {
  id: number;
  styleNo: string;
  name: string;
  brandId: number;
  brandName: string;
  categoryId: number;
  categoryName: string;
  year: number;
  season: string;
  gender: string;
  unit: string;
  retailPriceFen: number;
  /** absent for suppliers (productFieldsOf) */
  wholesalePriceFen?: number;
  /** HQ only; absent for agents, shops and suppliers */
  costPriceFen?: number;
  /** absent for agents and shops (productFieldsOf); null for a style without a supplier */
  supplierId?: number | null;
  supplierName?: string | null;
  status: ProductStatus;
  mainImage: string;
  /** mainImage + "-200.jpg", '' without a main image */
  thumbnailUrl: string;
  skuCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface SkuRecord {
  id: number;
  productId: number;
  colourId: number;
  colourCode: string;
  colourName: string;
  colourHex: string;
  sizeId: number;
  sizeName: string;
  barcode: string;
  sellerSku: string | null;
  marketplaceGroup: string | null;
  status: SkuStatus;
}

export interface ProductTag {
  id: number;
  name: string;
  color: string;
  groupId: number;
  groupName: string;
  enabled: boolean;
}

export interface ProductDetail extends ProductListRecord {
  composition: ProductCompositionPart[];
  care: ProductCareInstruction[];
  grade: string;
  safetyCategory: string;
  standard: string;
  gallery: { url: string; thumbnailUrl: string }[];
  sizeGroupId: number;
  sizeGroupName: string;
  /** 配码 rules: the run the style is ordered in by default (null: none), 整手订货, 起订手数 (0: none) */
  sizeRunId: number | null;
  sizeRunName: string | null;
  wholeRuns: boolean;
  minRuns: number;
  remark: string;
  tags: ProductTag[];
  /** by colour, then size order within the size group */
  skus: SkuRecord[];
}

/** POST/PUT body. On PUT, new colour × size combinations get SKUs; dropped ones are disabled. */
export interface ProductInput {
  styleNo: string;
  name: string;
  brandId: number;
  categoryId: number;
  year: number;
  season: string;
  gender: string;
  unit: string;
  retailPriceFen: number;
  wholesalePriceFen: number;
  costPriceFen: number;
  supplierId?: number | null;
  status?: ProductStatus;
  composition?: ProductCompositionPart[];
  care?: ProductCareInstruction[];
  grade?: string;
  safetyCategory?: string;
  standard?: string;
  mainImage?: string;
  gallery?: string[];
  sizeGroupId: number;
  colourIds: number[];
  sizeIds: number[];
  /** barcodes entered for new SKUs; the rest are generated from the prefix */
  barcodes?: { colourId: number; sizeId: number; barcode: string }[];
  remark?: string;
  /** on create only; later through setTags */
  tagIds?: number[];
  /** 配码 rules; on PUT a field left out keeps its value */
  sizeRunId?: number | null;
  wholeRuns?: boolean;
  minRuns?: number;
}

export interface SkuInput {
  barcode: string;
  sellerSku?: string | null;
  marketplaceGroup?: string | null;
  status: SkuStatus;
}

export interface SupplierOption {
  id: number;
  code: string;
  name: string;
}

/** What a check of an import file found: nothing is written by the check. */
export interface ImportCheck {
  products: number;
  skus: number;
  errors: ProductImportError[];
}

export const productKeys = {
  all: ['products'] as const,
  page: ['products', 'page'] as const,
  one: (id: number) => ['products', 'one', id] as const,
  supplierOptions: ['suppliers', 'options'] as const,
};

export const productApi = {
  page: (params: ListParams<ProductFilters>, signal?: AbortSignal) => http.get<PageResult<ProductListRecord>>(`${BASE}/page`, { ...params }, { signal }),
  get: (id: number, signal?: AbortSignal) => http.get<ProductDetail>(`${BASE}/${id}`, undefined, { signal }),
  // the form shows a failed save itself (INLINE_ERROR)
  create: (input: ProductInput, options?: CallOptions) => http.post<{ id: number }>(BASE, input, options),
  update: (id: number, input: ProductInput, options?: CallOptions) => http.put<ProductDetail>(`${BASE}/${id}`, input, options),
  setStatus: (ids: number[], status: ProductStatus) => http.post<{ updated: number }>(`${BASE}/status`, { ids, status }),
  setTags: (id: number, tagIds: number[]) => http.put<ProductTag[]>(`${BASE}/${id}/tags`, { tagIds }),
  /** add or remove tags on many products at once */
  batchTags: (ids: number[], tagIds: number[], mode: 'add' | 'remove') => http.post<{ updated: number }>(`${BASE}/tags`, { ids, tagIds, mode }),
  /** details (with SKUs) of up to 200 products, for printing labels and hang tags */
  details: (ids: number[]) => http.post<ProductDetail[]>(`${BASE}/details`, { ids }),
  updateSku: (id: number, input: SkuInput, options?: CallOptions) => http.put<SkuRecord>(`/admin/api/v1/skus/${id}`, input, options),
  /** one row per SKU in the import format, same filters as the list */
  skuRows: (params: ListParams<ProductFilters>, signal?: AbortSignal) => http.get<PageResult<ProductImportRow>>(`${BASE}/sku-rows/page`, { ...params }, { signal }),
  importCheck: (rows: ProductImportRow[], options?: CallOptions) => http.post<ImportCheck>(`${BASE}/import/check`, { rows }, options),
  /** all-or-nothing; any bad row answers 422 and writes nothing */
  importRows: (rows: ProductImportRow[]) => http.post<{ products: number; skus: number }>(`${BASE}/import`, { rows }),
  supplierOptions: (signal?: AbortSignal) => http.get<SupplierOption[]>('/admin/api/v1/users/supplier/options', undefined, { signal }),
};
