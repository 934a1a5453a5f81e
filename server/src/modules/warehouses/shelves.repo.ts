import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { warehousesInScope, type WarehouseScope } from './warehouse-scope.ts';
import type { ShelfSortColumn } from './shelves.schema.ts';

const columns = (eb: ExpressionBuilder<Database, 'shelves' | 'warehouses'>) =>
  [
    'shelves.id',
    'shelves.warehouse_id',
    'shelves.code',
    'shelves.name',
    'shelves.sort',
    'shelves.enabled',
    'shelves.created_at',
    'shelves.updated_at',
    'warehouses.name as warehouse_name',
    eb.fn
      .coalesce(
        eb
          .selectFrom('stock_balances')
          .select((b) => b.fn.sum<number>('stock_balances.quantity').as('q'))
          .whereRef('stock_balances.shelf_id', '=', 'shelves.id'),
        sql<number>`0`,
      )
      .as('quantity'),
  ] as const;

/** Shelves joined to their warehouse, limited to warehouses in scope. */
function scoped(db: Db, scope: WarehouseScope) {
  return db
    .selectFrom('shelves')
    .innerJoin('warehouses', 'warehouses.id', 'shelves.warehouse_id')
    .where((eb) => warehousesInScope(eb, scope));
}

export function pageShelves(
  db: Db,
  scope: WarehouseScope,
  warehouseId: number,
  filter: { keyword?: string; enabled?: boolean },
  page: { limit: number; offset: number; sortColumn: ShelfSortColumn; order: 'asc' | 'desc' },
) {
  let base = scoped(db, scope).where('shelves.warehouse_id', '=', warehouseId);
  if (filter.enabled !== undefined) base = base.where('shelves.enabled', '=', filter.enabled);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('shelves.code', 'ilike', pattern), eb('shelves.name', 'ilike', pattern)]));
  }
  return fetchPage(base, (q) => q.select(columns).orderBy(page.sortColumn, page.order).orderBy('shelves.code').orderBy('shelves.id'), page);
}

export function findShelf(db: Db, scope: WarehouseScope, id: number) {
  return scoped(db, scope).select(columns).where('shelves.id', '=', id).executeTakeFirst();
}
export type ShelfRow = NonNullable<Awaited<ReturnType<typeof findShelf>>>;

/** Held until commit: postings into the shelf (FOR SHARE) and status changes wait for each other. */
export function lockShelf(trx: Db, scope: WarehouseScope, id: number) {
  return trx
    .selectFrom('shelves')
    .innerJoin('warehouses', 'warehouses.id', 'shelves.warehouse_id')
    .select(['shelves.id', 'shelves.warehouse_id', 'shelves.code', 'shelves.enabled'])
    .where('shelves.id', '=', id)
    .where((eb) => warehousesInScope(eb, scope))
    .forUpdate('shelves')
    .executeTakeFirst();
}

/** Codes of the warehouse already taken, matched whatever their case, in the spelling stored. */
export async function takenCodes(db: Db, warehouseId: number, codes: readonly string[], exceptId?: number): Promise<string[]> {
  if (codes.length === 0) return [];
  let query = db
    .selectFrom('shelves')
    .select('code')
    .where('warehouse_id', '=', warehouseId)
    .where((eb) =>
      eb(
        eb.fn('lower', ['code']),
        'in',
        codes.map((c) => c.toLowerCase()),
      ),
    );
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.orderBy('code').execute()).map((r) => r.code);
}

export async function stockOf(db: Db, shelfId: number): Promise<{ rows: number; quantity: number }> {
  const row = await db
    .selectFrom('stock_balances')
    .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('quantity')])
    .where('shelf_id', '=', shelfId)
    .where('quantity', '<>', 0)
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), quantity: Number(row.quantity) };
}

export interface ShelfValues {
  warehouse_id: number;
  code: string;
  name: string;
  sort: number;
  enabled: boolean;
}

export async function insertShelves(db: Db, rows: ShelfValues[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('shelves')
      .values(rows.slice(i, i + 500))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

export async function updateShelf(db: Db, id: number, values: Partial<Omit<ShelfValues, 'warehouse_id'>>) {
  await db
    .updateTable('shelves')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
