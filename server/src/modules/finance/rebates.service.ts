import { REBATE_REMARK_MAX, RebateMessages, rebateRuleProblem, sortedTiers, type RebateBasis, type RebateRecord, type RebateRuleRecord, type RebateTier } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { hqOnly, type FinanceContext } from './finance-parties.ts';
import * as repo from './rebates.repo.ts';
import type { RebateRuleSortColumn, RebateSortColumn } from './rebates.schema.ts';
import { optionalText } from '../../http/text-input.ts';

// 返利规则 (issue 18) and the 返利单 list. A rule is HQ's. Once a rebate is posted under a rule, the
// rule is frozen (no edit, no delete) while that rebate stands: the posted documents say which
// figure, tier and rate they paid, and a rule changed under them would make the preview contradict
// the books. To change a frozen rule, void its rebates first (or add a new rule). A rule that ever
// had a rebate is never deleted (the documents name it): disable it instead.

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toRuleRecord(row: repo.RuleRow, tiers: RebateTier[]): RebateRuleRecord {
  return {
    id: Number(row.id),
    seasonId: Number(row.season_id),
    seasonName: row.season_name,
    seasonOpensOn: row.opens_on,
    seasonClosesOn: row.closes_on,
    agentLevel: row.agent_level,
    agentLevelName: row.agent_level === '' ? '所有级别' : row.agent_level_name || row.agent_level,
    basis: row.basis,
    enabled: row.enabled,
    remark: row.remark,
    tiers,
    postedCount: Number(row.posted_count),
    postedFen: Number(row.posted_fen),
    updatedAt: iso(row.updated_at)!,
  };
}

export function toRebateRecord(row: repo.RebateRow): RebateRecord {
  return {
    id: Number(row.id),
    docNo: row.doc_no,
    seasonId: Number(row.season_id),
    seasonName: row.season_name,
    ruleId: Number(row.rule_id),
    agentId: Number(row.agent_id),
    agentCode: row.agent_code,
    agentName: row.agent_name,
    basis: row.basis,
    basisFen: Number(row.basis_fen),
    thresholdFen: Number(row.threshold_fen),
    rateBp: row.rate_bp,
    amountFen: Number(row.amount_fen),
    status: row.status,
    voidReason: row.void_reason,
    createdByName: row.created_by_name,
    createdAt: iso(row.created_at)!,
    voidedByName: row.voided_by_name,
    voidedAt: iso(row.voided_at),
  };
}

export interface RuleInput {
  seasonId?: unknown;
  agentLevel?: unknown;
  basis?: unknown;
  enabled?: unknown;
  remark?: unknown;
  tiers?: unknown;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** The rule's values, checked: its fields, an existing season, an enabled level (or '' for every level). */
async function ruleValues(trx: Db, input: RuleInput): Promise<{ values: repo.RuleValues; tiers: RebateTier[] }> {
  if (input.seasonId === undefined || input.seasonId === null || input.seasonId === '') throw badRequest(RebateMessages.seasonRequired);
  if (!isId(input.seasonId)) throw badRequest(RebateMessages.seasonNotFound);
  const level = input.agentLevel === undefined || input.agentLevel === null ? '' : input.agentLevel;
  if (typeof level !== 'string' || level.length > 64) throw badRequest(RebateMessages.levelInvalid);
  const problem = rebateRuleProblem(input);
  if (problem) throw badRequest(problem);
  if (!(await repo.seasonPeriod(trx, input.seasonId))) throw badRequest(RebateMessages.seasonNotFound);
  const agentLevel = level.trim();
  if (agentLevel !== '' && !(await repo.agentLevelExists(trx, agentLevel))) throw badRequest(RebateMessages.levelInvalid);
  const remark = optionalText(input.remark, '备注', REBATE_REMARK_MAX, RebateMessages.remarkTooLong);
  return {
    values: { season_id: input.seasonId, agent_level: agentLevel, basis: input.basis as RebateBasis, enabled: input.enabled !== false, remark },
    tiers: sortedTiers(input.tiers as RebateTier[]),
  };
}

async function saved<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict(RebateMessages.ruleTaken);
    throw error;
  }
}

