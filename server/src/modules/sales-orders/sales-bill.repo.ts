import { sql, type ExpressionBuilder } from 'kysely';
import { BILL_APPROVED_STATUSES } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { fetchPage, type PageWindow } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { inScope } from './sales-orders-read.repo.ts';
import type { BillSort } from './sales-reports.schema.ts';

// The SQL of 订货对账单 (one buyer's orders past draft in a period, in the caller's scope) and of the
// reports' filter choices (the seasons, buyers and receiving shops of the caller's orders).

type Eb = ExpressionBuilder<Database & { o: Database['sales_orders'] }, 'o'>;

export interface BillFilter {
  buyerType: 'agent' | 'shop';
  buyerId: number;
  from: string;
  to: string;
}

function billOrders(db: Db, scope: PartyScope, filter: BillFilter) {
  return db
    .selectFrom('sales_orders as o')
    .innerJoin('ordering_seasons as se', 'se.id', 'o.season_id')
    .innerJoin('shops as sh', 'sh.id', 'o.shop_id')
    .where('o.status', '<>', 'draft')
    .where((eb) => inScope(eb as unknown as Eb, scope))
    .where('o.buyer_type', '=', filter.buyerType)
    .where('o.buyer_id', '=', filter.buyerId)
    .where('o.order_date', '>=', filter.from)
    .where('o.order_date', '<=', filter.to);
}

/** What the order's lines shipped: pieces and amount at the lines' prices. */
const shippedQuantity = sql<string>`(SELECT coalesce(sum(l.shipped), 0) FROM sales_order_lines l WHERE l.order_id = o.id)`;
const shippedAmount = sql<string>`(SELECT coalesce(sum(l.shipped::bigint * l.unit_price_fen), 0) FROM sales_order_lines l WHERE l.order_id = o.id)`;
/** billApprovedFen: only audited orders not rejected or cancelled count */
const counted = sql<boolean>`o.status IN (${sql.join([...BILL_APPROVED_STATUSES])})`;

export function pageBill(db: Db, scope: PartyScope, filter: BillFilter, page: PageWindow & { sortColumn: BillSort; order: 'asc' | 'desc' }) {
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  return fetchPage(
    billOrders(db, scope, filter),
    (q) =>
      q
        .select([
          'o.id',
          'o.order_no',
          'o.order_date',
          'o.status',
          'se.name as season_name',
          'sh.name as shop_name',
          'o.approved_quantity',
          'o.approved_amount_fen',
          shippedQuantity.as('shipped_quantity'),
          shippedAmount.as('shipped_amount'),
        ])
        .orderBy(sql`${sql.ref(`o.${page.sortColumn}`)} ${direction}, o.id ${direction}`),
    page,
  );
}
export type BillRow = Awaited<ReturnType<typeof pageBill>>['records'][number];

export function billTotals(db: Db, scope: PartyScope, filter: BillFilter) {
  return billOrders(db, scope, filter)
    .select([
      sql<string>`count(*)`.as('order_count'),
      sql<string>`coalesce(sum(CASE WHEN ${counted} THEN o.approved_quantity END), 0)`.as('approved_quantity'),
      sql<string>`coalesce(sum(CASE WHEN ${counted} THEN o.approved_amount_fen END), 0)`.as('approved_amount'),
      sql<string>`coalesce(sum(${shippedQuantity}), 0)`.as('shipped_quantity'),
      sql<string>`coalesce(sum(${shippedAmount}), 0)`.as('shipped_amount'),
    ])
    .executeTakeFirstOrThrow();
}

const OPTIONS_MAX = 500;

/** The seasons, buyers and receiving shops of the caller's orders past draft (at most 500 of each). */
export async function reportOptions(db: Db, scope: PartyScope) {
  const orders = () =>
    db
      .selectFrom('sales_orders as o')
      .where('o.status', '<>', 'draft')
      .where((eb) => inScope(eb as unknown as Eb, scope));
  const [seasons, buyers, shops] = await Promise.all([
    orders().innerJoin('ordering_seasons as se', 'se.id', 'o.season_id').select(['se.id', 'se.code', 'se.name']).distinct().orderBy('se.code').limit(OPTIONS_MAX).execute(),
    orders()
      .leftJoin('agents as ba', (join) => join.onRef('ba.id', '=', 'o.buyer_id').on('o.buyer_type', '=', 'agent'))
      .leftJoin('shops as bs', (join) => join.onRef('bs.id', '=', 'o.buyer_id').on('o.buyer_type', '=', 'shop'))
      .select(['o.buyer_type as type', 'o.buyer_id as id', sql<string>`coalesce(ba.code, bs.code, '')`.as('code'), sql<string>`coalesce(ba.name, bs.name, '')`.as('name')])
      .distinct()
      .orderBy('type')
      .orderBy('code')
      .limit(OPTIONS_MAX)
      .execute(),
    orders().innerJoin('shops as sh', 'sh.id', 'o.shop_id').select(['sh.id', 'sh.code', 'sh.name']).distinct().orderBy('sh.code').limit(OPTIONS_MAX).execute(),
  ]);
  return { seasons, buyers, shops };
}
