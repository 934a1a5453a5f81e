import { AGENT_LEVEL_DICT, type RebateBasis, type RebateTier } from '@erp/shared';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import { dictItemNameSql } from '../dicts/dicts.service.ts';
import type { RebateRuleSortColumn, RebateSortColumn } from './rebates.schema.ts';

/** All SQL of 返利 (finance_rebate_rules, finance_rebate_tiers, finance_rebates). */

type Page<S> = { limit: number; offset: number; sortColumn: S; order: 'asc' | 'desc' };

export { isUniqueViolation } from '../../db/db-errors.ts';

// ---- rules ----

const postedOf = (rule: string) => sql<string>`(SELECT count(*) FROM finance_rebates x WHERE x.rule_id = ${sql.ref(rule)} AND x.status = 'posted')`;
const postedFenOf = (rule: string) => sql<string>`(SELECT coalesce(sum(x.amount_fen), 0) FROM finance_rebates x WHERE x.rule_id = ${sql.ref(rule)} AND x.status = 'posted')`;

function rulesBase(db: Db) {
  return db.selectFrom('finance_rebate_rules as r').innerJoin('ordering_seasons as s', 's.id', 'r.season_id');
}

const ruleColumns = [
  'r.id',
  'r.season_id',
  's.name as season_name',
  sql<string>`to_char(s.opens_on, 'YYYY-MM-DD')`.as('opens_on'),
  sql<string>`to_char(s.closes_on, 'YYYY-MM-DD')`.as('closes_on'),
  'r.agent_level',
  sql<string>`coalesce(${dictItemNameSql(AGENT_LEVEL_DICT, 'r.agent_level')}, '')`.as('agent_level_name'),
  'r.basis',
  'r.enabled',
  'r.remark',
  'r.updated_at',
  postedOf('r.id').as('posted_count'),
  postedFenOf('r.id').as('posted_fen'),
] as const;

export interface RuleFilter {
  seasonId?: number;
  basis?: RebateBasis;
  keyword?: string;
}

export function pageRules(db: Db, filter: RuleFilter, page: Page<RebateRuleSortColumn>) {
  let base = rulesBase(db);
  if (filter.seasonId) base = base.where('r.season_id', '=', filter.seasonId);
  if (filter.basis) base = base.where('r.basis', '=', filter.basis);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('s.name', 'ilike', pattern), eb('s.code', 'ilike', pattern), eb('r.remark', 'ilike', pattern)]));
  }
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  return fetchPage(base, (q) => q.select([...ruleColumns]).orderBy(sql`${sql.ref(page.sortColumn)} ${direction}, r.id ${direction}`), page);
}

export function ruleById(db: Db, id: number) {
  return rulesBase(db)
    .select([...ruleColumns])
    .where('r.id', '=', id)
    .executeTakeFirst();
}
export type RuleRow = NonNullable<Awaited<ReturnType<typeof ruleById>>>;

