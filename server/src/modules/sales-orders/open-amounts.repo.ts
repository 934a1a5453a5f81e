import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * 已提交未发货 (issue 18, credit): what the billed party's orders still commit it to, at their
 * prices — a submitted order its ordered pieces, an audited or partly shipped one what the audit
 * kept less what has shipped. Drafts, closed, shipped, rejected and cancelled orders commit nothing.
 */
const unshippedLine = sql<number>`CASE o.status
  WHEN 'submitted' THEN l.ordered * l.unit_price_fen
  ELSE greatest(coalesce(l.approved, l.ordered) - l.shipped, 0) * l.unit_price_fen END`;

/** Per billed party, as a subquery finance joins its accounts to (billed_type, billed_id, unshipped_fen). */
export function unshippedByBilledQuery(db: Db) {
  return db
    .selectFrom('sales_orders as o')
    .innerJoin('sales_order_lines as l', 'l.order_id', 'o.id')
    .where('o.status', 'in', ['submitted', 'audited', 'partly_shipped'])
    .where('o.billed_type', 'is not', null)
    .select(['o.billed_type', 'o.billed_id', sql<number>`sum(${unshippedLine})::bigint`.as('unshipped_fen')])
    .groupBy(['o.billed_type', 'o.billed_id']);
}

/** One billed party's committed amount, leaving out one order (the order being checked). */
export async function unshippedOf(db: Db, billed: { type: 'agent' | 'shop'; id: number }, exceptOrderId: number | null): Promise<number> {
  let query = db
    .selectFrom('sales_orders as o')
    .innerJoin('sales_order_lines as l', 'l.order_id', 'o.id')
    .where('o.status', 'in', ['submitted', 'audited', 'partly_shipped'])
    .where('o.billed_type', '=', billed.type)
    .where('o.billed_id', '=', billed.id)
    .select(sql<string>`coalesce(sum(${unshippedLine}), 0)`.as('fen'));
  if (exceptOrderId !== null) query = query.where('o.id', '<>', exceptOrderId);
  const row = await query.executeTakeFirst();
  return Number(row?.fen ?? 0);
}

/**
 * 订货发货额 of a season per agent (issue 18, rebates): the season's orders billed to an agent that
 * passed the audit (audited, partly shipped, shipped, closed), at shipped pieces × unit price — what
 * the audit cut, a close dropped or is still waiting does not count. Answers agent id → fen.
 */
export async function seasonShippedByAgent(db: Db, seasonId: number, agentIds: readonly number[]): Promise<Map<number, number>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sales_orders as o')
    .innerJoin('sales_order_lines as l', 'l.order_id', 'o.id')
    .where('o.season_id', '=', seasonId)
    .where('o.status', 'in', ['audited', 'partly_shipped', 'shipped', 'closed'])
    .where('o.billed_type', '=', 'agent')
    .where('o.billed_id', 'in', [...agentIds])
    .select(['o.billed_id', sql<string>`coalesce(sum(l.shipped * l.unit_price_fen), 0)`.as('fen')])
    .groupBy('o.billed_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.billed_id), Number(r.fen)]));
}
