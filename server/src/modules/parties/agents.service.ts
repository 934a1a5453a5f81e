import { agentInputProblem, PlanningMessages, type AgentOption, type AgentRecord } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import * as repo from './agents.repo.ts';
import type { AgentBody, AgentSortColumn } from './agents.schema.ts';
import { partyBaseRecord, partyBaseValues, partyRecordService } from './party-records.service.ts';
import { statusOf, type PartyScope } from './party-scope.ts';
import { trimmed } from './party-status.service.ts';

const agents = partyRecordService<AgentBody, repo.AgentValues, repo.AgentRow, AgentRecord, repo.AgentFilter, AgentSortColumn>({
  kind: 'agent',
  inputProblem: agentInputProblem,
  values: (body) => ({
    ...partyBaseValues(body),
    province: trimmed(body.province),
    city: trimmed(body.city),
    // left out: an update keeps the level, a new agent has none
    level: body.level === null || body.level === undefined ? undefined : trimmed(body.level),
  }),
  toRecord: (row) => ({
    ...partyBaseRecord(row),
    province: row.province,
    city: row.city,
    level: row.level,
    levelName: row.level_name ?? '',
    shopCount: Number(row.shop_count ?? 0),
  }),
  repo: {
    page: repo.pageAgents,
    find: repo.findAgent,
    lock: repo.lockAgent,
    codeTaken: repo.codeTaken,
    insert: repo.insertAgent,
    update: repo.updateAgent,
  },
});

export const { page: pageAgents, get: getAgent } = agents;

/** The level, when one is sent, must be an enabled agent_level item (checked after the form's own rules). */
async function assertLevel(db: Db, body: AgentBody): Promise<void> {
  const level = trimmed(body.level);
  if (!level || agentInputProblem(body)) return;
  if (typeof body.level !== 'string' || !(await repo.agentLevelExists(db, level))) throw badRequest(PlanningMessages.levelInvalid);
}

export async function createAgent(db: Db, scope: PartyScope, body: AgentBody): Promise<number> {
  await assertLevel(db, body);
  return agents.create(db, scope, body);
}

export async function updateAgent(db: Db, scope: PartyScope, id: number, body: AgentBody): Promise<AgentRecord> {
  await assertLevel(db, body);
  return agents.update(db, scope, id, body);
}

export async function agentOptions(db: Db, scope: PartyScope): Promise<AgentOption[]> {
  return (await repo.agentOptions(db, scope)).map((row) => ({ id: row.id, code: row.code, name: row.name, status: statusOf(row.enabled) }));
}

/** Each agent's rank for 配货 priority (its level's sort; null without a level). */
export const agentLevelRanks = repo.agentLevelRanks;
