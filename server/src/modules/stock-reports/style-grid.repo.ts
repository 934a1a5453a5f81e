import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { countRows } from '../../db/paging.ts';
import { warehousesInScope, type WarehouseScope } from '../warehouses/warehouse-scope.ts';
import { productConditions, type ProductFilter } from './report-filters.ts';
import type { StyleGridSort, WarehouseSummarySort } from './stock-reports.schema.ts';

// SQL of 库存查询's 尺码横排 and 按仓库汇总: goods balances (materials have no sizes) that are not
// zero, in the caller's warehouse scope, summed in SQL. Value = quantity × the product's cost price.

export interface PlaceFilter {
  warehouseId?: number;
  shelfId?: number;
}

export type GoodsFilter = PlaceFilter & ProductFilter;

interface Page<S> {
  limit: number;
  offset: number;
  sortColumn: S;
  order: 'asc' | 'desc';
}

function goodsBalances(db: Db, scope: WarehouseScope, filter: GoodsFilter) {
  let q = db
    .selectFrom('stock_balances as b')
    .innerJoin('warehouses', 'warehouses.id', 'b.warehouse_id')
    .innerJoin('skus as k', 'k.id', 'b.sku_id')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .where((eb) => warehousesInScope(eb, scope))
    .where('b.quantity', '<>', 0);
  if (filter.warehouseId !== undefined) q = q.where('b.warehouse_id', '=', filter.warehouseId);
  if (filter.shelfId !== undefined) q = q.where('b.shelf_id', '=', filter.shelfId);
  for (const condition of productConditions(filter)) q = q.where(condition);
  return q;
}

const quantitySum = sql<string>`coalesce(sum(b.quantity), 0)`;
// integer × integer can pass 2^31: widen first
const valueSum = sql<string>`coalesce(sum(b.quantity::bigint * p.cost_price_fen), 0)`;

export interface StyleGroup {
  productId: number;
  warehouseId: number | null;
  quantity: number;
}

/** The groups of the filter: one per style (or style × warehouse) holding stock, with its quantity. */
function groupsBySum(db: Db, scope: WarehouseScope, filter: GoodsFilter, byWarehouse: boolean) {
  return goodsBalances(db, scope, filter)
    .select(['k.product_id', (byWarehouse ? sql<number | null>`b.warehouse_id` : sql<number | null>`null::bigint`).as('warehouse_id'), quantitySum.as('quantity')])
    .groupBy(byWarehouse ? ['k.product_id', 'p.style_no', 'b.warehouse_id', 'warehouses.code'] : ['k.product_id', 'p.style_no']);
}

/**
 * Groups in style-no. order, walked from the products' style-no. index (0021): each style's stock
 * in the place is summed by index probes (its SKUs, their balances) and the walk stops once the page
 * is full — the cost of the page, not of the filter.
 */
function groupsInStyleOrder(db: Db, scope: WarehouseScope, filter: GoodsFilter, byWarehouse: boolean, desc: boolean, take: { limit: number; offset: number }) {
  let q = db.selectFrom('products as p').innerJoinLateral(
    (eb) => {
      let g = eb
        .selectFrom('skus as k')
        .innerJoin('stock_balances as b', 'b.sku_id', 'k.id')
        .innerJoin('warehouses', 'warehouses.id', 'b.warehouse_id')
        .whereRef('k.product_id', '=', 'p.id')
        .where((w) => warehousesInScope(w, scope))
        .where('b.quantity', '<>', 0);
      if (filter.warehouseId !== undefined) g = g.where('b.warehouse_id', '=', filter.warehouseId);
      if (filter.shelfId !== undefined) g = g.where('b.shelf_id', '=', filter.shelfId);
      return byWarehouse
        ? g
            .select(['b.warehouse_id', 'warehouses.code as warehouse_code', quantitySum.as('quantity')])
            .groupBy(['b.warehouse_id', 'warehouses.code'])
            .as('g')
        : g
            .select([sql<number | null>`null::bigint`.as('warehouse_id'), sql<string | null>`null::text`.as('warehouse_code'), quantitySum.as('quantity')])
            .having(sql<boolean>`count(*) > 0`)
            .as('g');
    },
    (join) => join.onTrue(),
  );
  for (const condition of productConditions(filter)) q = q.where(condition);
  return q
    .select(['p.id as product_id', 'g.warehouse_id', 'g.quantity'])
    .orderBy(sql`p.style_no ${desc ? sql`desc` : sql`asc`}, g.warehouse_code`)
    .limit(take.limit)
    .offset(take.offset)
    .execute();
}

/**
 * One page of styles (or style × warehouse) holding stock. Nothing is counted while the page is
 * full: `total` is then a lower bound (`totalCapped`); the exact count is gridTotals'. Sorted by
 * quantity, or over a small place, the groups are summed first and sorted.
 */
