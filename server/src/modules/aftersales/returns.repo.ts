import { type ExpressionBuilder, sql, type SqlBool, type Expression } from 'kysely';
import { RETURN_HOLDING_STATUSES, type ReturnKind, type ReturnStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { joinSkuLabel } from '../../db/sku-label.ts';
import { containsPattern, countRows, fetchPage } from '../../db/paging.ts';
import type { PartyScope } from '../../http/request-context.ts';

/** All SQL of 退货单/换货单 (sales_returns) and their lines. */

export type ReturnSort = 'sales_returns.id' | 'sales_returns.return_no' | 'sales_returns.created_at' | 'sales_returns.total_quantity' | 'sales_returns.total_amount_fen';

/** HQ reads all; an agent its shops' returns; a shop its own; anyone else none. */
export function returnsInScope(eb: ExpressionBuilder<Database, 'sales_returns'>, scope: PartyScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  if (scope.kind === 'agent') return eb('sales_returns.agent_id', '=', scope.agentId);
  if (scope.kind === 'shop') return eb('sales_returns.shop_id', '=', scope.shopId);
  return sql<SqlBool>`false`;
}

/** How many of a kind in a status the scope sees (the workbench's to-dos), up to `cap` + 1. */
export function countReturns(db: Db, scope: PartyScope, kind: ReturnKind, status: ReturnStatus, cap: number) {
  return countRows(
    db
      .selectFrom('sales_returns')
      .where('sales_returns.kind', '=', kind)
      .where('sales_returns.status', '=', status)
      .where((eb) => returnsInScope(eb, scope)),
    cap,
  );
}

export function lockReturn(trx: Db, id: number) {
  return trx.selectFrom('sales_returns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}
export type ReturnRow = Awaited<ReturnType<typeof lockReturn>> & object;

/** The row without a lock, in the scope (to learn which stock documents to lock first). */
export function peekReturn(db: Db, scope: PartyScope, kind: ReturnKind, id: number) {
  return db
    .selectFrom('sales_returns')
    .selectAll()
    .where('sales_returns.id', '=', id)
    .where('sales_returns.kind', '=', kind)
    .where((eb) => returnsInScope(eb, scope))
    .executeTakeFirst();
}

export interface ReturnFilter {
  kind: ReturnKind;
  status?: ReturnStatus;
  shopId?: number;
  seasonId?: number;
  keyword?: string;
  from?: string;
  to?: string;
}

function headers(db: Db) {
  return db
    .selectFrom('sales_returns')
    .innerJoin('ordering_seasons as se', 'se.id', 'sales_returns.season_id')
    .innerJoin('shops as sh', 'sh.id', 'sales_returns.shop_id')
    .innerJoin('warehouses as w', 'w.id', 'sales_returns.warehouse_id')
    .leftJoin('warehouses as hw', 'hw.id', 'sales_returns.hq_warehouse_id')
    .leftJoin('stock_docs as sd', 'sd.id', 'sales_returns.stock_doc_id')
    .leftJoin('stock_docs as od', 'od.id', 'sales_returns.out_doc_id')
    .leftJoin('users as cu', 'cu.id', 'sales_returns.created_by')
    .leftJoin('agents as ba', (j) => j.on('sales_returns.billed_type', '=', 'agent').onRef('ba.id', '=', 'sales_returns.billed_id'))
    .leftJoin('shops as bs', (j) => j.on('sales_returns.billed_type', '=', 'shop').onRef('bs.id', '=', 'sales_returns.billed_id'))
    .leftJoin('agents as ya', (j) => j.on('sales_returns.buyer_type', '=', 'agent').onRef('ya.id', '=', 'sales_returns.buyer_id'))
    .leftJoin('shops as ys', (j) => j.on('sales_returns.buyer_type', '=', 'shop').onRef('ys.id', '=', 'sales_returns.buyer_id'));
}

const HEADER_COLUMNS = [
  'sales_returns.id',
  'sales_returns.return_no',
  'sales_returns.kind',
  'sales_returns.season_id',
  'se.name as season_name',
  'sales_returns.shop_id',
  'sh.name as shop_name',
  'sales_returns.warehouse_id',
  'w.name as warehouse_name',
  'sales_returns.buyer_type',
  'sales_returns.buyer_id',
  sql<string>`coalesce(ya.name, ys.name, '')`.as('buyer_name'),
  'sales_returns.billed_type',
  'sales_returns.billed_id',
  sql<string>`coalesce(ba.name, bs.name, '')`.as('billed_name'),
  'sales_returns.status',
  'sales_returns.reason',
  'sales_returns.remark',
  'sales_returns.reject_reason',
  'sales_returns.hq_warehouse_id',
  'hw.name as hq_warehouse_name',
  'sales_returns.stock_doc_id',
  'sd.doc_no as stock_doc_no',
  'sd.kind as stock_doc_kind',
  'sd.status as stock_doc_status',
  'sales_returns.out_doc_id',
  'od.doc_no as out_doc_no',
  'od.status as out_doc_status',
  'sd.difference_reason',
  'sales_returns.total_quantity',
  'sales_returns.total_amount_fen',
  'sales_returns.approved_quantity',
  'sales_returns.approved_amount_fen',
  'sales_returns.out_quantity',
  'sales_returns.out_amount_fen',
  'sales_returns.received_quantity',
  'sales_returns.settled_fen',
  sql<string>`coalesce(cu.name, cu.account, '')`.as('created_by_name'),
  'sales_returns.created_at',
  'sales_returns.submitted_at',
  'sales_returns.audited_at',
  'sales_returns.done_at',
] as const;

export async function pageReturns(db: Db, scope: PartyScope, filter: ReturnFilter, page: { limit: number; offset: number; sortColumn: ReturnSort; order: 'asc' | 'desc' }) {
  let base = headers(db)
    .where((eb) => returnsInScope(eb as unknown as ExpressionBuilder<Database, 'sales_returns'>, scope))
    .where('sales_returns.kind', '=', filter.kind);
  if (filter.status) base = base.where('sales_returns.status', '=', filter.status);
  if (filter.shopId !== undefined) base = base.where('sales_returns.shop_id', '=', filter.shopId);
  if (filter.seasonId !== undefined) base = base.where('sales_returns.season_id', '=', filter.seasonId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('sales_returns.return_no', 'ilike', pattern), eb('sh.name', 'ilike', pattern), eb('sh.code', 'ilike', pattern)]));
  }
  if (filter.from) base = base.where('sales_returns.created_at', '>=', new Date(`${filter.from}T00:00:00+08:00`));
  if (filter.to) base = base.where('sales_returns.created_at', '<', new Date(new Date(`${filter.to}T00:00:00+08:00`).getTime() + 86_400_000));
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const column = sql.ref(page.sortColumn);
  return fetchPage(base, (q) => q.select(HEADER_COLUMNS).orderBy(sql`${column} ${direction}, sales_returns.id desc`), page);
}

