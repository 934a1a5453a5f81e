import { sql, type SelectQueryBuilder } from 'kysely';
import { AGENT_LEVEL_DICT, type PartyStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import type { AgentSortColumn } from './agents.schema.ts';
import { agentsInScope, type PartyScope } from './party-scope.ts';

export interface AgentFilter {
  /** code, name, contact or phone */
  keyword?: string;
  status?: PartyStatus;
}

export interface AgentValues {
  code: string;
  name: string;
  contact_name: string;
  phone: string;
  province: string;
  city: string;
  address: string;
  remark: string;
  /** undefined keeps the stored level (an update whose body left it out) */
  level?: string;
}

const KEYWORD_COLUMNS = ['agents.code', 'agents.name', 'agents.contact_name', 'agents.phone'] as const;

function withColumns<O>(query: SelectQueryBuilder<Database, 'agents', O>) {
  return query.select((eb) => [
    'agents.id',
    'agents.code',
    'agents.name',
    'agents.contact_name',
    'agents.phone',
    'agents.province',
    'agents.city',
    'agents.address',
    'agents.remark',
    'agents.level',
    eb
      .selectFrom('dict_items')
      .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
      .select('dict_items.name')
      .where('dicts.dict_code', '=', AGENT_LEVEL_DICT)
      .whereRef('dict_items.value', '=', 'agents.level')
      .limit(1)
      .as('level_name'),
    'agents.enabled',
    'agents.created_at',
    'agents.updated_at',
    eb
      .selectFrom('shops')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('shops.agent_id', '=', 'agents.id')
      .as('shop_count'),
    eb
      .selectFrom('users')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('users.agent_id', '=', 'agents.id')
      .where('users.role_type', '=', 'agent')
      .where('users.deleted_at', 'is', null)
      .as('account_count'),
  ]);
}

export async function pageAgents(db: Db, scope: PartyScope, filter: AgentFilter, page: { limit: number; offset: number; sortColumn: AgentSortColumn; order: 'asc' | 'desc' }) {
  let base = db.selectFrom('agents').where((eb) => agentsInScope(eb, scope));
  if (filter.status) base = base.where('agents.enabled', '=', filter.status === 'enabled');
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or(KEYWORD_COLUMNS.map((column) => eb(column, 'ilike', pattern))));
  }
  return fetchPage(base, (query) => withColumns(query).orderBy(page.sortColumn, page.order).orderBy('agents.id', page.order), page);
}

export function findAgent(db: Db, scope: PartyScope, id: number) {
  return withColumns(db.selectFrom('agents'))
    .where('agents.id', '=', id)
    .where((eb) => agentsInScope(eb, scope))
    .executeTakeFirst();
}

export type AgentRow = NonNullable<Awaited<ReturnType<typeof findAgent>>>;

export function lockAgent(db: Db, scope: PartyScope, id: number) {
  return db
    .selectFrom('agents')
    .select(['id', 'code', 'enabled'])
    .where('agents.id', '=', id)
    .where((eb) => agentsInScope(eb, scope))
    .forUpdate()
    .executeTakeFirst();
}

/** Is `value` an enabled item of the agent_level dictionary? (share-locked while the agent is saved) */
export async function agentLevelExists(db: Db, value: string): Promise<boolean> {
  const row = await db
    .selectFrom('dict_items')
    .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
    .select('dict_items.id')
    .where('dicts.dict_code', '=', AGENT_LEVEL_DICT)
    .where('dicts.status', '=', 'enabled')
    .where('dict_items.status', '=', 'enabled')
    .where('dict_items.value', '=', value)
    .executeTakeFirst();
  return !!row;
}

/** The agents a shop form may pick from, in the caller's scope. */
export function agentOptions(db: Db, scope: PartyScope) {
  return db
    .selectFrom('agents')
    .select(['id', 'code', 'name', 'enabled'])
    .where((eb) => agentsInScope(eb, scope))
    .orderBy('code')
    .execute();
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('agents').select('id').where(sql<string>`lower(code)`, '=', code.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export async function insertAgent(db: Db, values: AgentValues): Promise<number> {
  const { id } = await db.insertInto('agents').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateAgent(db: Db, id: number, values: AgentValues) {
  await db
    .updateTable('agents')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Each agent's rank in 配货 priority: its level's sort in the agent_level dictionary (一级代理 1,
 * 二级代理 2, …); an agent without an enabled level ranks after every level (null).
 */
export async function agentLevelRanks(db: Db, agentIds: readonly number[]): Promise<Map<number, number | null>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('agents')
    .leftJoin('dicts', (join) => join.on('dicts.dict_code', '=', AGENT_LEVEL_DICT).on('dicts.status', '=', 'enabled'))
    .leftJoin('dict_items', (join) => join.onRef('dict_items.dict_id', '=', 'dicts.id').onRef('dict_items.value', '=', 'agents.level').on('dict_items.status', '=', 'enabled'))
    .select(['agents.id', 'dict_items.sort'])
    .where('agents.id', 'in', agentIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.sort ?? null]));
}
