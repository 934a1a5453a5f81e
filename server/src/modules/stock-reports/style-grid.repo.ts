import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
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

/** One page of styles (or style × warehouse) holding stock, the count of all, and the totals of the whole filter. */
export async function pageStyleGroups(db: Db, scope: WarehouseScope, filter: GoodsFilter, byWarehouse: boolean, page: Page<StyleGridSort>) {
  const base = goodsBalances(db, scope, filter);
  const grouped = base
    .select([
      'k.product_id',
      (byWarehouse ? sql<number | null>`b.warehouse_id` : sql<number | null>`null::bigint`).as('warehouse_id'),
      quantitySum.as('quantity'),
    ])
    .groupBy(byWarehouse ? ['k.product_id', 'p.style_no', 'b.warehouse_id', 'warehouses.code'] : ['k.product_id', 'p.style_no']);
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const then = byWarehouse ? sql`, warehouses.code` : sql``;
  const order = page.sortColumn === 'quantity' ? sql`sum(b.quantity) ${direction}, p.style_no${then}` : sql`p.style_no ${direction}${then}`;
  const [records, count, totals] = await Promise.all([
    grouped.orderBy(order).limit(page.limit).offset(page.offset).execute(),
    db.selectFrom(grouped.as('g')).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.select([quantitySum.as('quantity'), valueSum.as('value')]).executeTakeFirstOrThrow(),
  ]);
  return {
    records: records.map((r) => ({ productId: r.product_id, warehouseId: r.warehouse_id, quantity: Number(r.quantity) })),
    total: Number(count.n),
    totals: { quantity: Number(totals.quantity), valueFen: Number(totals.value) },
  };
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
  return db.selectFrom('warehouses').select(['id', 'name']).where('id', 'in', [...ids]).execute();
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
    db.selectFrom(grouped.as('g')).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
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