export type ReturnHeaderRow = Awaited<ReturnType<typeof pageReturns>>['records'][number];

export function findReturn(db: Db, scope: PartyScope, kind: ReturnKind, id: number) {
  return headers(db)
    .select(HEADER_COLUMNS)
    .where('sales_returns.id', '=', id)
    .where('sales_returns.kind', '=', kind)
    .where((eb) => returnsInScope(eb as unknown as ExpressionBuilder<Database, 'sales_returns'>, scope))
    .executeTakeFirst();
}

export function findReturnLines(db: Db, returnId: number) {
  return db
    .selectFrom('sales_return_lines as l')
    .$call((q) => joinSkuLabel(q, 'l.sku_id', 'inner'))
    .leftJoin('sales_order_lines as ol', 'ol.id', 'l.order_line_id')
    .leftJoin('sales_orders as o', 'o.id', 'ol.order_id')
    .select([
      'l.id',
      'l.line_no',
      'l.leg',
      'l.order_line_id',
      'ol.order_id',
      sql<string>`coalesce(o.order_no, '')`.as('order_no'),
      'l.sku_id',
      'l.product_id',
      'p.style_no',
      'p.name as product_name',
      'c.name as colour_name',
      'z.name as size_name',
      'k.barcode',
      'l.quantity',
      'l.approved_quantity',
      'l.cut_reason',
      'l.received_quantity',
      'l.defective_quantity',
      'l.unit_price_fen',
    ])
    .where('l.return_id', '=', returnId)
    .orderBy('l.line_no')
    .execute();
}
export type ReturnLineRow = Awaited<ReturnType<typeof findReturnLines>>[number];

