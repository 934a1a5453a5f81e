import type { QuotaMove } from './ordering-quota.ts';
import type { SalesOrderStatus } from './sales-orders.ts';

/**
 * 代理规划 (issue 19): an agent's season plan per shop and product category — a target amount (fen)
 * and target pieces — with progress derived from the shop's orders of that season, never stored.
 */

/** The largest targets of one plan row: 10亿元 and 1亿件 (as the quota limits). */
export const AGENT_PLAN_TARGET_FEN_MAX = 100_000_000_000;
export const AGENT_PLAN_TARGET_PIECES_MAX = 100_000_000;
export const AGENT_PLAN_REMARK_MAX = 200;
/** rows one save may carry (an agent's shops × categories fits many times over) */
export const AGENT_PLAN_BATCH_MAX = 500;

/**
 * Orders that count toward a plan: once submitted the buyer has committed to them (submitted), HQ
 * kept them (audited), or goods went (partly_shipped, shipped, closed). Drafts are not yet orders;
 * rejected and cancelled ones were given up. A figure is the audit's approved pieces (the ordered ones
 * before the audit); a closed order counts only what was shipped, since the rest was released. What
 * completed returns took back is subtracted (issue 26).
 */
export const AGENT_PLAN_COUNTED_STATUSES = ['submitted', 'audited', 'partly_shipped', 'shipped', 'closed'] as const satisfies readonly SalesOrderStatus[];

export interface PlanProgress {
  /** ordered ÷ target in percent, rounded to 0.1; null without a target */
  percent: number | null;
  /** what is still to order to reach the target; never below zero */
  remaining: number;
}

/** Progress of `ordered` against `target` (both integers ≥ 0, fen or pieces). */
export function planProgress(target: number, ordered: number): PlanProgress {
  const percent = target > 0 ? Math.round((ordered * 1000) / target) / 10 : null;
  return { percent, remaining: Math.max(0, target - ordered) };
}

/** 45.6% from a percent; -- without a target. */
export const percentText = (percent: number | null) => (percent === null ? '--' : `${percent.toFixed(1)}%`);

/**
 * The rows of one shop whose category has no planned ancestor in that shop: their subtrees are
 * disjoint, so adding their targets and ordered figures counts no order twice (a plan on 女装 and on
 * 女装›连衣裙 both include the dress orders).
 */
export function outermostRows<R extends { shopId: number; categoryId: number }>(rows: readonly R[], parentOf: ReadonlyMap<number, number | null>): R[] {
  const planned = new Set(rows.map((r) => `${r.shopId}:${r.categoryId}`));
  return rows.filter((row) => {
    const seen = new Set<number>();
    for (let p = parentOf.get(row.categoryId) ?? null; p !== null && !seen.has(p); p = parentOf.get(p) ?? null) {
      seen.add(p);
      if (planned.has(`${row.shopId}:${p}`)) return false;
    }
    return true;
  });
}

/** Why one target value is refused, or null; `what` names it (目标金额, 目标件数). */
export function planTargetProblem(value: unknown, max: number, message: string): string | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max ? null : message;
}

export const AgentPlanMessages = {
  seasonRequired: '请选择订货季',
  seasonNotFound: '订货季不存在',
  agentRequired: '请选择代理商',
  agentNotFound: '代理商不存在',
  shopRequired: '请选择门店',
  shopNotFound: '门店不存在',
  shopNotOfAgent: (shop: string) => `门店${shop}不属于该代理商`,
  categoryNotFound: '商品分类不存在',
  linesRequired: '请至少填写一行计划',
  linesTooMany: `一次最多保存${AGENT_PLAN_BATCH_MAX}行计划`,
  lineDuplicated: '同一门店同一分类只能填写一行',
  targetFenInvalid: '目标金额须为0到10亿元之间、最多两位小数的金额',
  targetPiecesInvalid: '目标件数须为0到1亿之间的整数',
  remarkTooLong: `备注不能超过${AGENT_PLAN_REMARK_MAX}个字符`,
  partyRequired: '请选择代理商或门店',
  partyNotFound: '代理商或门店不存在',
  saved: (n: number) => `订货计划已保存（${n}行）`,
} as const;

/** One cell of the plan grid: a shop's target for a category and what its orders hold of it. */
export interface AgentPlanLine {
  shopId: number;
  categoryId: number;
  /** null: no plan row yet (the grid shows the cell to fill in) */
  planId: number | null;
  targetFen: number;
  targetPieces: number;
  orderedFen: number;
  orderedPieces: number;
  amountPercent: number | null;
  piecesPercent: number | null;
  remark: string;
}

export interface AgentPlanTotals {
  targetFen: number;
  targetPieces: number;
  orderedFen: number;
  orderedPieces: number;
  amountPercent: number | null;
  piecesPercent: number | null;
}

export interface AgentPlanCategory {
  id: number;
  code: string;
  name: string;
  /** 女装 › 连衣裙 */
  path: string;
  level: number;
}

export interface AgentPlanShop {
  id: number;
  code: string;
  name: string;
  lines: AgentPlanLine[];
  totals: AgentPlanTotals;
}

/** 订货计划: one agent's shops × categories in one season. */
export interface AgentPlanGrid {
  seasonId: number;
  agentId: number;
  agentName: string;
  categories: AgentPlanCategory[];
  shops: AgentPlanShop[];
  totals: AgentPlanTotals;
}

/** 门店计划明细: one shop's plan lines (orders come page by page apart). */
export interface AgentPlanShopDetail {
  seasonId: number;
  shopId: number;
  shopCode: string;
  shopName: string;
  agentName: string;
  categories: AgentPlanCategory[];
  lines: AgentPlanLine[];
  totals: AgentPlanTotals;
}

/** One counted order of a shop in a season, with the figures the plan counts. */
export interface AgentPlanOrderRecord {
  id: number;
  orderNo: string;
  orderDate: string;
  status: SalesOrderStatus;
  statusLabel: string;
  /** net of returns: what completed 退货单 took back is not counted */
  countedFen: number;
  countedPieces: number;
  /** 已退: pieces completed returns took back of the order */
  returnedPieces: number;
}

/** One quota ledger entry with the quota's totals after it. */
export interface AgentPlanQuotaEntry {
  id: number;
  orderId: number;
  orderNo: string;
  move: QuotaMove;
  reservedFen: number;
  reservedPieces: number;
  consumedFen: number;
  consumedPieces: number;
  reservedFenAfter: number;
  reservedPiecesAfter: number;
  consumedFenAfter: number;
  consumedPiecesAfter: number;
  createdByName: string;
  createdAt: string;
}

export interface AgentPlanOptions {
  seasons: { id: number; code: string; name: string }[];
  agents: { id: number; code: string; name: string }[];
  shops: { id: number; code: string; name: string; agentId: number | null }[];
}
