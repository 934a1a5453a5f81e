import { sql, type ExpressionBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { StockDocKind, StockDocStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import type { Database, StockDocsTable } from '../../db/schema.ts';
import { containsPattern, countRows, fetchPage } from '../../db/paging.ts';
import { joinSkuLabel } from '../../db/sku-label.ts';
import { warehousesInScope, type WarehouseScope } from '../warehouses/warehouse-scope.ts';

/** All SQL of the stock documents' headers, lines and scans. */

/** The warehouses of the scope, as a condition on a warehouse id column. */
function warehouseIdInScope(
  eb: ExpressionBuilder<Database, 'stock_docs'>,
  column: 'stock_docs.warehouse_id' | 'stock_docs.to_warehouse_id',
  scope: WarehouseScope,
): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  if (scope.kind === 'shop') return eb(column, 'in', eb.selectFrom('warehouses').select('warehouses.id').where('warehouses.shop_id', '=', scope.shopId));
  if (scope.kind === 'agent') {
    return eb(column, 'in', eb.selectFrom('warehouses').innerJoin('shops', 'shops.id', 'warehouses.shop_id').select('warehouses.id').where('shops.agent_id', '=', scope.agentId));
  }
  return sql<SqlBool>`false`;
}

/** A document is visible when its own or its destination warehouse is in the scope. */
export function docInScope(eb: ExpressionBuilder<Database, 'stock_docs'>, scope: WarehouseScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  return eb.or([warehouseIdInScope(eb, 'stock_docs.warehouse_id', scope), warehouseIdInScope(eb, 'stock_docs.to_warehouse_id', scope)]);
}

export type DocRow = StockDocsTable extends infer T ? { [K in keyof T]: T[K] extends import('kysely').ColumnType<infer S, unknown, unknown> ? S : T[K] } : never;

/** Locks the header for a change (FOR UPDATE): two calls on one document queue here. */
export function lockDoc(trx: Db, id: number) {
  return lockQuery(trx, id).executeTakeFirst() as Promise<DocRow | undefined>;
}

/** lockDoc's statement, not run (posting-lines.repo.ts sends it with the lines' read). */
export const lockQuery = (trx: Db, id: number) => trx.selectFrom('stock_docs').selectAll().where('id', '=', id).forUpdate();

export function isDocInScope(db: Db, id: number, scope: WarehouseScope): Promise<boolean> {
  return db
    .selectFrom('stock_docs')
    .select('id')
    .where('id', '=', id)
    .where((eb) => docInScope(eb, scope))
    .executeTakeFirst()
    .then(Boolean);
}

export interface DocFilter {
  kind: StockDocKind;
  status?: StockDocStatus;
  bizType?: string;
  warehouseId?: number;
  docNo?: string;
  from?: string;
  to?: string;
  sourceType?: string;
  sourceId?: number;
  /** only documents whose destination warehouse is in the scope (what the caller receives); not a list filter */
  destinationInScope?: boolean;
}

function headers(db: Db) {
  return db
    .selectFrom('stock_docs')
    .innerJoin('warehouses as w', 'w.id', 'stock_docs.warehouse_id')
    .leftJoin('warehouses as tw', 'tw.id', 'stock_docs.to_warehouse_id')
    .leftJoin('shops as sh', 'sh.id', 'stock_docs.shop_id')
    .leftJoin('suppliers as su', 'su.id', 'stock_docs.supplier_id')
    .leftJoin('users as cu', 'cu.id', 'stock_docs.created_by')
    .leftJoin('users as pu', 'pu.id', 'stock_docs.posted_by');
}

export const HEADER_COLUMNS = [
  'stock_docs.id',
  'stock_docs.kind',
  'stock_docs.doc_no',
  'stock_docs.biz_type',
  'stock_docs.status',
  'stock_docs.warehouse_id',
  'w.name as warehouse_name',
  'stock_docs.to_warehouse_id',
  'tw.name as to_warehouse_name',
  'stock_docs.transit_warehouse_id',
  'stock_docs.shop_id',
  'sh.name as shop_name',
  'stock_docs.supplier_id',
  'su.name as supplier_name',
  'stock_docs.source_type',
  'stock_docs.source_id',
  'stock_docs.source_no',
  'stock_docs.shelf_ids',
  'stock_docs.scan_started',
  'stock_docs.difference_reason',
  'stock_docs.remark',
  'stock_docs.total_quantity',
  'stock_docs.total_actual',
  'stock_docs.line_count',
  'stock_docs.expected_date',
  'cu.name as created_by_name',
  'stock_docs.created_at',
  'stock_docs.submitted_at',
  'stock_docs.shipped_at',
  'pu.name as posted_by_name',
  'stock_docs.posted_at',
  'stock_docs.voided_at',
  'stock_docs.void_reason',
] as const;

/** The documents of the scope under the list's filter: the list and its counts read the same rows. */
function filteredDocs(db: Db, scope: WarehouseScope, filter: DocFilter) {
  let base = headers(db)
    .where('stock_docs.kind', '=', filter.kind)
    .where((eb) => docInScope(eb, scope));
  if (filter.status) base = base.where('stock_docs.status', '=', filter.status);
  if (filter.bizType) base = base.where('stock_docs.biz_type', '=', filter.bizType);
  if (filter.warehouseId !== undefined) {
    const id = filter.warehouseId;
    base = base.where((eb) => eb.or([eb('stock_docs.warehouse_id', '=', id), eb('stock_docs.to_warehouse_id', '=', id)]));
  }
  if (filter.docNo)
    base = base.where((eb) => eb.or([eb('stock_docs.doc_no', 'ilike', containsPattern(filter.docNo!)), eb('stock_docs.source_no', 'ilike', containsPattern(filter.docNo!))]));
  if (filter.from) base = base.where('stock_docs.created_at', '>=', new Date(`${filter.from}T00:00:00+08:00`));
  if (filter.to) base = base.where('stock_docs.created_at', '<', new Date(new Date(`${filter.to}T00:00:00+08:00`).getTime() + 86_400_000));
  if (filter.sourceType) base = base.where('stock_docs.source_type', '=', filter.sourceType);
  if (filter.sourceId !== undefined) base = base.where('stock_docs.source_id', '=', filter.sourceId);
  if (filter.destinationInScope) base = base.where((eb) => warehouseIdInScope(eb, 'stock_docs.to_warehouse_id', scope));
  return base;
}

export async function pageDocs(
  db: Db,
  scope: WarehouseScope,
  filter: DocFilter,
  page: { limit: number; offset: number; sortColumn: 'id' | 'doc_no' | 'created_at' | 'posted_at' | 'total_quantity'; order: 'asc' | 'desc' },
) {
  const base = filteredDocs(db, scope, filter);
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const column = sql.ref(`stock_docs.${page.sortColumn}`);
  // document lists grow without end: count up to the cap, not the whole history on every page
  return fetchPage(base, (q) => q.select(HEADER_COLUMNS).orderBy(sql`${column} ${direction} nulls last, stock_docs.id desc`), page, { count: 'capped' });
}

export type HeaderRow = Awaited<ReturnType<typeof pageDocs>>['records'][number];

/** How many documents the list shows under `filter`, counting at most `cap` (then `capped`). */
export const countDocs = (db: Db, scope: WarehouseScope, filter: DocFilter, cap: number) => countRows(filteredDocs(db, scope, filter), cap);

/** The document with this number, of any kind, in the scope (exact match). */
export function findDocByNo(db: Db, docNo: string, scope: WarehouseScope) {
  return db
    .selectFrom('stock_docs')
    .select(['stock_docs.id', 'stock_docs.kind', 'stock_docs.doc_no', 'stock_docs.status'])
    .where('stock_docs.doc_no', '=', docNo)
    .where((eb) => docInScope(eb, scope))
    .executeTakeFirst();
}

const LINE_COLUMNS = [
  'l.id',
  'l.line_no',
  'l.leg',
  'l.sku_id',
  'p.id as product_id',
  'p.style_no',
  'p.name as product_name',
  'p.main_image as image_url',
  'c.name as colour_name',
  'z.name as size_name',
  'k.barcode',
  'l.material_id',
  'm.code as material_code',
  'm.name as material_name',
  'l.shelf_id',
  's.code as shelf_code',
  'l.quantity',
  'l.actual_quantity',
  'l.unit_cost_fen',
  'l.unit_price_fen',
  'l.box_no',
  'l.remark',
] as const;

const linesFrom = (db: Db) => db.selectFrom('stock_doc_lines as l');

function linesOf(from: ReturnType<typeof linesFrom>) {
  return joinSkuLabel(from, 'l.sku_id').leftJoin('materials as m', 'm.id', 'l.material_id').leftJoin('shelves as s', 's.id', 'l.shelf_id').select(LINE_COLUMNS);
}

export function findLines(db: Db, docId: number) {
  return linesOf(linesFrom(db)).where('l.doc_id', '=', docId).orderBy('l.line_no').execute();
}

/** A document with its lines in one statement (the detail page's GET; writes answer the header: findRecordQuery). */
export function findDetail(db: Db, id: number, scope: WarehouseScope) {
  return findDetailQuery(db, id, scope).executeTakeFirst();
}

export type DetailRow = NonNullable<Awaited<ReturnType<typeof findDetail>>>;

/**
 * The header as the list shows it, not run: a transition's closing statement and a creation end
 * with it (a write answers the header; its lines are read with the document's GET), where a CTE of
 * the header's name holds the one row (id null: no filter by id).
 */
export function findRecordQuery(db: Db, id: number | null, scope: WarehouseScope) {
  const query = headers(db)
    .select(HEADER_COLUMNS)
    .where((eb) => docInScope(eb, scope));
  return id === null ? query : query.where('stock_docs.id', '=', id);
}

/** The query of findDetail, not run: the header with its lines. */
export function findDetailQuery(db: Db, id: number, scope: WarehouseScope) {
  return headers(db)
    .select(HEADER_COLUMNS)
    .select((eb) =>
      // the subquery is correlated to the header by its id
      jsonArrayFrom(
        linesOf(eb.selectFrom('stock_doc_lines as l') as unknown as ReturnType<typeof linesFrom>)
          .where('l.doc_id', '=', sql<number>`stock_docs.id`)
          .orderBy('l.line_no'),
      ).as('lines'),
    )
    .where((eb) => docInScope(eb, scope))
    .where('stock_docs.id', '=', id);
}

export type LineRow = Awaited<ReturnType<typeof findLines>>[number];

export interface LineValues {
  leg: '' | 'in' | 'out';
  sku_id: number | null;
  material_id: number | null;
  shelf_id: number | null;
  quantity: number;
  actual_quantity: number | null;
  unit_cost_fen: number | null;
  box_no: string;
  remark: string;
  /** a document made by another module: the selling price it carries (配货出库) */
  unit_price_fen?: number | null;
  /** a document made by another module: the source document's line (an order line) */
  source_line_id?: number | null;
}

/** Replaces the lines (draft documents only) and refreshes the header totals. */
export async function replaceLines(trx: Db, docId: number, lines: readonly LineValues[]): Promise<void> {
  await trx.deleteFrom('stock_doc_lines').where('doc_id', '=', docId).execute();
  await insertLines(trx, docId, lines);
  await refreshTotals(trx, docId);
}

/**
 * The INSERT of a document's lines, not run: the lines travel as arrays (one parameter per column
 * whatever their number; line_no follows their order); `docId` is the document's id, or the id
 * column of a new header's CTE named in `from`.
 */
// The line columns in the statement's order, each with its array type and its column default:
// a column whose every value is the default is left out (the database fills it in), so a plain
// 5-line document sends 2 arrays, not 9, and the database parses 2.
export const LINE_ARRAYS: readonly [keyof LineValues, string, null | ''][] = [
  ['leg', 'text[]', ''],
  ['sku_id', 'bigint[]', null],
  ['material_id', 'bigint[]', null],
  ['shelf_id', 'bigint[]', null],
  ['quantity', 'integer[]', null],
  ['actual_quantity', 'integer[]', null],
  ['unit_cost_fen', 'integer[]', null],
  ['box_no', 'text[]', ''],
  ['remark', 'text[]', ''],
  ['unit_price_fen', 'integer[]', null],
  ['source_line_id', 'bigint[]', null],
];

export function linesInsert(lines: readonly LineValues[], docId: RawBuilder<number>, from?: RawBuilder<unknown>) {
  const columns = LINE_ARRAYS.filter(([key, , byDefault]) => key === 'quantity' || lines.some((l) => (l[key] ?? null) !== byDefault));
  const names = sql.raw(columns.map(([key]) => key).join(', '));
  const picked = sql.raw(columns.map(([key]) => `t.${key}`).join(', '));
  const arrays = sql.join(columns.map(([key, type]) => sql`${lines.map((l) => l[key] ?? null)}::${sql.raw(type)}`));
  return sql`
    INSERT INTO stock_doc_lines (doc_id, line_no, ${names})
    SELECT ${docId}, t.line_no, ${picked}
    FROM ${from ? sql`${from}, ` : sql``}unnest(${arrays}) WITH ORDINALITY AS t (${names}, line_no)`;
}

/** The lines of a new document (its header already carries their totals: see lineTotals). */
export async function insertLines(trx: Db, docId: number, lines: readonly LineValues[]): Promise<void> {
  if (lines.length) await linesInsert(lines, sql`${docId}::bigint`).execute(trx);
}

/** The header totals of a set of lines (what refreshTotals computes in the database). */
export const lineTotals = (lines: readonly LineValues[]) => ({
  total_quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
  total_actual: lines.reduce((sum, l) => sum + (l.actual_quantity ?? 0), 0),
  line_count: lines.length,
});

export async function refreshTotals(trx: Db, docId: number): Promise<void> {
  await sql`
    UPDATE stock_docs d SET
      total_quantity = t.q, total_actual = t.a, line_count = t.n, updated_at = now()
    FROM (SELECT coalesce(sum(quantity), 0)::int AS q, coalesce(sum(actual_quantity), 0)::int AS a, count(*)::int AS n
          FROM stock_doc_lines WHERE doc_id = ${docId}) t
    WHERE d.id = ${docId}`.execute(trx);
}

/** The header update, not run; it returns the whole row (a closing statement's answer reads it). */
export function updateDocQuery(trx: Db, id: number, values: Record<string, unknown>) {
  return trx
    .updateTable('stock_docs')
    .set({ ...(values as object), updated_at: sql`now()` } as never)
    .where('id', '=', id)
    .returningAll();
}

export function updateDoc(trx: Db, id: number, values: Record<string, unknown>) {
  return updateDocQuery(trx, id, values).execute();
}

/** What a document posted and has not reversed, per item (positive quantities): a source hook's lines. */
export async function postedItems(trx: Db, docId: number) {
  const rows = await trx
    .selectFrom('stock_moves as m')
    .select(['m.sku_id', 'm.material_id', (eb) => eb.fn.sum<number>('m.quantity').as('quantity')])
    .where('m.document_type', '=', 'stock_doc')
    .where('m.doc_id', '=', docId)
    .where('m.reverses_move_id', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('stock_moves as r').select('r.id').whereRef('r.reverses_move_id', '=', 'm.id'))))
    .groupBy(['m.sku_id', 'm.material_id'])
    .execute();
  return rows.map((r) => ({ skuId: r.sku_id, materialId: r.material_id, quantity: Math.abs(Number(r.quantity)) })).filter((r) => r.quantity > 0);
}

