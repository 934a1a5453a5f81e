import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import { listCountCap, type StockItemType } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, countRows, fetchPage, pageOfRows } from '../../db/paging.ts';
import type { Database, StockBalancesTable } from '../../db/schema.ts';
import { styleOrNameContains } from '../products/name-search.ts';
import { warehousesInScope, type WarehouseScope } from '../warehouses/warehouse-scope.ts';
import type { BalanceSort } from './stock.schema.ts';

export interface BalanceFilter {
  warehouseId?: number;
  shelfId?: number;
  keyword?: string;
  itemType?: StockItemType;
  includeZero?: boolean;
}

interface BalancePage {
  limit: number;
  offset: number;
  sortColumn: BalanceSort;
  order: 'asc' | 'desc';
}

type PlaceEb = ExpressionBuilder<Database & { b: StockBalancesTable }, 'b' | 'warehouses'>;

/** Scope, place and zero conditions on the balance `b` and its warehouse. */
function placeConditions(eb: PlaceEb, scope: WarehouseScope, filter: BalanceFilter): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [warehousesInScope(eb, scope)];
  if (filter.warehouseId !== undefined) all.push(eb('b.warehouse_id', '=', filter.warehouseId));
  if (filter.shelfId !== undefined) all.push(eb('b.shelf_id', '=', filter.shelfId));
  if (!filter.includeZero) all.push(eb('b.quantity', '<>', 0));
  return eb.and(all);
}

/** A place with at most this many goods balances has its rows sorted, not walked in style order. */
const FEW_GOODS = 5_000;

/**
 * Does the caller's place (scope, warehouse, shelf) hold few goods balances (a bounded count)?
 * HQ without a place: no. Walking the styles in order costs in proportion to the styles walked, so
 * a place holding few of them is better sorted.
 */
export async function holdsFewGoods(db: Db, scope: WarehouseScope, place: { warehouseId?: number; shelfId?: number }): Promise<boolean> {
  if (scope.kind === 'all' && place.warehouseId === undefined && place.shelfId === undefined) return false;
  let q = db
    .selectFrom('stock_balances as b')
    .innerJoin('warehouses', 'warehouses.id', 'b.warehouse_id')
    .where((eb) => warehousesInScope(eb, scope))
    .where('b.sku_id', 'is not', null)
    .where('b.quantity', '<>', 0);
  if (place.warehouseId !== undefined) q = q.where('b.warehouse_id', '=', place.warehouseId);
  if (place.shelfId !== undefined) q = q.where('b.shelf_id', '=', place.shelfId);
  return !(await countRows(q, FEW_GOODS)).capped;
}

/** At most this many products holding the keyword: the list starts from their SKUs, else walks and tests. */
const FEW_MATCHES = 500;

/** The SKUs a keyword finds: by barcode, and every SKU of the products whose style no. or name holds it. */
function keywordSkus(db: Db, keyword: string) {
  return db
    .selectFrom('skus as ks')
    .select('ks.id')
    .where('ks.barcode', '=', keyword)
    .unionAll(db.selectFrom('skus as ks').innerJoin('products as ps', 'ps.id', 'ks.product_id').select('ks.id').where(styleOrNameContains('ps', keyword)));
}

/** Do few products hold the keyword (a bounded count through the character-pair index)? */
async function fewMatch(db: Db, keyword: string): Promise<boolean> {
  return !(await countRows(db.selectFrom('products as ps').where(styleOrNameContains('ps', keyword)), FEW_MATCHES)).capped;
}

/** Every balance of the filter with its place and item (the count, and the orders other than style no.). */
function balances(db: Db, scope: WarehouseScope, filter: BalanceFilter) {
  let base = db
    .selectFrom('stock_balances as b')
    .innerJoin('warehouses', 'warehouses.id', 'b.warehouse_id')
    .leftJoin('shelves as s', 's.id', 'b.shelf_id')
    .leftJoin('skus as k', 'k.id', 'b.sku_id')
    .leftJoin('products as p', 'p.id', 'k.product_id')
    .leftJoin('colours as c', 'c.id', 'k.colour_id')
    .leftJoin('sizes as z', 'z.id', 'k.size_id')
    .leftJoin('materials as m', 'm.id', 'b.material_id')
    .where((eb) => placeConditions(eb, scope, filter));
  if (filter.itemType === 'sku') base = base.where('b.sku_id', 'is not', null);
  if (filter.itemType === 'material') base = base.where('b.material_id', 'is not', null);
  if (filter.keyword) {
    const keyword = filter.keyword;
    const pattern = containsPattern(keyword);
    base = base.where((eb) => eb.or([eb('k.barcode', '=', keyword), styleOrNameContains('p', keyword), eb('m.code', 'ilike', pattern), eb('m.name', 'ilike', pattern)]));
  }
  return base;
}

