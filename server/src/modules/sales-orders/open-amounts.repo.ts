import { OUTSTANDING_STATUSES } from '@erp/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * 未发 — the one definition (issue 26) that 往来账户, 未发货 and 订货汇总 all read, over an order `o`
 * and its line `l`: what the line may still get (approved, or ordered before the audit) less what
 * shipped, only while the order is open (submitted, audited, partly shipped). Drafts, rejected and
 * cancelled orders and what a close left behind count nothing. shared `lineOutstanding` is the same.
 */
export const OUTSTANDING_PIECES = sql<number>`(CASE WHEN o.status IN (${sql.join([...OUTSTANDING_STATUSES])})
  THEN greatest(coalesce(l.approved, l.ordered) - l.shipped, 0) ELSE 0 END)`;

/**
 * 已退 of an order line `l`: the pieces completed 退货单 took back from it (received by HQ; the
 * credit was posted at the line's price). Read from the after-sales tables, never through its code.
 */
export const RETURNED_PIECES = sql<number>`(SELECT coalesce(sum(rl.received_quantity), 0)::int FROM sales_return_lines rl
  JOIN sales_returns rt ON rt.id = rl.return_id
  WHERE rl.order_line_id = l.id AND rl.leg = 'back' AND rt.kind = 'return' AND rt.status = 'done')`;

/** 已提交未发货 (issue 18, credit): what the billed party's open orders still commit it to, at their prices. */
const unshippedLine = sql<number>`${OUTSTANDING_PIECES}::bigint * l.unit_price_fen`;

/** Per billed party, as a subquery finance joins its accounts to (billed_type, billed_id, unshipped_fen). */
export function unshippedByBilledQuery(db: Db) {
  return db
    .selectFrom('sales_orders as o')
    .innerJoin('sales_order_lines as l', 'l.order_id', 'o.id')
    .where('o.status', 'in', OUTSTANDING_STATUSES)
    .where('o.billed_type', 'is not', null)
    .select(['o.billed_type', 'o.billed_id', sql<number>`sum(${unshippedLine})::bigint`.as('unshipped_fen')])
    .groupBy(['o.billed_type', 'o.billed_id']);
}

/** One billed party's committed amount, leaving out one order (the order being checked). */
export async function unshippedOf(db: Db, billed: { type: 'agent' | 'shop'; id: number }, exceptOrderId: number | null): Promise<number> {
  let query = db
    .selectFrom('sales_orders as o')
    .innerJoin('sales_order_lines as l', 'l.order_id', 'o.id')
    .where('o.status', 'in', OUTSTANDING_STATUSES)
    .where('o.billed_type', '=', billed.type)
    .where('o.billed_id', '=', billed.id)
    .select(sql<string>`coalesce(sum(${unshippedLine}), 0)`.as('fen'));
  if (exceptOrderId !== null) query = query.where('o.id', '<>', exceptOrderId);
  const row = await query.executeTakeFirst();
  return Number(row?.fen ?? 0);
}

/**
 * 订货发货额 of a season per agent (issues 18, 26, rebates): the season's orders billed to an agent
 * that passed the audit (audited, partly shipped, shipped, closed), at shipped pieces × unit price,
 * and what completed returns took back of those lines at the same price (the credit the agent got).
 * What the audit cut, a close dropped or is still waiting does not count. Agent id → fen.
 */
export async function seasonShippedByAgent(db: Db, seasonId: number, agentIds: readonly number[]): Promise<Map<number, { shippedFen: number; returnedFen: number }>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sales_orders as o')
    .innerJoin('sales_order_lines as l', 'l.order_id', 'o.id')
    .where('o.season_id', '=', seasonId)
    .where('o.status', 'in', ['audited', 'partly_shipped', 'shipped', 'closed'])
    .where('o.billed_type', '=', 'agent')
    .where('o.billed_id', 'in', [...agentIds])
    .select([
      'o.billed_id',
      sql<string>`coalesce(sum(l.shipped::bigint * l.unit_price_fen), 0)`.as('fen'),
      sql<string>`coalesce(sum(${RETURNED_PIECES}::bigint * l.unit_price_fen), 0)`.as('returned_fen'),
    ])
    .groupBy('o.billed_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.billed_id), { shippedFen: Number(r.fen), returnedFen: Number(r.returned_fen) }]));
}