export async function createRule(db: Db, ctx: FinanceContext, input: RuleInput): Promise<RebateRuleRecord> {
  hqOnly(ctx.scope);
  return saved(() =>
    withTransaction(db, async (trx) => {
      const { values, tiers } = await ruleValues(trx, input);
      const id = await repo.insertRule(trx, values, ctx.userId);
      await repo.replaceTiers(trx, id, tiers);
      return getRule(trx, ctx, id);
    }),
  );
}

export async function updateRule(db: Db, ctx: FinanceContext, id: number, input: RuleInput): Promise<RebateRuleRecord> {
  hqOnly(ctx.scope);
  return saved(() =>
    withTransaction(db, async (trx) => {
      if (!(await repo.lockRule(trx, id))) throw notFound(RebateMessages.ruleNotFound);
      if ((await repo.rebateCountOfRule(trx, id, 'posted')) > 0) throw conflict(RebateMessages.ruleLocked);
      const { values, tiers } = await ruleValues(trx, input);
      await repo.updateRule(trx, id, values, ctx.userId);
      await repo.replaceTiers(trx, id, tiers);
      return getRule(trx, ctx, id);
    }),
  );
}

export async function deleteRule(db: Db, ctx: FinanceContext, id: number): Promise<void> {
  hqOnly(ctx.scope);
  await withTransaction(db, async (trx) => {
    if (!(await repo.lockRule(trx, id))) throw notFound(RebateMessages.ruleNotFound);
    if ((await repo.rebateCountOfRule(trx, id, 'posted')) > 0) throw conflict(RebateMessages.ruleLocked);
    if ((await repo.rebateCountOfRule(trx, id)) > 0) throw conflict(RebateMessages.ruleUsed);
    await repo.deleteRule(trx, id);
  });
}

export async function getRule(db: Db, ctx: FinanceContext, id: number): Promise<RebateRuleRecord> {
  hqOnly(ctx.scope);
  const row = await repo.ruleById(db, id);
  if (!row) throw notFound(RebateMessages.ruleNotFound);
  return toRuleRecord(row, (await repo.tiersOf(db, [id])).get(id) ?? []);
}

export async function pageRules(db: Db, ctx: FinanceContext, filter: repo.RuleFilter, params: ListParams<RebateRuleSortColumn>) {
  hqOnly(ctx.scope);
  const page = await repo.pageRules(db, filter, params);
  const tiers = await repo.tiersOf(
    db,
    page.records.map((r) => Number(r.id)),
  );
  return { records: page.records.map((r) => toRuleRecord(r, tiers.get(Number(r.id)) ?? [])), total: page.total };
}

export const mayReachRebate = (scope: PartyScope, agentId: number) => scope.kind === 'all' || (scope.kind === 'agent' && scope.agentId === agentId);

export async function getRebate(db: Db, ctx: FinanceContext, id: number): Promise<RebateRecord> {
  const row = await repo.rebateById(db, id);
  if (!row || !mayReachRebate(ctx.scope, Number(row.agent_id))) throw notFound(RebateMessages.rebateNotFound);
  return toRebateRecord(row);
}

export async function pageRebates(db: Db, ctx: FinanceContext, filter: repo.RebateFilter, params: ListParams<RebateSortColumn>) {
  const page = await repo.pageRebates(db, repo.rebateInScope(ctx.scope), filter, params);
  return { records: page.records.map(toRebateRecord), total: page.total };
}

/** 工作台 单据查找: a 返利单 (FL) by its exact number, null when missing or another agent's. */
export async function findRebateByNo(db: Db, ctx: FinanceContext, docNo: string): Promise<RebateRecord | null> {
  const row = await repo.findRebateIdByNo(db, docNo);
  return row && mayReachRebate(ctx.scope, Number(row.agent_id)) ? getRebate(db, ctx, Number(row.id)) : null;
}