/** `fewGoods`: the place holds few balances (stock-read's holdsFewGoods), so sorting beats walking the styles. */
export async function pageStyleGroups(db: Db, scope: WarehouseScope, filter: GoodsFilter, byWarehouse: boolean, page: Page<StyleGridSort>, fewGoods: boolean) {
  const desc = page.order === 'desc';
  const window = { limit: page.limit + 1, offset: page.offset };
  let found: { product_id: number; warehouse_id: number | null; quantity: string }[];
  if (page.sortColumn === 'style_no' && !fewGoods) {
    found = await groupsInStyleOrder(db, scope, filter, byWarehouse, desc, window);
  } else {
    const direction = desc ? sql`desc` : sql`asc`;
    const then = byWarehouse ? sql`, warehouses.code` : sql``;
    const order = page.sortColumn === 'quantity' ? sql`sum(b.quantity) ${direction}, p.style_no${then}` : sql`p.style_no ${direction}${then}`;
    found = await groupsBySum(db, scope, filter, byWarehouse).orderBy(order).limit(window.limit).offset(window.offset).execute();
  }
  const more = found.length > page.limit;
  const records: StyleGroup[] = found.slice(0, page.limit).map((r) => ({ productId: r.product_id, warehouseId: r.warehouse_id, quantity: Number(r.quantity) }));
  if (more) return { records, total: page.offset + page.limit + 1, totalCapped: true as const };
  if (records.length > 0 || page.offset === 0) return { records, total: page.offset + records.length };
  // past the end (stock went away while paging): where the end is now
  const { n } = await countRows(db.selectFrom(groupsBySum(db, scope, filter, byWarehouse).as('g')), null);
  return { records, total: n };
}

/** The whole filter: how many groups, their pieces and value at cost. */
export async function gridTotals(db: Db, scope: WarehouseScope, filter: GoodsFilter, byWarehouse: boolean) {
  const groups = goodsBalances(db, scope, filter)
    .select([quantitySum.as('quantity'), valueSum.as('value')])
    .groupBy(byWarehouse ? ['k.product_id', 'b.warehouse_id'] : ['k.product_id']);
  const row = await db
    .selectFrom(groups.as('g'))
    .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(g.quantity), 0)`.as('quantity'), sql<string>`coalesce(sum(g.value), 0)`.as('value')])
    .executeTakeFirstOrThrow();
  return { total: Number(row.n), quantity: Number(row.quantity), valueFen: Number(row.value) };
}

/** Cell quantities of the given styles (per warehouse or all together), colour × size. */
export function gridCells(db: Db, scope: WarehouseScope, filter: PlaceFilter, productIds: readonly number[], byWarehouse: boolean) {
  return goodsBalances(db, scope, filter)
    .where('k.product_id', 'in', [...productIds])
    .select([
      'k.product_id',
      (byWarehouse ? sql<number | null>`b.warehouse_id` : sql<number | null>`null::bigint`).as('warehouse_id'),
      'k.colour_id',
      'k.size_id',
      quantitySum.as('quantity'),
    ])
    .groupBy(byWarehouse ? ['k.product_id', 'b.warehouse_id', 'k.colour_id', 'k.size_id'] : ['k.product_id', 'k.colour_id', 'k.size_id'])
    .execute();
}

/** The colours and sizes each style is made in (its SKUs), with their sort orders. */
export function styleAxes(db: Db, productIds: readonly number[]) {
  return db
    .selectFrom('skus as k')
    .innerJoin('colours as c', 'c.id', 'k.colour_id')
    .innerJoin('sizes as z', 'z.id', 'k.size_id')
    .select(['k.id as sku_id', 'k.product_id', 'k.colour_id', 'c.name as colour_name', 'c.sort as colour_sort', 'k.size_id', 'z.name as size_name', 'z.sort as size_sort'])
    .where('k.product_id', 'in', [...productIds])
    .execute();
}

export function productsOf(db: Db, productIds: readonly number[]) {
  return db
    .selectFrom('products as p')
    .innerJoin('brands as br', 'br.id', 'p.brand_id')
    .innerJoin('product_categories as pc', 'pc.id', 'p.category_id')
    .select(['p.id', 'p.style_no', 'p.name', 'br.name as brand_name', 'pc.name as category_name', 'p.cost_price_fen', 'p.main_image'])
    .where('p.id', 'in', [...productIds])
    .execute();
}

export function warehouseNames(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('warehouses')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Goods stock per warehouse (styles, SKUs, quantity, value), one page, and the totals of the whole filter. */
export async function pageWarehouseSummary(db: Db, scope: WarehouseScope, filter: GoodsFilter, page: Page<WarehouseSummarySort>) {
  const base = goodsBalances(db, scope, filter);
  const grouped = base
    .select([
      'b.warehouse_id',
      'warehouses.code as warehouse_code',
      'warehouses.name as warehouse_name',
      'warehouses.type as warehouse_type',
      sql<string>`count(distinct k.product_id)`.as('style_count'),
      sql<string>`count(distinct b.sku_id)`.as('sku_count'),
      quantitySum.as('quantity'),
      valueSum.as('value'),
    ])
    .groupBy(['b.warehouse_id', 'warehouses.code', 'warehouses.name', 'warehouses.type']);
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const order = {
    warehouse: sql`warehouses.code ${direction}`,
    quantity: sql`sum(b.quantity) ${direction}, warehouses.code`,
    value: sql`sum(b.quantity::bigint * p.cost_price_fen) ${direction}, warehouses.code`,
  }[page.sortColumn];
  const [records, count, totals] = await Promise.all([
    grouped.orderBy(order).limit(page.limit).offset(page.offset).execute(),
    db
      .selectFrom(grouped.as('g'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    base
      .select([
        sql<string>`count(distinct k.product_id)`.as('style_count'),
        sql<string>`count(distinct b.sku_id)`.as('sku_count'),
        quantitySum.as('quantity'),
        valueSum.as('value'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.n), totals };
}
export type WarehouseSummaryRow = Awaited<ReturnType<typeof pageWarehouseSummary>>['records'][number];