/**
 * The balances of the filter counted up to `cap`. With a keyword, apart: the goods of the products
 * holding it (from the character-pair index through their SKUs, so the count stops at the cap), the
 * barcode's, and the materials (by their partial index).
 */
async function countBalances(db: Db, scope: WarehouseScope, filter: BalanceFilter, cap: number): Promise<{ n: number; capped: boolean }> {
  if (!filter.keyword) return countRows(balances(db, scope, filter), cap);
  const keyword = filter.keyword;
  const pattern = containsPattern(keyword);
  const place = db
    .selectFrom('stock_balances as b')
    .innerJoin('warehouses', 'warehouses.id', 'b.warehouse_id')
    .where((eb) => placeConditions(eb, scope, filter));
  const byProduct =
    filter.itemType === 'material'
      ? null
      : db
          .selectFrom('products as ps')
          .innerJoin('skus as ks', 'ks.product_id', 'ps.id')
          .innerJoin('stock_balances as b', 'b.sku_id', 'ks.id')
          .innerJoin('warehouses', 'warehouses.id', 'b.warehouse_id')
          .where(styleOrNameContains('ps', keyword))
          .where((eb) => placeConditions(eb, scope, filter));
  // the barcode's SKU unless its product holds the keyword too (counted above then)
  const byBarcode =
    filter.itemType === 'material'
      ? null
      : place
          .innerJoin('skus as ks', 'ks.id', 'b.sku_id')
          .innerJoin('products as ps', 'ps.id', 'ks.product_id')
          .where('ks.barcode', '=', keyword)
          .where((eb) => eb.not(styleOrNameContains('ps', keyword)));
  const materials =
    filter.itemType === 'sku'
      ? null
      : place
          .innerJoin('materials as m', 'm.id', 'b.material_id')
          .where('b.material_id', 'is not', null)
          .where((eb) => eb.or([eb('m.code', 'ilike', pattern), eb('m.name', 'ilike', pattern)]));
  const counts = await Promise.all(
    [byProduct && countRows(byProduct, cap), byBarcode && countRows(byBarcode, cap), materials && countRows(materials, cap)].filter((c) => c !== null),
  );
  const n = counts.reduce((sum, c) => sum + c.n, 0);
  return counts.some((c) => c.capped) || n > cap ? { n: cap, capped: true } : { n, capped: false };
}

const BALANCE_COLUMNS = [
  'b.id',
  'b.warehouse_id',
  'warehouses.code as warehouse_code',
  'warehouses.name as warehouse_name',
  'b.shelf_id',
  's.code as shelf_code',
  'b.sku_id',
  'p.id as product_id',
  'p.style_no',
  'p.name as product_name',
  'c.name as colour_name',
  'z.name as size_name',
  'k.barcode',
  'b.material_id',
  'm.code as material_code',
  'm.name as material_name',
  'b.quantity',
  'b.updated_at',
] as const;

// colour, size and shelf of a row by primary key: as scalar subqueries they stay out of the
// planner's join search (seven joined tables cost more to plan than a page costs to read)
const colourOf = (column: 'name' | 'sort') => sql.raw(`(select c.${column} from colours c where c.id = k.colour_id)`);
const sizeOf = (column: 'name' | 'sort') => sql.raw(`(select z.${column} from sizes z where z.id = k.size_id)`);
const shelfCode = sql<string | null>`(select s.code from shelves s where s.id = b.shelf_id)`;

/**
 * The goods balances of the filter in the list's item order, walked from the products' style-no.
 * index (0021): a page reads the styles up to its last row, not every balance.
 */
