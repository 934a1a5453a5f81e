import { PARTY_KIND_LABELS, partyAccountInputProblem, PartyMessages, partyNotFound, type PartyAccountRecord, type PartyKind } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error.ts';
import * as accounts from '../accounts/accounts.service.ts';
import { hashPassword, temporaryPassword } from '../accounts/password.ts';
import { setTemporaryPassword } from '../auth/password-change.service.ts';
import { isUniqueViolation, LINK_COLUMN, statusOf, type Caller } from '../parties/party-scope.ts';
import { findPartyState } from '../parties/party-status.service.ts';
import { accountTaken } from '../registrations/registrations.service.ts';
import { roleIdByCode } from '../roles/roles.service.ts';
import * as repo from './party-accounts.repo.ts';
import type { PartyAccountBody } from './party-accounts.schema.ts';

// A party's sign-in accounts. An account is created inactive with an initial password, so the
// person sets their own at the first sign-in; 重置密码 issues a random temporary one, shown once,
// with the same effect, and ends the account's sessions. Who may act: the page's 账号 button for
// that kind of party, and the party in the caller's scope (else 404, as for the party itself).

function toAccountRecord(row: repo.AccountRow): PartyAccountRecord {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    phone: accounts.maskPhone(row.phone),
    active: row.active,
    status: statusOf(row.enabled),
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

function assertMayManage(caller: Caller, kind: PartyKind) {
  if (!caller.accountKinds.has(kind)) throw forbidden(`没有管理${PARTY_KIND_LABELS[kind]}账号的权限`);
}

export async function listAccounts(db: Db, caller: Caller, kind: PartyKind, partyId: number): Promise<PartyAccountRecord[]> {
  if (!(await findPartyState(db, caller.scope, kind, partyId))) throw notFound(partyNotFound(kind));
  return (await repo.listAccounts(db, kind, partyId)).map(toAccountRecord);
}

export async function createAccount(db: Db, caller: Caller, kind: PartyKind, partyId: number, body: PartyAccountBody): Promise<number> {
  assertMayManage(caller, kind);
  const problem = partyAccountInputProblem(body);
  if (problem) throw badRequest(problem);
  const account = body.account!.trim();
  const phone = body.phone!.trim();
  const passwordHash = await hashPassword(body.password!);
  try {
    return await db.transaction().execute(async (trx) => {
      // the party's row lock keeps a concurrent 停用 from missing the new account
      const party = await findPartyState(trx, caller.scope, kind, partyId, true);
      if (!party) throw notFound(partyNotFound(kind));
      if (!party.enabled) throw conflict(PartyMessages.accountPartyDisabled);
      if (await accountTaken(trx, account)) throw conflict(PartyMessages.accountTaken);
      if (await accounts.findUserByPhone(trx, phone)) throw conflict(PartyMessages.accountPhoneTaken);
      // the built-in role of the same code as the kind (agent, shop, supplier)
      const roleId = await roleIdByCode(trx, kind);
      return accounts.createAccount(trx, {
        account,
        passwordHash,
        name: body.name!.trim(),
        phone,
        roleType: kind,
        // 首次登录须设置新密码
        active: false,
        links: { [LINK_COLUMN[kind]]: partyId },
        roleIds: roleId === undefined ? [] : [roleId],
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PartyMessages.accountTaken);
    throw error;
  }
}

/** The account when its party is in the caller's scope and the caller may manage that kind. */
async function lockManagedAccount(trx: Db, caller: Caller, userId: number) {
  const account = await repo.findPartyAccount(trx, userId, true);
  const kind = account?.role_type as PartyKind | undefined;
  const partyId = kind ? account?.[`${kind}_id`] : null;
  const party = account && kind && partyId ? await findPartyState(trx, caller.scope, kind, partyId) : undefined;
  if (!account || !kind || !party) throw notFound(PartyMessages.accountNotFound);
  assertMayManage(caller, kind);
  if (account.id === caller.userId) throw conflict(PartyMessages.accountSelf);
  return { account, party };
}

/** Returns the temporary password: it is shown once and never stored in clear. */
export async function resetPassword(db: Db, caller: Caller, userId: number): Promise<string> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const { account } = await lockManagedAccount(trx, caller, userId);
    // tickets and sessions end; a person locked out by failed tries can sign in with it at once
    await setTemporaryPassword(trx, account, passwordHash);
  });
  return password;
}

/** Disabling ends the account's sessions at their next call (S0001); enabling needs the party enabled. */
export async function setAccountEnabled(db: Db, caller: Caller, userId: number, enabled: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { account, party } = await lockManagedAccount(trx, caller, userId);
    if (account.enabled === enabled) throw conflict(enabled ? PartyMessages.accountAlreadyEnabled : PartyMessages.accountAlreadyDisabled);
    if (enabled && !party.enabled) throw conflict(PartyMessages.accountPartyDisabled);
    await accounts.setAccountEnabled(trx, userId, enabled);
  });
}
