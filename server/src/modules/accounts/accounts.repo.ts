import { sql } from 'kysely';
import type { PartyKind } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';

// SQL of the sign-in accounts themselves (users, user_roles): every module that creates, changes
// or looks up an account goes through accounts.service, never through these tables.

/** The user-table column that links an account to its party. */
const LINK_COLUMN = { agent: 'agent_id', shop: 'shop_id', supplier: 'supplier_id' } as const;

export function findUserByAccount(db: Db, account: string) {
  return db.selectFrom('users').selectAll().where(sql<string>`lower(account)`, '=', account.trim().toLowerCase()).where('deleted_at', 'is', null).executeTakeFirst();
}

export function findUserByPhone(db: Db, phone: string) {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).where('deleted_at', 'is', null).executeTakeFirst();
}

export function findUserById(db: Db, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** Deleted accounts keep their name: it is never given to anyone else. */
export async function accountNameTaken(db: Db, account: string): Promise<boolean> {
  const user = await db.selectFrom('users').select('id').where(sql<string>`lower(account)`, '=', account.toLowerCase()).executeTakeFirst();
  return !!user;
}

export interface NewUserRow {
  account: string;
  password_hash: string;
  name: string;
  phone: string | null;
  role_type: UsersTable['role_type'];
  active: boolean;
  parent_id?: number | null;
  agent_id?: number | null;
  shop_id?: number | null;
  supplier_id?: number | null;
}

export async function insertUser(db: Db, row: NewUserRow): Promise<number> {
  const { id } = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Memberships already there stay as they are. */
export async function addRoleMembers(db: Db, roleId: number, userIds: readonly number[]) {
  if (!userIds.length) return;
  await db
    .insertInto('user_roles')
    .values(userIds.map((user_id) => ({ user_id, role_id: roleId })))
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

export async function removeRoleMembers(db: Db, roleId: number, userIds: readonly number[]) {
  if (!userIds.length) return;
  await db.deleteFrom('user_roles').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute();
}

/** `active`: false when someone else set it, so the account must choose its own at the next sign-in. */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string, active: boolean) {
  await db.updateTable('users').set({ password_hash: passwordHash, active, password_changed_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', userId).execute();
}

export async function markLoggedIn(db: Db, userId: number) {
  await db.updateTable('users').set({ previous_login_at: sql`last_login_at`, last_login_at: sql`now()` }).where('id', '=', userId).execute();
}

export async function setEnabled(db: Db, userId: number, enabled: boolean) {
  await db.updateTable('users').set({ enabled, updated_at: sql`now()` }).where('id', '=', userId).execute();
}

/** Disables every enabled account of the party; answers how many. */
export async function disablePartyAccounts(db: Db, kind: PartyKind, partyId: number): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ enabled: false, updated_at: sql`now()` })
    .where('role_type', '=', kind)
    .where(LINK_COLUMN[kind], '=', partyId)
    .where('enabled', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function updateContact(db: Db, userId: number, values: { name?: string; phone?: string | null }) {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}
