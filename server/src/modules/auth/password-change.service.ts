import { checkDialogPassword, checkResetPassword, SmsMessages } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as repo from './auth.repo.ts';
import { hashPassword, verifyPassword } from '../accounts/password.ts';
import { endSessionsOf, hashSessionToken, isWellFormedToken, newSessionToken } from '../sessions/sessions.service.ts';
import { accountThrottleKeys } from './throttle-policy.ts';

/** A new password frees the account from every sign-in lock: its own and its pairs with addresses. */
function clearAccountFailures(trx: Db, account: string) {
  const { key, pairPrefix } = accountThrottleKeys(account);
  return repo.clearFailuresWithPrefix(trx, key, pairPrefix);
}

export type TicketPurpose = 'activate' | 'reset';
const TICKET_TTL_SECONDS = 10 * 60;

/** A one-time ticket that lets exactly one password change through, without a session. */
export async function issueTicket(db: Db, userId: number, purpose: TicketPurpose): Promise<string> {
  const token = newSessionToken();
  await repo.insertTicket(db, { tokenHash: hashSessionToken(token), userId, purpose, ttlSeconds: TICKET_TTL_SECONDS });
  return token;
}

export interface UpdatePasswordBody {
  account: string;
  password: string;
  ticket: string;
}

/**
 * Sets a new password with a ticket from the inactive-account sign-in (dialog rules) or a passed
 * reset check (reset rules), never on an account name alone. Activates the account and ends every
 * session of it. Bad input changes nothing, and the ticket stays usable until it succeeds.
 */
export async function updatePasswordWithTicket(db: Db, body: UpdatePasswordBody): Promise<void> {
  const invalidTicket = () => badRequest(SmsMessages.ticketInvalid);
  if (!isWellFormedToken(body.ticket)) throw invalidTicket();
  await db.transaction().execute(async (trx) => {
    const ticket = await repo.findLiveTicketForUpdate(trx, hashSessionToken(body.ticket));
    if (!ticket || ticket.deleted_at || !ticket.enabled) throw invalidTicket();
    if (!ticketNamesAccount(ticket, body.account)) throw invalidTicket();
    const problem = ticket.purpose === 'activate' ? checkDialogPassword(body.password, body.password) : checkResetPassword(body.password);
    if (problem) throw badRequest(problem);
    if (await verifyPassword(ticket.password_hash, body.password)) throw badRequest('新密码不能与原密码相同');
    await accounts.setOwnPassword(trx, ticket.user_id, await hashPassword(body.password));
    await repo.useUpAllTickets(trx, ticket.user_id);
    await endSessionsOf(trx, ticket.user_id, 'password-changed');
    await clearAccountFailures(trx, ticket.account);
  });
}

/** The dialog names the account; the reset page names it by the verified phone. */
function ticketNamesAccount(ticket: { account: string; phone: string | null }, account: string): boolean {
  const named = account.trim();
  return ticket.account.toLowerCase() === named.toLowerCase() || (!!ticket.phone && ticket.phone === named);
}

/**
 * 修改密码 from the personal centre: needs the current password, follows the reset rule, and
 * ends every session of the account (this one too), so the user signs in again.
 */
export async function changeOwnPassword(db: Db, userId: number, body: { oldPassword: string; password: string }): Promise<void> {
  const user = await accounts.findUserById(db, userId);
  if (!user) throw badRequest('用户不存在');
  if (!(await verifyPassword(user.password_hash, body.oldPassword))) throw badRequest('当前密码不正确');
  const problem = checkResetPassword(body.password);
  if (problem) throw badRequest(problem);
  if (body.password === body.oldPassword) throw badRequest('新密码不能与原密码相同');
  const passwordHash = await hashPassword(body.password);
  await db.transaction().execute(async (trx) => {
    await accounts.setOwnPassword(trx, userId, passwordHash);
    await repo.useUpAllTickets(trx, userId);
    await endSessionsOf(trx, userId, 'password-changed');
  });
}

/** 注销账号: disables the own account once the password is confirmed, and ends its sessions. */
export async function logOffOwnAccount(db: Db, userId: number, password: string): Promise<void> {
  const user = await accounts.findUserById(db, userId);
  if (!user || !(await verifyPassword(user.password_hash, password))) throw badRequest('密码不正确');
  await db.transaction().execute(async (trx) => {
    await accounts.setAccountEnabled(trx, userId, false);
    await endSessionsOf(trx, userId, 'account-logged-off');
  });
}

/**
 * 重置密码 by someone else (a party's or a parent's account manager), inside the caller's
 * transaction: the temporary password must be replaced at the next sign-in, open tickets die,
 * every session ends, and a person locked out by failed tries can sign in with it at once.
 */
export async function setTemporaryPassword(trx: Db, user: { id: number; account: string }, passwordHash: string): Promise<void> {
  await accounts.setTemporaryPassword(trx, user.id, passwordHash);
  await repo.useUpAllTickets(trx, user.id);
  await endSessionsOf(trx, user.id, 'password-changed');
  await clearAccountFailures(trx, user.account);
}

/** A disabled account's open activation and reset tickets die with it. */
export async function useUpTickets(trx: Db, userId: number): Promise<void> {
  await repo.useUpAllTickets(trx, userId);
}
