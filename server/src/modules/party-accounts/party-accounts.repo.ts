import type { PartyKind } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { LINK_COLUMN } from '../parties/party-scope.ts';

const ACCOUNT_COLUMNS = ['id', 'account', 'name', 'phone', 'active', 'enabled', 'last_login_at', 'created_at'] as const;

export function listAccounts(db: Db, kind: PartyKind, partyId: number) {
  return db
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS)
    .where('role_type', '=', kind)
    .where(LINK_COLUMN[kind], '=', partyId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export type AccountRow = Awaited<ReturnType<typeof listAccounts>>[number];

/** A sign-in account of an agent, a shop or a supplier (never an HQ account). */
export function findPartyAccount(db: Db, userId: number, lock = false) {
  const query = db
    .selectFrom('users')
    .select(['id', 'account', 'role_type', 'agent_id', 'shop_id', 'supplier_id', 'enabled'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('role_type', 'in', ['agent', 'shop', 'supplier']);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}
