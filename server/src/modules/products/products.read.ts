import { ProductMessages, ProductLimits, thumbnailUrl, type ObjectTag, type ProductStatus, type SkuStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import type { ListParams } from '../../http/list-params.ts';
import { notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../sessions/sessions.service.ts';
import { tagsOf } from '../tags/tag-links.service.ts';
import * as bulk from './products-bulk.repo.ts';
import { filterInView, type ProductView, productViewOf, seesProductOf } from './product-view.ts';
import * as repo from './products.repo.ts';
import type { ProductSortColumn } from './products.schema.ts';

type ProductDetailRow = Awaited<ReturnType<typeof bulk.findProducts>>[number];

// Reads: HQ, agents and shops read every product, a supplier only its own styles; which prices
// and whether the supplier show depends on the role (product-view.ts). A field the role may not
// see is left out of the answer altogether (not sent as null).

/** The prices and the supplier the view allows; the others are absent. */
export function viewFields(row: { wholesale_price_fen: number; cost_price_fen: number; supplier_id: number | null; supplier_name: string | null }, view: ProductView) {
  return {
    ...(view.wholesale ? { wholesalePriceFen: row.wholesale_price_fen } : {}),
    ...(view.cost ? { costPriceFen: row.cost_price_fen } : {}),
    ...(view.supplier ? { supplierId: row.supplier_id, supplierName: row.supplier_name } : {}),
  };
}

export function listRecord(row: repo.ProductListRow, view: ProductView) {
  return {
    id: row.id,
    styleNo: row.style_no,
    name: row.name,
    brandId: row.brand_id,
    brandName: row.brand_name,
    categoryId: row.category_id,
    categoryName: row.category_name,
    year: row.year,
    season: row.season,
    gender: row.gender,
    unit: row.unit,
    retailPriceFen: row.retail_price_fen,
    ...viewFields(row, view),
    status: row.status as ProductStatus,
    mainImage: row.main_image,
    thumbnailUrl: thumbnailUrl(row.main_image),
    skuCount: Number(row.sku_count ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function skuRecord(row: repo.SkuRow) {
  return {
    id: row.id,
    productId: row.product_id,
    colourId: row.colour_id,
    colourCode: row.colour_code,
    colourName: row.colour_name,
    colourHex: row.colour_hex,
    sizeId: row.size_id,
    sizeName: row.size_name,
    barcode: row.barcode,
    sellerSku: row.seller_sku,
    marketplaceGroup: row.marketplace_group,
    status: row.status as SkuStatus,
  };
}

export async function pageProducts(db: Db, auth: AuthContext, filter: repo.ProductFilter, params: ListParams<ProductSortColumn>) {
  const view = productViewOf(auth);
  const page = await repo.pageProducts(db, filterInView(filter, view), params);
  return { ...page, records: page.records.map((row) => listRecord(row, view)) };
}

function detailRecord(row: ProductDetailRow, view: ProductView, skus: repo.SkuRow[], tags: ObjectTag[]) {
  return {
    ...listRecord(row, view),
    composition: row.composition as never,
    care: row.care as never,
    grade: row.grade,
    safetyCategory: row.safety_category,
    standard: row.standard,
    gallery: (row.gallery as string[]).map((url) => ({ url, thumbnailUrl: thumbnailUrl(url) })),
    sizeGroupId: row.size_group_id,
    sizeGroupName: row.size_group_name,
    sizeRunId: row.size_run_id,
    sizeRunName: row.size_run_name,
    wholeRuns: row.whole_runs,
    minRuns: row.min_runs,
    remark: row.remark,
    tags,
    skus: skus.map(skuRecord),
  };
}

export async function getProduct(db: Db, auth: AuthContext, id: number) {
  return (await getProducts(db, auth, [id]))[0]!;
}

/** Details of many products in the order asked (labels, hang tags): three queries whatever their number. */
export async function getProducts(db: Db, auth: AuthContext, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const view = productViewOf(auth);
  const [rows, skus, tags] = await Promise.all([bulk.findProducts(db, unique), bulk.skusOfProducts(db, unique), tagsOf(db, 'product', unique)]);
  // another supplier's style answers like a missing one
  if (rows.length !== unique.length || !rows.every((row) => seesProductOf(view, row.supplier_id))) throw notFound(ProductMessages.productNotFound);
  const skusBy = new Map<number, repo.SkuRow[]>(unique.map((id) => [id, []]));
  for (const sku of skus) skusBy.get(sku.product_id)!.push(sku);
  const byId = new Map(rows.map((row) => [row.id, detailRecord(row, view, skusBy.get(row.id)!, tags.get(row.id) ?? [])]));
  return ids.map((id) => byId.get(id)!);
}

export async function skuByBarcode(db: Db, auth: AuthContext, barcode: string) {
  const view = productViewOf(auth);
  const row = await repo.findSkuByBarcode(db, barcode.trim());
  if (!row || !seesProductOf(view, row.supplier_id)) throw notFound(ProductMessages.barcodeNotFound);
  return {
    ...skuRecord(row),
    styleNo: row.style_no,
    name: row.name,
    brandName: row.brand_name,
    unit: row.unit,
    retailPriceFen: row.retail_price_fen,
    ...(view.wholesale ? { wholesalePriceFen: row.wholesale_price_fen } : {}),
    productStatus: row.product_status as ProductStatus,
    mainImage: row.main_image,
    thumbnailUrl: thumbnailUrl(row.main_image),
  };
}

export async function searchProducts(db: Db, auth: AuthContext, q: string) {
  const text = q.trim();
  if (!text) return [];
  const rows = await repo.searchProducts(db, text, ProductLimits.searchMax, productViewOf(auth).ownSupplierId);
  return rows.map((r) => ({
    id: r.id,
    styleNo: r.style_no,
    name: r.name,
    retailPriceFen: r.retail_price_fen,
    status: r.status as ProductStatus,
    thumbnailUrl: thumbnailUrl(r.main_image),
  }));
}

export async function getSku(db: Db, id: number) {
  const row = await repo.skuById(db, id);
  if (!row) throw notFound(ProductMessages.skuNotFound);
  return skuRecord(row);
}

/** How many products use the brand or category (product master data refuses to delete a used one). */
export function countProductsUsing(db: Db, column: 'brand_id' | 'category_id', id: number): Promise<number> {
  return repo.countProductsWhere(db, column, id);
}

/** How many SKUs use any of the colours or sizes. */
export function countSkusUsing(db: Db, column: 'colour_id' | 'size_id', ids: readonly number[]): Promise<number> {
  return repo.countSkusWhere(db, column, ids);
}
