import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import type { ShopInventoryReportsTable } from '../../db/schema-shop-inventory.ts';
import { joinSkuLabel } from '../../db/sku-label.ts';
import { warehousesInScope, type WarehouseScope } from '../warehouses/warehouse-scope.ts';

/** All SQL of 库存上报 (shop_inventory_reports, shop_inventory_lines). */

export type ReportSortColumn = 'r.created_at' | 'r.count_date' | 'r.doc_no' | 'r.total_quantity';

/** A report's warehouse is in the scope (HQ: no condition). */
function inScope(eb: ExpressionBuilder<Database, 'shop_inventory_reports'>, scope: WarehouseScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  return eb(
    'shop_inventory_reports.warehouse_id',
    'in',
    eb
      .selectFrom('warehouses')
      .select('warehouses.id')
      .where((w) => warehousesInScope(w, scope)),
  );
}

export function lockReport(trx: Db, id: number) {
  return trx.selectFrom('shop_inventory_reports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}
export type ReportRow = NonNullable<Awaited<ReturnType<typeof lockReport>>>;

export async function isReportInScope(db: Db, id: number, scope: WarehouseScope): Promise<boolean> {
  const row = await db
    .selectFrom('shop_inventory_reports')
    .select('id')
    .where('id', '=', id)
    .where((eb) => inScope(eb, scope))
    .executeTakeFirst();
  return !!row;
}

export function updateReportQuery(trx: Db, id: number, values: Record<string, unknown>) {
  return trx
    .updateTable('shop_inventory_reports')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll();
}

export async function setReport(trx: Db, id: number, values: Updateable<ShopInventoryReportsTable>): Promise<void> {
  await trx
    .updateTable('shop_inventory_reports')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function insertReport(trx: Db, values: Insertable<ShopInventoryReportsTable>): Promise<number> {
  const row = await trx.insertInto('shop_inventory_reports').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Replaces the lines and the header's totals. */
export async function replaceLines(trx: Db, reportId: number, lines: readonly { skuId: number; quantity: number }[]): Promise<void> {
  await trx.deleteFrom('shop_inventory_lines').where('report_id', '=', reportId).execute();
  if (lines.length) {
    await trx
      .insertInto('shop_inventory_lines')
      .values(lines.map((l, i) => ({ report_id: reportId, line_no: i + 1, sku_id: l.skuId, quantity: l.quantity })))
      .execute();
  }
  await setReport(trx, reportId, { total_quantity: lines.reduce((s, l) => s + l.quantity, 0), line_count: lines.length });
}

/** The counted quantity per SKU, in line order. */
export function countsOf(db: Db, reportId: number) {
  return db.selectFrom('shop_inventory_lines').select(['sku_id', 'quantity']).where('report_id', '=', reportId).orderBy('line_no').execute();
}

/** A shop warehouse the scope may report for (or any warehouse with that id, to tell what is wrong). */
export function warehouseFor(db: Db, id: number, scope: WarehouseScope) {
  return db
    .selectFrom('warehouses')
    .select(['id', 'type', 'shop_id', 'enabled'])
    .where('id', '=', id)
    .where((eb) => warehousesInScope(eb, scope))
    .executeTakeFirst();
}

export function shopWarehouseOptions(db: Db, scope: WarehouseScope) {
  return db
    .selectFrom('warehouses')
    .innerJoin('shops', 'shops.id', 'warehouses.shop_id')
    .select(['warehouses.id', 'warehouses.code', 'warehouses.name', 'shops.name as shopName'])
    .where('warehouses.type', '=', 'shop')
    .where('warehouses.enabled', '=', true)
    .where((eb) => warehousesInScope(eb, scope))
    .orderBy('warehouses.code')
    .execute();
}

/** Which of the SKU ids exist. */
export async function existingSkus(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('skus').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** The labels of SKUs (style no., name, colour, size, barcode). */
export function skuLabels(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return joinSkuLabel(db.selectFrom('skus'), 'skus.id', 'inner')
    .select(['k.id', 'p.style_no', 'p.name as product_name', 'c.name as colour_name', 'z.name as size_name', 'k.barcode', 'c.sort as colour_sort', 'z.sort as size_sort'])
    .where('k.id', 'in', ids)
    .execute();
}
export type SkuLabel = Awaited<ReturnType<typeof skuLabels>>[number];

const reporterName = sql<string>`CASE r.reporter_type WHEN 'hq' THEN '总部' WHEN 'agent' THEN coalesce(ra.name, '') ELSE coalesce(rs.name, '') END`;

function withNames(db: Db) {
  return db
    .selectFrom('shop_inventory_reports as r')
    .innerJoin('warehouses as w', 'w.id', 'r.warehouse_id')
    .innerJoin('shops as s', 's.id', 'r.shop_id')
    .leftJoin('agents as ra', (j) => j.onRef('ra.id', '=', 'r.reporter_id').on('r.reporter_type', '=', 'agent'))
    .leftJoin('shops as rs', (j) => j.onRef('rs.id', '=', 'r.reporter_id').on('r.reporter_type', '=', 'shop'))
    .leftJoin('stock_docs as d', 'd.id', 'r.stocktake_doc_id')
    .leftJoin('users as cu', 'cu.id', 'r.created_by')
    .leftJoin('users as au', 'au.id', 'r.audited_by');
}

const columns = [
  'r.id',
  'r.doc_no',
  'r.warehouse_id',
  'w.code as warehouse_code',
  'w.name as warehouse_name',
  'r.shop_id',
  's.name as shop_name',
  'r.reporter_type',
  reporterName.as('reporter_name'),
  sql<string>`to_char(r.count_date, 'YYYY-MM-DD')`.as('count_date'),
  'r.status',
  'r.reject_reason',
  'r.remark',
  'r.total_quantity',
  'r.line_count',
  'r.stocktake_doc_id',
  sql<string>`coalesce(d.doc_no, '')`.as('stocktake_no'),
  sql<string>`coalesce(cu.name, cu.account, '')`.as('created_by_name'),
  'r.created_at',
  'r.submitted_at',
  sql<string>`coalesce(au.name, au.account, '')`.as('audited_by_name'),
  'r.audited_at',
  'r.posted_at',
] as const;

export interface ReportFilter {
  keyword?: string;
  warehouseId?: number;
  status?: ReportRow['status'];
  from?: string;
  to?: string;
}

export async function pageReports(
  db: Db,
  scope: WarehouseScope,
  filter: ReportFilter,
  page: { limit: number; offset: number; sortColumn: ReportSortColumn; order: 'asc' | 'desc' },
) {
  let base = withNames(db);
  if (scope.kind !== 'all')
    base = base.where('r.warehouse_id', 'in', (eb) =>
      eb
        .selectFrom('warehouses')
        .select('warehouses.id')
        .where((w) => warehousesInScope(w, scope)),
    );
  if (filter.status) base = base.where('r.status', '=', filter.status);
  if (filter.warehouseId) base = base.where('r.warehouse_id', '=', filter.warehouseId);
  if (filter.from) base = base.where('r.count_date', '>=', filter.from);
  if (filter.to) base = base.where('r.count_date', '<=', filter.to);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('r.doc_no', 'ilike', pattern), eb('w.name', 'ilike', pattern), eb('s.name', 'ilike', pattern)]));
  }
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  return fetchPage(base, (q) => q.select([...columns]).orderBy(sql`${sql.raw(page.sortColumn)} ${direction}, r.id ${direction}`), page);
}

export function reportById(db: Db, id: number) {
  return withNames(db)
    .select([...columns])
    .where('r.id', '=', id)
    .executeTakeFirst();
}
export type ReportRecordRow = NonNullable<Awaited<ReturnType<typeof reportById>>>;

/** The counted lines with their SKU labels, in line order. */
export function linesOf(db: Db, reportId: number) {
  return joinSkuLabel(db.selectFrom('shop_inventory_lines as l'), 'l.sku_id', 'inner')
    .select(['l.sku_id', 'l.quantity', 'p.style_no', 'p.name as product_name', 'c.name as colour_name', 'z.name as size_name', 'k.barcode'])
    .where('l.report_id', '=', reportId)
    .orderBy('l.line_no')
    .execute();
}

/** Forgets the stocktake that posted a report's differences (it was voided). */
export async function unlinkStocktake(trx: Db, reportId: number, stocktakeId: number): Promise<void> {
  await trx
    .updateTable('shop_inventory_reports')
    .set({ stocktake_doc_id: null, posted_by: null, posted_at: null, updated_at: new Date() })
    .where('id', '=', reportId)
    .where('stocktake_doc_id', '=', stocktakeId)
    .execute();
}

/** A 库存上报 by its exact number, whoever's. */
export function findReportIdByNo(db: Db, docNo: string) {
  return db.selectFrom('shop_inventory_reports').select('id').where('doc_no', '=', docNo).executeTakeFirst();
}
