import type { ProductStatus, SkuStatus, StyleStockAnswer } from '@erp/shared';
import { http } from './request.ts';
import type { ProductDetail } from './products.ts';

// Product lookups of the line editor: a barcode (scanner) and a style search with its SKUs.

/** GET /skus/by-barcode/{barcode}. */
export interface BarcodeHit {
  id: number;
  productId: number;
  colourName: string;
  sizeName: string;
  barcode: string;
  status: SkuStatus;
  styleNo: string;
  name: string;
  productStatus: ProductStatus;
}

/** GET /products/search?q=. */
export interface ProductSearchHit {
  id: number;
  styleNo: string;
  name: string;
  retailPriceFen: number;
  status: ProductStatus;
  thumbnailUrl: string;
}

export const docItemsApi = {
  /** toast off: the editor says 条码不存在 itself */
  byBarcode: (barcode: string) => http.get<BarcodeHit>(`/admin/api/v1/skus/by-barcode/${encodeURIComponent(barcode)}`, undefined, { toast: false }),
  search: (q: string, signal?: AbortSignal) => http.get<ProductSearchHit[]>('/admin/api/v1/products/search', { q }, { signal, toast: false }),
  product: (id: number, signal?: AbortSignal) => http.get<ProductDetail>(`/admin/api/v1/products/${id}`, undefined, { signal }),
  /** what a warehouse holds of a style's SKUs; toast off: the grid simply shows no figures */
  styleStock: (warehouseId: number, productId: number, signal?: AbortSignal) =>
    http.get<StyleStockAnswer>('/admin/api/v1/stock/style-stock', { warehouseId, productId }, { signal, toast: false }),
};

export const docItemKeys = {
  search: (q: string) => ['stock-docs', 'items', 'search', q] as const,
  product: (id: number) => ['stock-docs', 'items', 'product', id] as const,
  styleStock: (warehouseId: number, productId: number) => ['stock-docs', 'items', 'style-stock', warehouseId, productId] as const,
};