function goodsInItemOrder(db: Db, scope: WarehouseScope, filter: BalanceFilter, desc: boolean, take: number, fewKeywordMatches: boolean) {
  let q = db
    .selectFrom('products as p')
    .innerJoin('skus as k', 'k.product_id', 'p.id')
    .innerJoin('stock_balances as b', 'b.sku_id', 'k.id')
    .innerJoin('warehouses', 'warehouses.id', 'b.warehouse_id')
    .where((eb) => placeConditions(eb, scope, filter));
  if (filter.keyword) {
    // few products hold it (or a barcode): start from their SKUs, found by the indexes; many: walk
    // the styles in order testing each (matches come soon)
    const keyword = filter.keyword;
    q = fewKeywordMatches ? q.where('k.id', 'in', keywordSkus(db, keyword)) : q.where((eb) => eb.or([eb('k.barcode', '=', keyword), styleOrNameContains('p', keyword)]));
  }
  return q
    .select([
      'b.id',
      'b.warehouse_id',
      'warehouses.code as warehouse_code',
      'warehouses.name as warehouse_name',
      'b.shelf_id',
      shelfCode.as('shelf_code'),
      'b.sku_id',
      sql<number | null>`p.id`.as('product_id'),
      sql<string | null>`p.style_no`.as('style_no'),
      sql<string | null>`p.name`.as('product_name'),
      sql<string | null>`${colourOf('name')}`.as('colour_name'),
      sql<string | null>`${sizeOf('name')}`.as('size_name'),
      sql<string | null>`k.barcode`.as('barcode'),
      'b.material_id',
      sql<string | null>`null::text`.as('material_code'),
      sql<string | null>`null::text`.as('material_name'),
      'b.quantity',
      'b.updated_at',
      sql<string>`p.style_no`.as('item_key'),
      sql<number | null>`${colourOf('sort')}`.as('colour_sort'),
      sql<number | null>`k.colour_id`.as('colour_id'),
      sql<number | null>`${sizeOf('sort')}`.as('size_sort'),
      sql<number | null>`k.size_id`.as('size_id'),
    ])
    .orderBy(sql`p.style_no ${desc ? sql`desc` : sql`asc`}, ${colourOf('sort')}, k.colour_id, ${sizeOf('sort')}, k.size_id, warehouses.code, ${shelfCode}, b.id`)
    .limit(take);
}

/** The material balances of the filter in the list's item order (materials are few). */
function materialsInItemOrder(db: Db, scope: WarehouseScope, filter: BalanceFilter, desc: boolean, take: number) {
  let q = db
    .selectFrom('stock_balances as b')
    .innerJoin('materials as m', 'm.id', 'b.material_id')
    .innerJoin('warehouses', 'warehouses.id', 'b.warehouse_id')
    // spelled out so the partial index on material balances serves (a join condition does not)
    .where('b.material_id', 'is not', null)
    .where((eb) => placeConditions(eb, scope, filter));
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    q = q.where((eb) => eb.or([eb('m.code', 'ilike', pattern), eb('m.name', 'ilike', pattern)]));
  }
  return q
    .select([
      'b.id',
      'b.warehouse_id',
      'warehouses.code as warehouse_code',
      'warehouses.name as warehouse_name',
      'b.shelf_id',
      shelfCode.as('shelf_code'),
      'b.sku_id',
      sql<number | null>`null::bigint`.as('product_id'),
      sql<string | null>`null::text`.as('style_no'),
      sql<string | null>`null::text`.as('product_name'),
      sql<string | null>`null::text`.as('colour_name'),
      sql<string | null>`null::text`.as('size_name'),
      sql<string | null>`null::text`.as('barcode'),
      'b.material_id',
      sql<string | null>`m.code`.as('material_code'),
      sql<string | null>`m.name`.as('material_name'),
      'b.quantity',
      'b.updated_at',
      sql<string>`m.code`.as('item_key'),
      sql<number | null>`null::integer`.as('colour_sort'),
      sql<number | null>`null::bigint`.as('colour_id'),
      sql<number | null>`null::integer`.as('size_sort'),
      sql<number | null>`null::bigint`.as('size_id'),
    ])
    .orderBy(sql`m.code ${desc ? sql`desc` : sql`asc`}, warehouses.code, ${shelfCode}, b.id`)
    .limit(take);
}

/**
 * The default order (style no. or material code, colour, size, warehouse, shelf): goods and
 * materials each read in that order up to the page's end, then merged — the same rows and order as
 * sorting the whole filter, at the cost of the page.
 */