export function findRule(db: Db, id: number) {
  return db.selectFrom('finance_rebate_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockRule(trx: Db, id: number) {
  return trx.selectFrom('finance_rebate_rules').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function tiersOf(db: Db, ruleIds: readonly number[]): Promise<Map<number, RebateTier[]>> {
  const map = new Map<number, RebateTier[]>();
  if (ruleIds.length === 0) return map;
  const rows = await db
    .selectFrom('finance_rebate_tiers')
    .selectAll()
    .where('rule_id', 'in', [...ruleIds])
    .orderBy('rule_id')
    .orderBy('threshold_fen')
    .execute();
  for (const row of rows) {
    const list = map.get(Number(row.rule_id)) ?? [];
    list.push({ thresholdFen: Number(row.threshold_fen), rateBp: row.rate_bp });
    map.set(Number(row.rule_id), list);
  }
  return map;
}

export interface RuleValues {
  season_id: number;
  agent_level: string;
  basis: RebateBasis;
  enabled: boolean;
  remark: string;
}

export async function insertRule(trx: Db, values: RuleValues, userId: number): Promise<number> {
  const row = await trx
    .insertInto('finance_rebate_rules')
    .values({ ...values, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRule(trx: Db, id: number, values: RuleValues, userId: number): Promise<void> {
  await trx
    .updateTable('finance_rebate_rules')
    .set({ ...values, updated_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function replaceTiers(trx: Db, ruleId: number, tiers: readonly RebateTier[]): Promise<void> {
  await trx.deleteFrom('finance_rebate_tiers').where('rule_id', '=', ruleId).execute();
  await trx
    .insertInto('finance_rebate_tiers')
    .values(tiers.map((t) => ({ rule_id: ruleId, threshold_fen: t.thresholdFen, rate_bp: t.rateBp })))
    .execute();
}

export async function deleteRule(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('finance_rebate_rules').where('id', '=', id).execute();
}

export async function rebateCountOfRule(db: Db, ruleId: number, status?: 'posted'): Promise<number> {
  let q = db.selectFrom('finance_rebates').select(sql<string>`count(*)`.as('n')).where('rule_id', '=', ruleId);
  if (status) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** Is `value` an enabled item of the agent_level dictionary? */
export async function agentLevelExists(db: Db, value: string): Promise<boolean> {
  const row = await db
    .selectFrom('dict_items')
    .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
    .select('dict_items.id')
    .where('dicts.dict_code', '=', AGENT_LEVEL_DICT)
    .where('dict_items.status', '=', 'enabled')
    .where(sql<SqlBool>`lower(dict_items.value) = lower(${value})`)
    .executeTakeFirst();
  return !!row;
}

// ---- preview ----

/** The agents a rule applies to (its level, or every agent for ''), and any agent already posted under it. */
export function agentsOfRule(db: Db, ruleId: number, agentLevel: string) {
  return db
    .selectFrom('agents as a')
    .select(['a.id', 'a.code', 'a.name', 'a.level', sql<string>`coalesce(${dictItemNameSql(AGENT_LEVEL_DICT, 'a.level')}, '')`.as('level_name')])
    .where((eb) =>
      eb.or([
        agentLevel === '' ? sql<SqlBool>`true` : eb(sql`lower(a.level)`, '=', agentLevel.toLowerCase()),
        eb.exists(eb.selectFrom('finance_rebates as x').select('x.id').where('x.rule_id', '=', ruleId).whereRef('x.agent_id', '=', 'a.id')),
      ]),
    )
    .orderBy('a.code')
    .execute();
}

/** 回款额: posted 收款单 of each agent dated within [from, to]. */
export async function paidByAgent(db: Db, agentIds: readonly number[], from: string, to: string): Promise<Map<number, number>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('finance_payments')
    .select(['party_id', sql<string>`sum(amount_fen)`.as('fen')])
    .where('direction', '=', 'in')
    .where('party_type', '=', 'agent')
    .where('status', '=', 'posted')
    .where('party_id', 'in', [...agentIds])
    .where('paid_on', '>=', from)
    .where('paid_on', '<=', to)
    .groupBy('party_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.party_id), Number(r.fen)]));
}

export function postedOfRule(db: Db, ruleId: number) {
  return db.selectFrom('finance_rebates').select(['id', 'doc_no', 'agent_id', 'amount_fen']).where('rule_id', '=', ruleId).where('status', '=', 'posted').execute();
}

// ---- rebates ----

export async function insertRebate(
  trx: Db,
  values: {
    doc_no: string;
    season_id: number;
    rule_id: number;
    agent_id: number;
    basis: RebateBasis;
    basis_fen: number;
    threshold_fen: number;
    rate_bp: number;
    amount_fen: number;
    created_by: number;
  },
): Promise<number> {
  const row = await trx
    .insertInto('finance_rebates')
    .values({ ...values, status: 'posted' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function lockRebate(trx: Db, id: number) {
  return trx.selectFrom('finance_rebates').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export type LockedRebate = NonNullable<Awaited<ReturnType<typeof lockRebate>>>;

/** The status and stamps of a transition (built, not run: the kernel runs it with its event). */
export function updateRebateQuery(trx: Db, id: number, values: Record<string, unknown>) {
  return trx.updateTable('finance_rebates').set(values).where('id', '=', id);
}

function rebatesBase(db: Db) {
  return db
    .selectFrom('finance_rebates as f')
    .innerJoin('agents as ag', 'ag.id', 'f.agent_id')
    .innerJoin('ordering_seasons as s', 's.id', 'f.season_id')
    .leftJoin('users as cu', 'cu.id', 'f.created_by')
    .leftJoin('users as vu', 'vu.id', 'f.voided_by');
}

const rebateColumns = [
  'f.id',
  'f.doc_no',
  'f.season_id',
  's.name as season_name',
  'f.rule_id',
  'f.agent_id',
  'ag.code as agent_code',
  'ag.name as agent_name',
  'f.basis',
  'f.basis_fen',
  'f.threshold_fen',
  'f.rate_bp',
  'f.amount_fen',
  'f.status',
  'f.void_reason',
  'f.created_at',
  'f.voided_at',
  sql<string>`coalesce(cu.name, cu.account, '')`.as('created_by_name'),
  sql<string>`coalesce(vu.name, vu.account, '')`.as('voided_by_name'),
] as const;

export interface RebateFilter {
  status?: 'posted' | 'voided';
  seasonId?: number;
  ruleId?: number;
  agentId?: number;
  keyword?: string;
}

export function pageRebates(db: Db, inScope: Expression<SqlBool>, filter: RebateFilter, page: Page<RebateSortColumn>) {
  let base = rebatesBase(db).where(inScope);
  if (filter.status) base = base.where('f.status', '=', filter.status);
  if (filter.seasonId) base = base.where('f.season_id', '=', filter.seasonId);
  if (filter.ruleId) base = base.where('f.rule_id', '=', filter.ruleId);
  if (filter.agentId) base = base.where('f.agent_id', '=', filter.agentId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('f.doc_no', 'ilike', pattern), eb('ag.name', 'ilike', pattern), eb('ag.code', 'ilike', pattern), eb('s.name', 'ilike', pattern)]));
  }
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  return fetchPage(base, (q) => q.select([...rebateColumns]).orderBy(sql`${sql.ref(page.sortColumn)} ${direction}, f.id ${direction}`), page);
}

export function rebateById(db: Db, id: number) {
  return rebatesBase(db)
    .select([...rebateColumns])
    .where('f.id', '=', id)
    .executeTakeFirst();
}
export type RebateRow = NonNullable<Awaited<ReturnType<typeof rebateById>>>;

/** A season's period (its opens_on..closes_on days), for checking a rule's season and for the 回款额 window. */
export function seasonPeriod(db: Db, id: number) {
  return db
    .selectFrom('ordering_seasons')
    .select(['id', sql<string>`to_char(opens_on, 'YYYY-MM-DD')`.as('opens_on'), sql<string>`to_char(closes_on, 'YYYY-MM-DD')`.as('closes_on')])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function agentName(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom('agents').select('name').where('id', '=', id).executeTakeFirst())?.name;
}

/** A 返利单 by its exact number, whoever's, with its agent. */
export function findRebateIdByNo(db: Db, docNo: string) {
  return db.selectFrom('finance_rebates').select(['id', 'agent_id']).where('doc_no', '=', docNo).executeTakeFirst();
}

/** 返利单 rows a caller may reach: HQ every agent's, an agent its own, anyone else none. */
export function rebateInScope(scope: PartyScope) {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  if (scope.kind === 'agent') return sql<SqlBool>`f.agent_id = ${scope.agentId}`;
  return sql<SqlBool>`false`;
}
