import { sql, type ExpressionBuilder } from 'kysely';
import type { WarehouseType } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { warehousesInScope, type WarehouseScope } from './warehouse-scope.ts';
import type { WarehouseSortColumn } from './warehouses.schema.ts';

/** A unique index said no (two people saving the same code, or a second warehouse for one shop). */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== '23505') return null;
  return String((error as { constraint?: unknown }).constraint ?? '');
}

const columns = (eb: ExpressionBuilder<Database, 'warehouses'>) =>
  [
    'warehouses.id',
    'warehouses.parent_id',
    'warehouses.code',
    'warehouses.name',
    'warehouses.type',
    'warehouses.shop_id',
    'warehouses.allow_negative',
    'warehouses.contact_name',
    'warehouses.phone',
    'warehouses.region',
    'warehouses.address',
    'warehouses.country',
    'warehouses.remark',
    'warehouses.enabled',
    'warehouses.created_at',
    'warehouses.updated_at',
    eb.fn.coalesce(eb.selectFrom('warehouses as p').select('p.name').whereRef('p.id', '=', 'warehouses.parent_id'), sql<string>`''`).as('parent_name'),
    eb.fn.coalesce(eb.selectFrom('shops').select('shops.name').whereRef('shops.id', '=', 'warehouses.shop_id'), sql<string>`''`).as('shop_name'),
    eb
      .selectFrom('warehouses as c')
      .select((c) => c.fn.countAll<number>().as('n'))
      .whereRef('c.parent_id', '=', 'warehouses.id')
      .as('child_count'),
    eb
      .selectFrom('shelves')
      .select((s) => s.fn.countAll<number>().as('n'))
      .whereRef('shelves.warehouse_id', '=', 'warehouses.id')
      .as('shelf_count'),
  ] as const;

export interface WarehouseFilter {
  keyword?: string;
  type?: WarehouseType;
  enabled?: boolean;
  shopId?: number;
  parentId?: number;
}

function filtered(db: Db, scope: WarehouseScope, filter: WarehouseFilter) {
  let base = db.selectFrom('warehouses').where((eb) => warehousesInScope(eb, scope));
  if (filter.type) base = base.where('warehouses.type', '=', filter.type);
  if (filter.enabled !== undefined) base = base.where('warehouses.enabled', '=', filter.enabled);
  if (filter.shopId !== undefined) base = base.where('warehouses.shop_id', '=', filter.shopId);
  if (filter.parentId !== undefined) base = base.where('warehouses.parent_id', '=', filter.parentId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) =>
      eb.or((['warehouses.code', 'warehouses.name', 'warehouses.contact_name', 'warehouses.phone', 'warehouses.address'] as const).map((c) => eb(c, 'ilike', pattern))),
    );
  }
  return base;
}

export function pageWarehouses(
  db: Db,
  scope: WarehouseScope,
  filter: WarehouseFilter,
  page: { limit: number; offset: number; sortColumn: WarehouseSortColumn; order: 'asc' | 'desc' },
) {
  return fetchPage(filtered(db, scope, filter), (query) => query.select(columns).orderBy(page.sortColumn, page.order).orderBy('warehouses.id', page.order), page);
}

export function listWarehouses(db: Db, scope: WarehouseScope, filter: WarehouseFilter) {
  return filtered(db, scope, filter).select(columns).orderBy('warehouses.code').orderBy('warehouses.id').execute();
}

export function findWarehouse(db: Db, scope: WarehouseScope, id: number) {
  return db
    .selectFrom('warehouses')
    .select(columns)
    .where('warehouses.id', '=', id)
    .where((eb) => warehousesInScope(eb, scope))
    .executeTakeFirst();
}
export type WarehouseRow = NonNullable<Awaited<ReturnType<typeof findWarehouse>>>;

/** The tree and the pickers read these few columns of every warehouse in scope. */
export function listWarehouseNodes(db: Db, scope: WarehouseScope, filter: { enabled?: boolean; type?: WarehouseType; shopId?: number }) {
  let query = db
    .selectFrom('warehouses')
    .select(['id', 'parent_id', 'code', 'name', 'type', 'shop_id', 'enabled', 'allow_negative'])
    .where((eb) => warehousesInScope(eb, scope));
  if (filter.enabled !== undefined) query = query.where('enabled', '=', filter.enabled);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.shopId !== undefined) query = query.where('shop_id', '=', filter.shopId);
  return query.orderBy('code').orderBy('id').execute();
}