/** Lifts the stocktake freezes a document holds. */
export function liftFreezes(trx: Db, docId: number) {
  return trx.deleteFrom('stock_freezes').where('doc_type', '=', 'stocktake').where('doc_id', '=', docId).execute();
}

export function skuByBarcode(trx: Db, barcode: string) {
  return trx.selectFrom('skus').select(['id', 'status']).where('barcode', '=', barcode).executeTakeFirst();
}

export function scanLog(db: Db, docId: number) {
  return joinSkuLabel(db.selectFrom('stock_doc_scans as sc'), 'sc.sku_id')
    .leftJoin('shelves as s', 's.id', 'sc.shelf_id')
    .leftJoin('users as u', 'u.id', 'sc.created_by')
    .select([
      'sc.id',
      'sc.barcode',
      'sc.sku_id',
      'p.style_no',
      'c.name as colour_name',
      'z.name as size_name',
      'sc.delta',
      'sc.box_no',
      's.code as shelf_code',
      'sc.result',
      'u.name as created_by_name',
      'sc.created_at',
    ])
    .where('sc.doc_id', '=', docId)
    .orderBy('sc.id', 'desc')
    .execute();
}

/** The enabled transit warehouse with the lowest id. */
export function transitWarehouse(db: Db) {
  return db.selectFrom('warehouses').select('id').where('type', '=', 'transit').where('enabled', '=', true).orderBy('id').limit(1).executeTakeFirst();
}

/** The warehouse when it is in the scope. */
export function warehouseInScopeById(db: Db, id: number, scope: WarehouseScope) {
  return db
    .selectFrom('warehouses')
    .select('warehouses.id')
    .where('warehouses.id', '=', id)
    .where((eb) => warehousesInScope(eb, scope))
    .executeTakeFirst();
}