async function balancesInItemOrder(db: Db, scope: WarehouseScope, filter: BalanceFilter, page: BalancePage) {
  const desc = page.order === 'desc';
  const take = page.offset + page.limit + 1;
  const fewKeywordMatches = filter.keyword !== undefined && (await fewMatch(db, filter.keyword));
  const goods = filter.itemType === 'material' ? null : goodsInItemOrder(db, scope, filter, desc, take, fewKeywordMatches);
  const materials = filter.itemType === 'sku' ? null : materialsInItemOrder(db, scope, filter, desc, take);
  const parts = [goods, materials].filter((q) => q !== null).map((q, i) => db.selectFrom(q.as(`part${i}`)).selectAll());
  const union = parts.length === 2 ? parts[0]!.unionAll(parts[1]!) : parts[0]!;
  const found = await db
    .selectFrom(union.as('u'))
    .selectAll()
    .orderBy(sql`u.item_key ${desc ? sql`desc` : sql`asc`}, u.colour_sort, u.colour_id, u.size_sort, u.size_id, u.warehouse_code, u.shelf_code, u.id`)
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
  return pageOfRows(found, page, () => countBalances(db, scope, filter, listCountCap(page.limit)));
}

/**
 * Balances in scope with their place and item; the item order is style no., colour, size (or
 * material code). The count stops at listCountCap (a filter of 200,000 balances is not counted
 * for every page).
 */
export async function pageBalances(db: Db, scope: WarehouseScope, filter: BalanceFilter, page: BalancePage) {
  if (page.sortColumn === 'style_no' && !(await holdsFewGoods(db, scope, filter))) return balancesInItemOrder(db, scope, filter, page);
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const itemOrder = sql`coalesce(p.style_no, m.code) ${direction}, c.sort, c.id, z.sort, z.id`;
  const order = {
    style_no: sql`${itemOrder}, warehouses.code, s.code`,
    warehouse: sql`warehouses.code ${direction}, s.code ${direction}, coalesce(p.style_no, m.code), c.sort, z.sort`,
    quantity: sql`b.quantity ${direction}, ${itemOrder}`,
    updated_at: sql`b.updated_at ${direction}`,
  }[page.sortColumn];
  return fetchPage(balances(db, scope, filter), (q) => q.select(BALANCE_COLUMNS).orderBy(sql`${order}, b.id`), page, { count: 'capped' });
}
export type BalanceRow = Awaited<ReturnType<typeof pageBalances>>['records'][number];

/**
 * An item's moves in the warehouses in scope, newest first by default, each with the item's balance
 * in that warehouse (all shelves) after it: a running sum in ledger (id) order, computed over every
 * move of the item there before the page is cut.
 */
export function pageMoves(
  db: Db,
  scope: WarehouseScope,
  filter: { skuId?: number; materialId?: number; warehouseId?: number },
  page: { limit: number; offset: number; order: 'asc' | 'desc' },
) {
  const base = db
    .with('mv', (qb) => {
      let q = qb
        .selectFrom('stock_moves')
        .innerJoin('warehouses', 'warehouses.id', 'stock_moves.warehouse_id')
        .where((eb) => warehousesInScope(eb, scope));
      q = filter.skuId !== undefined ? q.where('stock_moves.sku_id', '=', filter.skuId) : q.where('stock_moves.material_id', '=', filter.materialId!);
      if (filter.warehouseId !== undefined) q = q.where('stock_moves.warehouse_id', '=', filter.warehouseId);
      return q.select((eb) => [
        'stock_moves.id',
        'stock_moves.warehouse_id',
        'warehouses.name as warehouse_name',
        'stock_moves.shelf_id',
        'stock_moves.quantity',
        'stock_moves.unit_cost_fen',
        'stock_moves.doc_type',
        'stock_moves.doc_id',
        'stock_moves.doc_line_id',
        'stock_moves.reverses_move_id',
        'stock_moves.created_at',
        'stock_moves.created_by',
        eb.fn
          .sum<number>('stock_moves.quantity')
          .over((ob) => ob.partitionBy('stock_moves.warehouse_id').orderBy('stock_moves.id'))
          .as('balance_after'),
      ]);
    })
    .selectFrom('mv');
  return fetchPage(
    base,
    (q) =>
      q
        .leftJoin('shelves', 'shelves.id', 'mv.shelf_id')
        .leftJoin('users', 'users.id', 'mv.created_by')
        .select([
          'mv.id',
          'mv.warehouse_id',
          'mv.warehouse_name',
          'mv.shelf_id',
          'shelves.code as shelf_code',
          'mv.quantity',
          'mv.balance_after',
          'mv.unit_cost_fen',
          'mv.doc_type',
          'mv.doc_id',
          'mv.doc_line_id',
          'mv.reverses_move_id',
          'mv.created_at',
          'mv.created_by',
          'users.name as created_by_name',
        ])
        .orderBy('mv.id', page.order),
    page,
  );
}
export type MoveRow = Awaited<ReturnType<typeof pageMoves>>['records'][number];
