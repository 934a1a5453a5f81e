import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/paging.ts';
import { warehousesInScope, type WarehouseScope } from '../warehouses/warehouse-scope.ts';
import { withinRange, type DayRange } from './report-filters.ts';
import type { InTransitSort } from './stock-reports.schema.ts';

// 在途统计: transfers shipped and not yet received (status 'shipped'). A transfer is visible when
// its source or its destination warehouse is in the caller's scope. Quantity = the shipped lines.

export interface InTransitFilter {
  warehouseId?: number;
  shipped: DayRange;
  keyword?: string;
}

function shippedTransfers(db: Db, scope: WarehouseScope, filter: InTransitFilter) {
  const visible = db
    .selectFrom('warehouses')
    .select('warehouses.id')
    .where((eb) => warehousesInScope(eb, scope));
  let q = db
    .selectFrom('stock_docs as d')
    .where('d.kind', '=', 'transfer')
    .where('d.status', '=', 'shipped')
    .where((eb) => eb.or([eb('d.warehouse_id', 'in', visible), eb('d.to_warehouse_id', 'in', visible)]))
    .where(withinRange('d.shipped_at', filter.shipped));
  if (filter.warehouseId !== undefined) {
    const id = filter.warehouseId;
    q = q.where((eb) => eb.or([eb('d.warehouse_id', '=', id), eb('d.to_warehouse_id', '=', id)]));
  }
  if (filter.keyword) q = q.where('d.doc_no', 'ilike', containsPattern(filter.keyword));
  return q;
}

/** Per document: shipped quantity, line count and value at cost (goods at the product's, materials at the material's). */
const lineTotals = (db: Db) =>
  db
    .selectFrom('stock_doc_lines as l')
    .leftJoin('skus as k', 'k.id', 'l.sku_id')
    .leftJoin('products as p', 'p.id', 'k.product_id')
    .leftJoin('materials as mt', 'mt.id', 'l.material_id')
    .select([
      'l.doc_id',
      sql<string>`coalesce(sum(l.quantity), 0)`.as('quantity'),
      sql<string>`count(*)`.as('line_count'),
      sql<string>`coalesce(sum(l.quantity::bigint * coalesce(p.cost_price_fen, mt.cost_price_fen, 0)), 0)`.as('value'),
    ])
    .groupBy('l.doc_id');

export async function pageInTransit(
  db: Db,
  scope: WarehouseScope,
  filter: InTransitFilter,
  page: { limit: number; offset: number; sortColumn: InTransitSort; order: 'asc' | 'desc' },
) {
  const base = shippedTransfers(db, scope, filter).leftJoin(lineTotals(db).as('t'), 't.doc_id', 'd.id');
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const order = {
    shipped_at: sql`d.shipped_at ${direction}, d.id ${direction}`,
    quantity: sql`coalesce(t.quantity, 0) ${direction}, d.id`,
    doc_no: sql`d.doc_no ${direction}`,
  }[page.sortColumn];
  const [records, totals] = await Promise.all([
    base
      .innerJoin('warehouses as wf', 'wf.id', 'd.warehouse_id')
      .leftJoin('warehouses as wt', 'wt.id', 'd.to_warehouse_id')
      .leftJoin('users as u', 'u.id', 'd.shipped_by')
      .select([
        'd.id',
        'd.doc_no',
        'd.warehouse_id',
        'wf.name as warehouse_name',
        'd.to_warehouse_id',
        'wt.name as to_warehouse_name',
        'd.shipped_at',
        'u.name as shipped_by_name',
        'd.remark',
        sql<string>`coalesce(t.quantity, 0)`.as('quantity'),
        sql<string>`coalesce(t.line_count, 0)`.as('line_count'),
        sql<string>`coalesce(t.value, 0)`.as('value'),
        sql<number>`floor(extract(epoch from (now() - d.shipped_at)) / 86400)`.as('days'),
      ])
      .orderBy(order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`coalesce(sum(t.quantity), 0)`.as('quantity'),
        sql<string>`coalesce(sum(t.line_count), 0)`.as('line_count'),
        sql<string>`coalesce(sum(t.value), 0)`.as('value'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { records, totals };
}
export type InTransitRow = Awaited<ReturnType<typeof pageInTransit>>['records'][number];