/** The lines as stored, for the actions (the return's row is locked already). */
export function linesOf(trx: Db, returnId: number) {
  return trx
    .selectFrom('sales_return_lines as l')
    .innerJoin('skus as k', 'k.id', 'l.sku_id')
    .select(['l.id', 'l.leg', 'l.order_line_id', 'l.product_id', 'l.sku_id', 'l.quantity', 'l.approved_quantity', 'l.received_quantity', 'l.unit_price_fen', 'k.barcode'])
    .where('l.return_id', '=', returnId)
    .orderBy('l.line_no')
    .execute();
}
export type StoredLine = Awaited<ReturnType<typeof linesOf>>[number];

/** Pieces of each order line that returns other than `exceptId` hold (submitted or later, not rejected or voided). */
export async function heldByOrderLines(db: Db, orderLineIds: readonly number[], exceptId: number | null): Promise<Map<number, number>> {
  if (orderLineIds.length === 0) return new Map();
  let q = db
    .selectFrom('sales_return_lines as l')
    .innerJoin('sales_returns as r', 'r.id', 'l.return_id')
    .select(['l.order_line_id', sql<string>`sum(coalesce(l.approved_quantity, l.quantity))`.as('held')])
    .where('l.leg', '=', 'back')
    .where('l.order_line_id', 'in', [...orderLineIds])
    .where('r.status', 'in', [...RETURN_HOLDING_STATUSES])
    .groupBy('l.order_line_id');
  if (exceptId !== null) q = q.where('r.id', '<>', exceptId);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.order_line_id!, Number(r.held)]));
}

/** What a buyer's returns (or swaps) of a season other than `exceptId` hold of its allowance, at the lines' prices. */
export async function usedAllowance(db: Db, query: { kind: ReturnKind; seasonId: number; buyerType: string; buyerId: number; exceptId: number | null }): Promise<number> {
  let q = db
    .selectFrom('sales_return_lines as l')
    .innerJoin('sales_returns as r', 'r.id', 'l.return_id')
    .select(sql<string>`coalesce(sum(coalesce(l.approved_quantity, l.quantity)::bigint * l.unit_price_fen), 0)`.as('fen'))
    .where('l.leg', '=', 'back')
    .where('r.kind', '=', query.kind)
    .where('r.season_id', '=', query.seasonId)
    .where('r.buyer_type', '=', query.buyerType as 'agent' | 'shop')
    .where('r.buyer_id', '=', query.buyerId)
    .where('r.status', 'in', [...RETURN_HOLDING_STATUSES]);
  if (query.exceptId !== null) q = q.where('r.id', '<>', query.exceptId);
  return Number((await q.executeTakeFirstOrThrow()).fen);
}