/** Held until commit: edits, status changes and postings into the warehouse wait for each other. */
export function lockWarehouse(trx: Db, scope: WarehouseScope, id: number) {
  return trx
    .selectFrom('warehouses')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => warehousesInScope(eb, scope))
    .forUpdate()
    .executeTakeFirst();
}
export type LockedWarehouse = NonNullable<Awaited<ReturnType<typeof lockWarehouse>>>;

/** Serialises changes to the tree's shape (parent or type) for the rest of the transaction. */
export async function lockTree(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(160016)`.execute(trx);
}

/** The chain from `id` up to its root, nearest first (id itself included). */
export async function ancestorsOf(db: Db, id: number): Promise<{ id: number; type: WarehouseType; enabled: boolean }[]> {
  const result = await sql<{ id: number; type: WarehouseType; enabled: boolean; depth: number }>`
    WITH RECURSIVE chain (id, parent_id, type, enabled, depth) AS (
      SELECT id, parent_id, type, enabled, 1 FROM warehouses WHERE id = ${id}
      UNION ALL
      SELECT w.id, w.parent_id, w.type, w.enabled, chain.depth + 1
      FROM warehouses w JOIN chain ON w.id = chain.parent_id
      WHERE chain.depth < 64
    )
    SELECT id, type, enabled, depth FROM chain ORDER BY depth`.execute(db);
  return result.rows.map((r) => ({ id: Number(r.id), type: r.type, enabled: r.enabled }));
}

/** Levels of the subtree under `id` (1 for a leaf) and the types of its direct children. */
export async function subtreeOf(db: Db, id: number): Promise<{ depth: number; childTypes: WarehouseType[]; enabledChildren: number }> {
  const depth = await sql<{ depth: number }>`
    WITH RECURSIVE sub (id, depth) AS (
      SELECT id, 1 FROM warehouses WHERE id = ${id}
      UNION ALL
      SELECT w.id, sub.depth + 1 FROM warehouses w JOIN sub ON w.parent_id = sub.id WHERE sub.depth < 64
    )
    SELECT max(depth)::int AS depth FROM sub`.execute(db);
  const children = await db.selectFrom('warehouses').select(['type', 'enabled']).where('parent_id', '=', id).execute();
  return {
    depth: Number(depth.rows[0]?.depth ?? 1),
    childTypes: children.map((c) => c.type),
    enabledChildren: children.filter((c) => c.enabled).length,
  };
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('warehouses')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

/** Key-share locked: the shop cannot be deleted while its warehouse is saved. */
export function findShop(trx: Db, id: number) {
  return trx.selectFrom('shops').select(['id', 'name', 'enabled']).where('id', '=', id).forKeyShare().executeTakeFirst();
}

export async function shopWarehouseOf(db: Db, shopId: number, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('warehouses').select('id').where('shop_id', '=', shopId);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

/** Non-zero balances of the warehouse: how many rows, their sum, and how many are negative. */
export async function stockOf(db: Db, warehouseId: number): Promise<{ rows: number; quantity: number; negative: number }> {
  const row = await db
    .selectFrom('stock_balances')
    .select((eb) => [
      eb.fn.countAll<number>().as('rows'),
      eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('quantity'),
      sql<number>`count(*) FILTER (WHERE quantity < 0)`.as('negative'),
    ])
    .where('warehouse_id', '=', warehouseId)
    .where('quantity', '<>', 0)
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), quantity: Number(row.quantity), negative: Number(row.negative) };
}

export async function hasMoves(db: Db, warehouseId: number): Promise<boolean> {
  return !!(await db.selectFrom('stock_moves').select('id').where('warehouse_id', '=', warehouseId).limit(1).executeTakeFirst());
}

export async function hasShelves(db: Db, warehouseId: number): Promise<boolean> {
  return !!(await db.selectFrom('shelves').select('id').where('warehouse_id', '=', warehouseId).limit(1).executeTakeFirst());
}

export interface WarehouseValues {
  parent_id: number | null;
  code: string;
  name: string;
  type: WarehouseType;
  shop_id: number | null;
  allow_negative: boolean;
  contact_name: string;
  phone: string;
  region: string;
  address: string;
  country: string;
  remark: string;
  enabled: boolean;
}

export async function insertWarehouse(db: Db, values: WarehouseValues): Promise<number> {
  return (await db.insertInto('warehouses').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateWarehouse(db: Db, id: number, values: Partial<WarehouseValues>) {
  await db
    .updateTable('warehouses')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes a warehouse's row for one 配货 at a time (FOR NO KEY UPDATE: stock postings, whose rows only
 * reference the warehouse, go on); answers its type and whether it is enabled, or undefined.
 */
export function lockForAllocation(trx: Db, id: number) {
  return trx.selectFrom('warehouses').select(['id', 'name', 'type', 'enabled']).where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}
