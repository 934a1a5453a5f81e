import { agentInputProblem, partyCodeTaken, partyNotFound, type AgentOption, type AgentRecord } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import * as repo from './agents.repo.ts';
import type { AgentBody, AgentSortColumn } from './agents.schema.ts';
import { assertHqCreates, trimmed } from './party-status.service.ts';
import { isUniqueViolation, statusOf, type PartyScope } from './party-scope.ts';

function toAgentRecord(row: repo.AgentRow): AgentRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    contactName: row.contact_name,
    phone: row.phone,
    province: row.province,
    city: row.city,
    address: row.address,
    remark: row.remark,
    status: statusOf(row.enabled),
    shopCount: Number(row.shop_count ?? 0),
    accountCount: Number(row.account_count ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function agentValues(body: AgentBody): repo.AgentValues {
  const problem = agentInputProblem(body);
  if (problem) throw badRequest(problem);
  return {
    code: trimmed(body.code),
    name: trimmed(body.name),
    contact_name: trimmed(body.contactName),
    phone: trimmed(body.phone),
    province: trimmed(body.province),
    city: trimmed(body.city),
    address: trimmed(body.address),
    remark: trimmed(body.remark),
  };
}

async function uniqueCode<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(partyCodeTaken(code));
    throw error;
  }
}

export async function pageAgents(db: Db, scope: PartyScope, filter: repo.AgentFilter, params: ListParams<AgentSortColumn>) {
  const { records, total } = await repo.pageAgents(db, scope, filter, params);
  return { total, records: records.map(toAgentRecord) };
}

export async function getAgent(db: Db, scope: PartyScope, id: number): Promise<AgentRecord> {
  const row = await repo.findAgent(db, scope, id);
  if (!row) throw notFound(partyNotFound('agent'));
  return toAgentRecord(row);
}

export async function createAgent(db: Db, scope: PartyScope, body: AgentBody): Promise<number> {
  assertHqCreates(scope, 'agent');
  const values = agentValues(body);
  return uniqueCode(values.code, () =>
    db.transaction().execute(async (trx) => {
      if (await repo.codeTaken(trx, values.code)) throw conflict(partyCodeTaken(values.code));
      return repo.insertAgent(trx, values);
    }),
  );
}

/** The whole record is replaced by the form's values. */
export async function updateAgent(db: Db, scope: PartyScope, id: number, body: AgentBody): Promise<AgentRecord> {
  const values = agentValues(body);
  await uniqueCode(values.code, () =>
    db.transaction().execute(async (trx) => {
      if (!(await repo.lockAgent(trx, scope, id))) throw notFound(partyNotFound('agent'));
      if (await repo.codeTaken(trx, values.code, id)) throw conflict(partyCodeTaken(values.code));
      await repo.updateAgent(trx, id, values);
    }),
  );
  return getAgent(db, scope, id);
}

export async function agentOptions(db: Db, scope: PartyScope): Promise<AgentOption[]> {
  return (await repo.agentOptions(db, scope)).map((row) => ({ id: row.id, code: row.code, name: row.name, status: statusOf(row.enabled) }));
}
