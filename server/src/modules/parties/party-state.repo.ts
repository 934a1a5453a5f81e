import { sql } from 'kysely';
import type { PartyKind } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { agentsInScope, shopsInScope, suppliersInScope, type PartyScope } from './party-scope.ts';

export interface PartyState {
  id: number;
  name: string;
  enabled: boolean;
}

/** The party when it is in the caller's scope; `lock` takes its row lock for a change. */
export async function findPartyState(db: Db, scope: PartyScope, kind: PartyKind, id: number, lock = false): Promise<PartyState | undefined> {
  switch (kind) {
    case 'agent': {
      const query = db
        .selectFrom('agents')
        .select(['id', 'name', 'enabled'])
        .where('agents.id', '=', id)
        .where((eb) => agentsInScope(eb, scope));
      return (lock ? query.forUpdate() : query).executeTakeFirst();
    }
    case 'shop': {
      const query = db
        .selectFrom('shops')
        .select(['id', 'name', 'enabled'])
        .where('shops.id', '=', id)
        .where((eb) => shopsInScope(eb, scope));
      return (lock ? query.forUpdate() : query).executeTakeFirst();
    }
    case 'supplier': {
      const query = db
        .selectFrom('suppliers')
        .select(['id', 'name', 'enabled'])
        .where('suppliers.id', '=', id)
        .where((eb) => suppliersInScope(eb, scope));
      return (lock ? query.forUpdate() : query).executeTakeFirst();
    }
  }
}

export async function setPartyEnabled(db: Db, kind: PartyKind, id: number, enabled: boolean) {
  const set = { enabled, updated_at: sql<Date>`now()` };
  if (kind === 'agent') await db.updateTable('agents').set(set).where('id', '=', id).execute();
  else if (kind === 'shop') await db.updateTable('shops').set(set).where('id', '=', id).execute();
  else await db.updateTable('suppliers').set(set).where('id', '=', id).execute();
}

/** A registered applicant's party (审核通过): a franchise shop belongs to no agent. */
export async function insertApplicantParty(db: Db, kind: PartyKind, values: { code: string; name: string; contact_name: string; phone: string }): Promise<number> {
  switch (kind) {
    case 'agent': {
      const { id } = await db.insertInto('agents').values(values).returning('id').executeTakeFirstOrThrow();
      return id;
    }
    case 'shop': {
      const { id } = await db
        .insertInto('shops')
        .values({ ...values, kind: 'franchise', agent_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    }
    case 'supplier': {
      const { id } = await db.insertInto('suppliers').values(values).returning('id').executeTakeFirstOrThrow();
      return id;
    }
  }
}