/** One transaction at a time checks a buyer's season (returns of different order lines share its allowance). */
export async function lockBuyerSeason(trx: Db, seasonId: number, buyerType: string, buyerId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`sales_return:${seasonId}:${buyerType}:${buyerId}`}))`.execute(trx);
}

export interface ReturnHeaderValues {
  kind: ReturnKind;
  season_id: number;
  shop_id: number;
  warehouse_id: number;
  agent_id: number | null;
  buyer_type: 'agent' | 'shop';
  buyer_id: number;
  billed_type: 'agent' | 'shop' | null;
  billed_id: number | null;
  reason: string;
  remark: string;
}

export interface ReturnLineValues {
  leg: 'back' | 'out';
  order_line_id: number | null;
  product_id: number;
  sku_id: number;
  quantity: number;
  unit_price_fen: number;
}

const totalsOf = (lines: readonly ReturnLineValues[]) => {
  const back = lines.filter((l) => l.leg === 'back');
  const out = lines.filter((l) => l.leg === 'out');
  return {
    line_count: lines.length,
    total_quantity: back.reduce((s, l) => s + l.quantity, 0),
    total_amount_fen: back.reduce((s, l) => s + l.quantity * l.unit_price_fen, 0),
    out_quantity: out.reduce((s, l) => s + l.quantity, 0),
    out_amount_fen: out.reduce((s, l) => s + l.quantity * l.unit_price_fen, 0),
  };
};

async function insertLines(trx: Db, returnId: number, lines: readonly ReturnLineValues[]) {
  const rows = lines.map((l, i) => ({ ...l, return_id: returnId, line_no: i + 1 }));
  if (rows.length) await trx.insertInto('sales_return_lines').values(rows).execute();
}

export async function insertReturn(trx: Db, values: ReturnHeaderValues & { return_no: string; created_by: number }, lines: readonly ReturnLineValues[]): Promise<number> {
  const row = await trx
    .insertInto('sales_returns')
    .values({ ...values, ...totalsOf(lines) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLines(trx, row.id, lines);
  return row.id;
}

export async function replaceReturn(trx: Db, id: number, values: ReturnHeaderValues, lines: readonly ReturnLineValues[]): Promise<void> {
  await trx.deleteFrom('sales_return_lines').where('return_id', '=', id).execute();
  await insertLines(trx, id, lines);
  await trx
    .updateTable('sales_returns')
    .set({ ...values, ...totalsOf(lines), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteReturn(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('sales_returns').where('id', '=', id).execute();
}

/** The header update, built but not run (the kernel runs it with the transition's event). */
export function updateReturnQuery(trx: Db, id: number, values: Record<string, unknown>) {
  return trx
    .updateTable('sales_returns')
    .set({ ...(values as object), updated_at: sql`now()` } as never)
    .where('id', '=', id);
}

export function updateReturn(trx: Db, id: number, values: Record<string, unknown>) {
  return updateReturnQuery(trx, id, values).execute();
}

export async function setLineFigures(
  trx: Db,
  lineId: number,
  values: { approved_quantity?: number; cut_reason?: string; received_quantity?: number; defective_quantity?: number },
) {
  await trx.updateTable('sales_return_lines').set(values).where('id', '=', lineId).execute();
}

/** A shop with its warehouse and agent (for scope and the header). */
export function shopWithWarehouse(db: Db, shopId: number) {
  return db
    .selectFrom('shops as s')
    .leftJoin('warehouses as w', 'w.shop_id', 's.id')
    .select(['s.id', 's.name', 's.agent_id', 'w.id as warehouse_id'])
    .where('s.id', '=', shopId)
    .orderBy('w.id')
    .limit(1)
    .executeTakeFirst();
}

export function seasonById(db: Db, id: number) {
  return db.selectFrom('ordering_seasons').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** The seasons a return may name (newest first). */
export function seasons(db: Db) {
  return db.selectFrom('ordering_seasons').select(['id', 'name', 'code']).orderBy('opens_on', 'desc').orderBy('id', 'desc').limit(200).execute();
}

/** The shops the scope may return for, by code or name (pickers). */
export function shopsInScope(db: Db, scope: PartyScope, keyword: string | undefined) {
  let q = db.selectFrom('shops').select(['id', 'code', 'name']).where('shops.enabled', '=', true);
  if (scope.kind === 'agent') q = q.where('shops.agent_id', '=', scope.agentId);
  else if (scope.kind === 'shop') q = q.where('shops.id', '=', scope.shopId);
  else if (scope.kind !== 'all') q = q.where(sql<SqlBool>`false`);
  if (keyword) {
    const pattern = containsPattern(keyword);
    q = q.where((eb) => eb.or([eb('shops.code', 'ilike', pattern), eb('shops.name', 'ilike', pattern)]));
  }
  return q.orderBy('shops.code').limit(50).execute();
}

/** Barcodes of SKUs (for messages about lines the shop never received). */
export function skuLabels(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('skus as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .select(['k.id', 'k.barcode', 'k.product_id', 'p.style_no'])
    .where('k.id', 'in', [...ids])
    .execute();
}

/** A stock document's status (a swap's other leg, read under the swap's lock). */
export async function docStatus(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (await db.selectFrom('stock_docs').select('status').where('id', '=', id).executeTakeFirst())?.status ?? null;
}

/** A warehouse's type and state (HQ receiving, defective). */
export function warehouseById(db: Db, id: number) {
  return db.selectFrom('warehouses').select(['id', 'name', 'type', 'enabled']).where('id', '=', id).executeTakeFirst();
}

/** Names of agents and shops by `type:id` (the buyers a return may be for). */
export async function partyNames(db: Db, refs: readonly { type: 'agent' | 'shop'; id: number }[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const type of ['agent', 'shop'] as const) {
    const ids = [...new Set(refs.filter((r) => r.type === type).map((r) => r.id))];
    if (ids.length === 0) continue;
    const rows = await db
      .selectFrom(type === 'agent' ? 'agents' : 'shops')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) names.set(`${type}:${row.id}`, row.name);
  }
  return names;
}

/** A 退货单 or 换货单 by its exact number, whoever's. */
export function findReturnIdByNo(db: Db, returnNo: string) {
  return db.selectFrom('sales_returns').select(['id', 'kind']).where('return_no', '=', returnNo).executeTakeFirst();
}
