import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { joinSkuLabel } from '../../db/sku-label.ts';

// What after-sales reads of orders (issue 19): the order lines a shop received in a season (what
// it may send back, at the price it was charged), their rows locked while a return takes pieces
// of them, and what a buyer was shipped in a season (the base of its return allowance).

export interface ReceivedLinesQuery {
  shopId: number;
  seasonId: number;
  /** only these order lines / SKUs (a return's own lines) */
  orderLineIds?: readonly number[];
  skuIds?: readonly number[];
}

export function receivedLines(db: Db, query: ReceivedLinesQuery) {
  let q = db
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .$call((b) => joinSkuLabel(b, 'l.sku_id', 'inner'))
    .select([
      'l.id as order_line_id',
      'l.order_id',
      'o.order_no',
      'o.buyer_type',
      'o.buyer_id',
      'o.billed_type',
      'o.billed_id',
      'o.agent_id',
      'l.product_id',
      'l.sku_id',
      'p.style_no',
      'p.name as product_name',
      'l.colour_name',
      'l.size_name',
      'k.barcode',
      'l.received',
      'l.unit_price_fen',
    ])
    .where('o.shop_id', '=', query.shopId)
    .where('o.season_id', '=', query.seasonId)
    .where('l.received', '>', 0);
  if (query.orderLineIds) q = q.where('l.id', 'in', query.orderLineIds.length ? [...query.orderLineIds] : [0]);
  if (query.skuIds) q = q.where('l.sku_id', 'in', query.skuIds.length ? [...query.skuIds] : [0]);
  return q.orderBy('p.style_no').orderBy('l.sku_id').orderBy('l.id').execute();
}

export type ReceivedLineRow = Awaited<ReturnType<typeof receivedLines>>[number];

/** The seasons a shop received goods in, newest receipt first (what it may send back). */
export function seasonsReceived(db: Db, shopId: number) {
  return db
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .innerJoin('ordering_seasons as s', 's.id', 'o.season_id')
    .select(['s.id', 's.code', 's.name'])
    .where('o.shop_id', '=', shopId)
    .where('l.received', '>', 0)
    .groupBy(['s.id', 's.code', 's.name'])
    .orderBy(sql`max(o.id)`, 'desc')
    .execute();
}

/** Locks order lines in id order (the order every writer of them takes) and answers what each received. */
export function lockOrderLines(trx: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('sales_order_lines')
    .select(['id', 'received'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** What a buyer's orders of a season shipped, at their prices (fen). */
export async function shippedAmount(db: Db, query: { seasonId: number; buyerType: 'agent' | 'shop'; buyerId: number }): Promise<number> {
  const row = await db
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .select(sql<string>`coalesce(sum(l.shipped::bigint * l.unit_price_fen), 0)`.as('fen'))
    .where('o.season_id', '=', query.seasonId)
    .where('o.buyer_type', '=', query.buyerType)
    .where('o.buyer_id', '=', query.buyerId)
    .executeTakeFirstOrThrow();
  return Number(row.fen);
}
