import { agentInputProblem, type AgentOption, type AgentRecord } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import * as repo from './agents.repo.ts';
import type { AgentBody, AgentSortColumn } from './agents.schema.ts';
import { partyBaseRecord, partyBaseValues, partyRecordService } from './party-records.service.ts';
import { statusOf, type PartyScope } from './party-scope.ts';
import { trimmed } from './party-status.service.ts';

const agents = partyRecordService<AgentBody, repo.AgentValues, repo.AgentRow, AgentRecord, repo.AgentFilter, AgentSortColumn>({
  kind: 'agent',
  inputProblem: agentInputProblem,
  values: (body) => ({ ...partyBaseValues(body), province: trimmed(body.province), city: trimmed(body.city) }),
  toRecord: (row) => ({ ...partyBaseRecord(row), province: row.province, city: row.city, shopCount: Number(row.shop_count ?? 0) }),
  repo: {
    page: repo.pageAgents,
    find: repo.findAgent,
    lock: repo.lockAgent,
    codeTaken: repo.codeTaken,
    insert: repo.insertAgent,
    update: repo.updateAgent,
  },
});

export const { page: pageAgents, get: getAgent, create: createAgent, update: updateAgent } = agents;

export async function agentOptions(db: Db, scope: PartyScope): Promise<AgentOption[]> {
  return (await repo.agentOptions(db, scope)).map((row) => ({ id: row.id, code: row.code, name: row.name, status: statusOf(row.enabled) }));
}
