import { sql, type RawBuilder } from 'kysely';
import type { PurchaseSummaryGroup } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import { ordersInScope, type PurchaseScope } from './purchase-scope.ts';
import type { SummarySort } from './purchase-summary.schema.ts';

/** The SQL of 采购汇总: order lines of orders past draft, grouped by supplier, style or month. */

export interface SummaryFilter {
  groupBy: PurchaseSummaryGroup;
  from?: string;
  to?: string;
  supplierId?: number;
  keyword?: string;
}

const none = sql<string>`''`;
const month = sql<string>`to_char(purchase_orders.order_date, 'YYYY-MM')`;

/** What each grouping shows and groups by. */
const GROUPS: Record<
  PurchaseSummaryGroup,
  {
    key: RawBuilder<string>;
    supplierCode: RawBuilder<string>;
    supplierName: RawBuilder<string>;
    styleNo: RawBuilder<string>;
    productName: RawBuilder<string>;
    month: RawBuilder<string>;
    by: RawBuilder<unknown>[];
  }
> = {
  supplier: {
    key: sql`purchase_orders.supplier_id::text`,
    supplierCode: sql`su.code`,
    supplierName: sql`su.name`,
    styleNo: none,
    productName: none,
    month: none,
    by: [sql`purchase_orders.supplier_id`, sql`su.code`, sql`su.name`],
  },
  style: {
    key: sql`p.id::text`,
    supplierCode: none,
    supplierName: none,
    styleNo: sql`p.style_no`,
    productName: sql`p.name`,
    month: none,
    by: [sql`p.id`, sql`p.style_no`, sql`p.name`],
  },
  month: { key: month, supplierCode: none, supplierName: none, styleNo: none, productName: none, month, by: [month] },
};

export async function pageSummary(db: Db, scope: PurchaseScope, filter: SummaryFilter, page: { limit: number; offset: number; sortColumn: SummarySort; order: 'asc' | 'desc' }) {
  const g = GROUPS[filter.groupBy];
  let lines = db
    .selectFrom('purchase_orders')
    .innerJoin('purchase_order_lines as l', 'l.order_id', 'purchase_orders.id')
    .innerJoin('suppliers as su', 'su.id', 'purchase_orders.supplier_id')
    .innerJoin('skus as k', 'k.id', 'l.sku_id')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .where('purchase_orders.status', '<>', 'draft')
    .where((eb) => ordersInScope(eb, scope));
  if (filter.from) lines = lines.where('purchase_orders.order_date', '>=', filter.from);
  if (filter.to) lines = lines.where('purchase_orders.order_date', '<=', filter.to);
  if (filter.supplierId !== undefined) lines = lines.where('purchase_orders.supplier_id', '=', filter.supplierId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    lines = lines.where((eb) => eb.or([eb('su.code', 'ilike', pattern), eb('su.name', 'ilike', pattern), eb('p.style_no', 'ilike', pattern), eb('p.name', 'ilike', pattern)]));
  }
  const grouped = lines
    .select([
      g.key.as('key'),
      g.supplierCode.as('supplier_code'),
      g.supplierName.as('supplier_name'),
      g.styleNo.as('style_no'),
      g.productName.as('product_name'),
      g.month.as('month'),
      sql<number>`count(distinct purchase_orders.id)::int`.as('order_count'),
      sql<number>`sum(l.quantity)::bigint`.as('ordered_quantity'),
      sql<number>`sum(l.quantity::bigint * l.unit_price_fen)::bigint`.as('ordered_amount_fen'),
      sql<number>`sum(l.received_quantity)::bigint`.as('received_quantity'),
      sql<number>`sum(l.received_quantity::bigint * l.unit_price_fen)::bigint`.as('received_amount_fen'),
      sql<number>`sum(l.returned_quantity)::bigint`.as('returned_quantity'),
      sql<number>`sum(l.returned_quantity::bigint * l.unit_price_fen)::bigint`.as('returned_amount_fen'),
    ])
    .groupBy(g.by);
  const base = db.selectFrom(grouped.as('t'));
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  return fetchPage(base, (q) => q.selectAll().orderBy(sql`${sql.ref(`t.${page.sortColumn}`)} ${direction}, t.key`), page);
}
