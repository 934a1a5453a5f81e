import type { PartyKind, RoleType } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import * as repo from './accounts.repo.ts';

// The one way to create and change a sign-in account. The users module owns the users and
// user_roles rows; party accounts, approved registrations, sub-users, roles, sign-in and the
// personal centre call these functions (inside their own transaction when they pass one).

export type UserRow = repo.UserRow;

/** An account not deleted, by its name whatever the case (surrounding blanks ignored). */
export function findUserByAccount(db: Db, account: string): Promise<UserRow | undefined> {
  return repo.findUserByAccount(db, account);
}

/** The account not deleted that signs in with this phone. */
export function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return repo.findUserByPhone(db, phone);
}

export function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  return repo.findUserById(db, userId);
}

/** Whether an account, deleted ones included, already has this name whatever the case. */
export function accountNameTaken(db: Db, account: string): Promise<boolean> {
  return repo.accountNameTaken(db, account);
}

/** The party an agent, shop or supplier account signs in for (and a sub-user inherits). */
export interface PartyLinks {
  agent_id?: number | null;
  shop_id?: number | null;
  supplier_id?: number | null;
}

export interface NewAccount {
  account: string;
  passwordHash: string;
  name: string;
  phone: string | null;
  roleType: RoleType;
  /** false: the first sign-in must set a new password */
  active: boolean;
  links?: PartyLinks;
  /** the top account a sub-user belongs to */
  parentId?: number | null;
  /** roles the account is a member of from the start */
  roleIds?: readonly number[];
}

/** Creates the account and its role memberships; answers its id. */
export async function createAccount(trx: Db, input: NewAccount): Promise<number> {
  const id = await repo.insertUser(trx, {
    account: input.account,
    password_hash: input.passwordHash,
    name: input.name,
    phone: input.phone,
    role_type: input.roleType,
    active: input.active,
    parent_id: input.parentId ?? null,
    agent_id: input.links?.agent_id ?? null,
    shop_id: input.links?.shop_id ?? null,
    supplier_id: input.links?.supplier_id ?? null,
  });
  for (const roleId of input.roleIds ?? []) await repo.addRoleMembers(trx, roleId, [id]);
  return id;
}

/** A password the account chose itself: it is active from now on. */
export async function setOwnPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await repo.setPasswordHash(db, userId, passwordHash, true);
}

/** A password set by someone else: the account must choose its own at the next sign-in. */
export async function setTemporaryPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await repo.setPasswordHash(db, userId, passwordHash, false);
}

/** 上次登录 shows the sign-in before this one. */
export async function markLoggedIn(db: Db, userId: number): Promise<void> {
  await repo.markLoggedIn(db, userId);
}

/** A disabled account's sessions end at their next call (the auth hook answers S0001). */
export async function setAccountEnabled(db: Db, userId: number, enabled: boolean): Promise<void> {
  await repo.setEnabled(db, userId, enabled);
}

/** Disables every enabled account of the party (停用 of the party); answers how many. */
export function disablePartyAccounts(db: Db, kind: PartyKind, partyId: number): Promise<number> {
  return repo.disablePartyAccounts(db, kind, partyId);
}

/** Name and/or phone; the caller has checked them (and that the phone is free). */
export async function updateContact(db: Db, userId: number, values: { name?: string; phone?: string | null }): Promise<void> {
  await repo.updateContact(db, userId, values);
}

export async function addRoleMembers(db: Db, roleId: number, userIds: readonly number[]): Promise<void> {
  await repo.addRoleMembers(db, roleId, userIds);
}

export async function removeRoleMembers(db: Db, roleId: number, userIds: readonly number[]): Promise<void> {
  await repo.removeRoleMembers(db, roleId, userIds);
}

/** 138****0001: the full phone number never leaves the server in a profile. */
export function maskPhone(phone: string | null): string {
  if (!phone) return '';
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
