import {
  AGENT_PLAN_BATCH_MAX,
  AGENT_PLAN_REMARK_MAX,
  AGENT_PLAN_TARGET_FEN_MAX,
  AGENT_PLAN_TARGET_PIECES_MAX,
  AgentPlanMessages as M,
  outermostRows,
  planProgress,
  planTargetProblem,
  type AgentPlanCategory,
  type AgentPlanGrid,
  type AgentPlanLine,
  type AgentPlanOptions,
  type AgentPlanShopDetail,
  type AgentPlanTotals,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { ledgerOf } from '../ordering/quotas.service.ts';
import { categoryTree } from '../product-master/categories.service.ts';
import type { CategoryTreeNode } from '../product-master/categories.schema.ts';
import { countedByShopCategory, pageCountedOrders } from '../sales-orders/sales-orders-read.service.ts';
import * as repo from './agent-plans.repo.ts';
import type { PlanSaveBody } from './agent-plans.schema.ts';
import { registerUsageCheck } from '../product-master/usage.service.ts';

// 代理规划: targets per season × shop × category, and progress read from the shop's orders (through
// the sales-orders service) rolled up the category tree: a plan on 女装 counts its sub-categories.
// Scope: HQ every agent; an agent only itself and its current shops; a shop only itself. Another
// party's agent or shop answers 404 like a missing one.

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

interface Tree {
  /** every category in tree order (parents first, siblings by sort) */
  all: (AgentPlanCategory & { parentId: number | null })[];
  byId: Map<number, AgentPlanCategory & { parentId: number | null }>;
  parentOf: Map<number, number | null>;
}

async function tree(db: Db): Promise<Tree> {
  const all: Tree['all'] = [];
  const walk = (nodes: readonly CategoryTreeNode[], prefix: string) => {
    for (const n of nodes) {
      const path = prefix ? `${prefix} › ${n.name}` : n.name;
      all.push({ id: n.id, code: n.code, name: n.name, path, level: n.level, parentId: n.parentId });
      walk(n.children, path);
    }
  };
  walk(await categoryTree(db), '');
  return { all, byId: new Map(all.map((c) => [c.id, c])), parentOf: new Map(all.map((c) => [c.id, c.parentId])) };
}

/** Ordered figures per `shop:category`, each order line counted for its category and every ancestor. */
async function rolledUp(db: Db, t: Tree, seasonId: number, shopIds: readonly number[]): Promise<Map<string, { fen: number; pieces: number }>> {
  const sums = new Map<string, { fen: number; pieces: number }>();
  for (const row of await countedByShopCategory(db, seasonId, shopIds)) {
    const seen = new Set<number>();
    for (let c: number | null = row.categoryId; c !== null && !seen.has(c); c = t.parentOf.get(c) ?? null) {
      seen.add(c);
      const key = `${row.shopId}:${c}`;
      const sum = sums.get(key) ?? { fen: 0, pieces: 0 };
      sums.set(key, { fen: sum.fen + row.fen, pieces: sum.pieces + row.pieces });
    }
  }
  return sums;
}

function totalsOf(lines: readonly { targetFen: number; targetPieces: number; orderedFen: number; orderedPieces: number }[]): AgentPlanTotals {
  const t = lines.reduce((a, l) => ({ tf: a.tf + l.targetFen, tp: a.tp + l.targetPieces, of: a.of + l.orderedFen, op: a.op + l.orderedPieces }), { tf: 0, tp: 0, of: 0, op: 0 });
  return {
    targetFen: t.tf,
    targetPieces: t.tp,
    orderedFen: t.of,
    orderedPieces: t.op,
    amountPercent: planProgress(t.tf, t.of).percent,
    piecesPercent: planProgress(t.tp, t.op).percent,
  };
}

/** The grid's categories: every top-level one, and any other the shops have a plan for, in tree order. */
function gridCategories(t: Tree, plans: readonly repo.PlanRow[]): AgentPlanCategory[] {
  const planned = new Set(plans.map((p) => p.category_id));
  return t.all.filter((c) => c.parentId === null || planned.has(c.id)).map(({ parentId: _, ...c }) => c);
}

/** One shop's lines over `categories`, and its totals over its outermost plans (no order counted twice). */
function shopLines(t: Tree, shopId: number, categories: readonly AgentPlanCategory[], plans: readonly repo.PlanRow[], ordered: Map<string, { fen: number; pieces: number }>) {
  const lines: AgentPlanLine[] = categories.map((c) => {
    const plan = plans.find((p) => p.shop_id === shopId && p.category_id === c.id);
    const done = ordered.get(`${shopId}:${c.id}`) ?? { fen: 0, pieces: 0 };
    const targetFen = plan?.target_fen ?? 0;
    const targetPieces = plan?.target_pieces ?? 0;
    return {
      shopId,
      categoryId: c.id,
      planId: plan?.id ?? null,
      targetFen,
      targetPieces,
      orderedFen: done.fen,
      orderedPieces: done.pieces,
      amountPercent: planProgress(targetFen, done.fen).percent,
      piecesPercent: planProgress(targetPieces, done.pieces).percent,
      remark: plan?.remark ?? '',
    };
  });
  const planned = lines.filter((l) => l.planId !== null);
  return { lines, totals: totalsOf(outermostRows(planned, t.parentOf)) };
}

async function checkedSeason(db: Db, seasonId: unknown): Promise<number> {
  if (seasonId === undefined || seasonId === null) throw badRequest(M.seasonRequired);
  if (!isId(seasonId) || !(await repo.seasonExists(db, seasonId))) throw notFound(M.seasonNotFound);
  return seasonId;
}

/** The agent whose plan is read or saved: HQ names it; an agent is itself (naming another: 404). */
async function agentFor(db: Db, scope: PartyScope, agentId: unknown): Promise<{ id: number; name: string }> {
  if (scope.kind === 'agent') {
    if (agentId !== undefined && agentId !== null && agentId !== scope.agentId) throw notFound(M.agentNotFound);
    return (await repo.findAgent(db, scope.agentId))!;
  }
  if (scope.kind !== 'all') throw forbidden();
  if (agentId === undefined || agentId === null) throw badRequest(M.agentRequired);
  const agent = isId(agentId) ? await repo.findAgent(db, agentId) : undefined;
  if (!agent) throw notFound(M.agentNotFound);
  return agent;
}

/** 订货计划: the agent's shops × categories with targets, progress and totals. */
export async function planGrid(db: Db, scope: PartyScope, q: { seasonId: number; agentId?: number }): Promise<AgentPlanGrid> {
  if (scope.kind !== 'all' && scope.kind !== 'agent') throw forbidden();
  const seasonId = await checkedSeason(db, q.seasonId);
  const agent = await agentFor(db, scope, q.agentId);
  const shops = await repo.shopsOfAgent(db, agent.id);
  const shopIds = shops.map((s) => s.id);
  const [t, plans] = await Promise.all([tree(db), repo.plansOf(db, seasonId, shopIds)]);
  const ordered = await rolledUp(db, t, seasonId, shopIds);
  const categories = gridCategories(t, plans);
  const rows = shops.map((s) => ({ id: s.id, code: s.code, name: s.name, ...shopLines(t, s.id, categories, plans, ordered) }));
  return { seasonId, agentId: agent.id, agentName: agent.name, categories, shops: rows, totals: totalsOf(rows.map((r) => r.totals)) };
}

/** The shop in the caller's scope: HQ any, an agent its own shops, a shop itself; else 404. */
async function shopFor(db: Db, scope: PartyScope, shopId: number) {
  const shop = await repo.findShop(db, shopId);
  const mine = scope.kind === 'all' || (scope.kind === 'agent' && shop?.agent_id === scope.agentId) || (scope.kind === 'shop' && shop?.id === scope.shopId);
  if (scope.kind === 'supplier' || scope.kind === 'none') throw forbidden();
  if (!shop || !mine) throw notFound(M.shopNotFound);
  return shop;
}

/** 门店计划明细: one shop's plan lines with progress (its orders come page by page from shopOrders). */
export async function shopDetail(db: Db, scope: PartyScope, q: { seasonId: number; shopId: number }): Promise<AgentPlanShopDetail> {
  const shop = await shopFor(db, scope, q.shopId);
  const seasonId = await checkedSeason(db, q.seasonId);
  const [t, plans] = await Promise.all([tree(db), repo.plansOf(db, seasonId, [shop.id])]);
  const ordered = await rolledUp(db, t, seasonId, [shop.id]);
  const categories = gridCategories(t, plans);
  const { lines, totals } = shopLines(t, shop.id, categories, plans, ordered);
  return { seasonId, shopId: shop.id, shopCode: shop.code, shopName: shop.name, agentName: shop.agent_name ?? '', categories, lines, totals };
}

export async function shopOrders(db: Db, scope: PartyScope, q: { seasonId: number; shopId: number }, params: ListParams<'o.order_date' | 'o.order_no' | 'o.id'>) {
  const shop = await shopFor(db, scope, q.shopId);
  const seasonId = await checkedSeason(db, q.seasonId);
  return pageCountedOrders(db, { seasonId, shopId: shop.id }, params);
}

/** 订货额度明细: the quota ledger of a party and season, through the ordering module (it keeps the scope). */
export function quotaEntries(db: Db, scope: PartyScope, q: { seasonId: number; buyerType: 'agent' | 'shop'; buyerId: number }, params: ListParams<'e.created_at' | 'e.id'>) {
  return ledgerOf(db, scope, q, params);
}

export async function options(db: Db, scope: PartyScope): Promise<AgentPlanOptions> {
  if (scope.kind === 'supplier' || scope.kind === 'none') throw forbidden();
  const [seasons, agents, shops] = await Promise.all([repo.seasons(db), repo.agentsInScope(db, scope), repo.shopsInScope(db, scope)]);
  return { seasons, agents, shops: shops.map((s) => ({ id: s.id, code: s.code, name: s.name, agentId: s.agent_id })) };
}

interface CheckedLine {
  shopId: number;
  categoryId: number;
  targetFen: number;
  targetPieces: number;
  remark: string;
}

/** The lines' shape and figures (no database): 422 with the first problem. */
function checkedLines(lines: unknown): CheckedLine[] {
  if (!Array.isArray(lines) || lines.length === 0) throw badRequest(M.linesRequired);
  if (lines.length > AGENT_PLAN_BATCH_MAX) throw badRequest(M.linesTooMany);
  const seen = new Set<string>();
  return lines.map((raw: unknown) => {
    const line = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    if (line.shopId === undefined || line.shopId === null) throw badRequest(M.shopRequired);
    if (!isId(line.shopId)) throw notFound(M.shopNotFound);
    if (!isId(line.categoryId)) throw notFound(M.categoryNotFound);
    const problem =
      planTargetProblem(line.targetFen ?? 0, AGENT_PLAN_TARGET_FEN_MAX, M.targetFenInvalid) ??
      planTargetProblem(line.targetPieces ?? 0, AGENT_PLAN_TARGET_PIECES_MAX, M.targetPiecesInvalid);
    if (problem) throw badRequest(problem);
    const remark = line.remark ?? '';
    if (typeof remark !== 'string' || remark.trim().length > AGENT_PLAN_REMARK_MAX) throw badRequest(M.remarkTooLong);
    const key = `${line.shopId}:${line.categoryId}`;
    if (seen.has(key)) throw badRequest(M.lineDuplicated);
    seen.add(key);
    return {
      shopId: line.shopId,
      categoryId: line.categoryId,
      targetFen: (line.targetFen ?? 0) as number,
      targetPieces: (line.targetPieces ?? 0) as number,
      remark: remark.trim(),
    };
  });
}

/**
 * 编辑计划: the targets of many shop × category cells in one transaction; any bad line refuses the
 * whole batch (nothing written). A line with both targets 0 and no remark removes that plan row.
 */
export async function savePlan(db: Db, scope: PartyScope, userId: number, body: PlanSaveBody): Promise<{ saved: number; grid: AgentPlanGrid }> {
  if (scope.kind !== 'all' && scope.kind !== 'agent') throw forbidden();
  const seasonId = await checkedSeason(db, body.seasonId);
  const agent = await agentFor(db, scope, body.agentId);
  const lines = checkedLines(body.lines);
  const [shops, t] = await Promise.all([repo.shopsOfAgent(db, agent.id), tree(db)]);
  const own = new Set(shops.map((s) => s.id));
  for (const line of lines) {
    if (!own.has(line.shopId)) {
      const shop = scope.kind === 'all' ? await repo.findShop(db, line.shopId) : undefined;
      if (shop) throw badRequest(M.shopNotOfAgent(shop.name));
      throw notFound(M.shopNotFound);
    }
    if (!t.byId.has(line.categoryId)) throw notFound(M.categoryNotFound);
  }
  await withTransaction(db, async (trx) => {
    for (const l of lines) {
      if (l.targetFen === 0 && l.targetPieces === 0 && l.remark === '') await repo.deletePlan(trx, seasonId, l.shopId, l.categoryId);
      else
        await repo.upsertPlan(
          trx,
          { season_id: seasonId, agent_id: agent.id, shop_id: l.shopId, category_id: l.categoryId, target_fen: l.targetFen, target_pieces: l.targetPieces, remark: l.remark },
          userId,
        );
    }
  });
  return { saved: lines.length, grid: await planGrid(db, scope, { seasonId, agentId: agent.id }) };
}

/** How many plan rows name the category (product-master refuses to delete it while any does). */
export const countPlansOfCategory = repo.countPlansOfCategory;

/** A category that 订货计划 rows use is not deleted (product-master asks, with the routes registered). */
export function registerCategoryUsage(): void {
  registerUsageCheck('category', 'agent-plans', async (trx, [id]) => {
    const plans = await countPlansOfCategory(trx, id!);
    return plans > 0 ? `该分类已被${plans}行订货计划使用，不能删除` : null;
  });
}
