import { Messages, ResultCode, type RoleType } from '@erp/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { SessionCache, type SessionRow } from './session-cache.ts';
import { hashSessionToken, isWellFormedToken, newSessionToken } from './session-token.ts';
import * as repo from './sessions.repo.ts';

// Sessions: the bottom of identity. The HTTP auth hook resolves the `session` header here and
// nothing else; sign-in flows open sessions, password changes and sign-outs end them. No HTTP:
// a refusal is answered as a code and a message, which the hook turns into its 401.

/**
 * Data scope (DESIGN §4), applied inside every query: HQ (manager) reads all; an agent its own rows
 * and its shops'; a shop only itself; a supplier only itself; anyone else nothing. A row outside
 * the scope answers 404 like a missing one.
 */
export type PartyScope = { kind: 'all' } | { kind: 'agent'; agentId: number } | { kind: 'shop'; shopId: number } | { kind: 'supplier'; supplierId: number } | { kind: 'none' };

/** The scope of an account from its role type and party links. */
export function scopeOfUser(row: { role_type: string; agent_id: number | null; shop_id: number | null; supplier_id: number | null }): PartyScope {
  switch (row.role_type) {
    case 'manager':
      return { kind: 'all' };
    case 'agent':
      return row.agent_id ? { kind: 'agent', agentId: row.agent_id } : { kind: 'none' };
    case 'shop':
      return row.shop_id ? { kind: 'shop', shopId: row.shop_id } : { kind: 'none' };
    case 'supplier':
      return row.supplier_id ? { kind: 'supplier', supplierId: row.supplier_id } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

export interface AuthContext {
  sessionId: number;
  userId: number;
  account: string;
  roleType: RoleType;
  /** the data scope, from the account's party links read with the session */
  scope: PartyScope;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Why a session header lets nobody in: the answer code and message of the 401. */
export interface SessionRefusal {
  code: string;
  message: string;
}

type SessionConfig = Pick<AppConfig, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>;

export { hashSessionToken, isWellFormedToken, newSessionToken, SessionCache };

const TOUCH_INTERVAL_MS = 60_000;
const UNCACHED = new SessionCache(0);
const invalid: SessionRefusal = { code: ResultCode.sessionInvalid, message: Messages.sessionInvalid };

/** Resolves the `session` header into the signed-in user, or the session-clearing refusal. */
export async function resolveSession(
  db: Db,
  token: string | undefined,
  config: SessionConfig,
  cache: SessionCache = UNCACHED,
): Promise<{ auth: AuthContext } | { refused: SessionRefusal }> {
  if (!token) return { refused: { code: ResultCode.notSignedIn, message: Messages.notSignedIn } };
  if (!isWellFormedToken(token)) return { refused: invalid };
  const hash = hashSessionToken(token);
  let { row, cached } = await cache.find(db, hash);
  // a remembered row is trusted only to let the caller in: anything else is decided on the row itself
  if (cached && (!row || refusal(row, config) !== null)) {
    cache.forget(hash);
    ({ row } = await cache.find(db, hash));
  }
  if (!row || row.revoked_at) return { refused: invalid };
  const refused = refusal(row, config);
  if (refused) {
    await repo.revokeSession(db, row.session_id, refused.reason);
    cache.forget(hash);
    return { refused: refused.answer };
  }
  if (Date.now() - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    await repo.touchSession(db, row.session_id);
    cache.touched(hash, new Date());
  }
  return { auth: { sessionId: row.session_id, userId: row.user_id, account: row.account, roleType: row.role_type, scope: scopeOfUser(row) } };
}

/** Why a (not revoked) session may not be used any more: the revocation reason and the answer. */
function refusal(row: SessionRow, config: SessionConfig): { reason: string; answer: SessionRefusal } | null {
  if (row.revoked_at) return { reason: 'revoked', answer: invalid };
  const now = Date.now();
  const idleDeadline = row.last_seen_at.getTime() + config.sessionIdleMinutes * 60_000;
  if (now >= row.expires_at.getTime() || now >= idleDeadline) return { reason: 'expired', answer: { code: ResultCode.sessionExpired, message: Messages.sessionExpired } };
  if (row.deleted_at) return { reason: 'account-deleted', answer: { code: ResultCode.accountGone, message: Messages.accountGone } };
  if (!row.enabled) return { reason: 'account-disabled', answer: { code: ResultCode.accountDisabled, message: Messages.accountDisabled } };
  if (!row.active) return { reason: 'account-inactive', answer: { code: ResultCode.accountInactive, message: Messages.accountInactive } };
  if (row.session_role_type !== row.role_type) return { reason: 'role-changed', answer: { code: ResultCode.noAuth, message: Messages.noAuth } };
  return null;
}

/** A new session of a signed-in account: answers the token, of which only the hash is stored. */
export async function openSession(db: Db, user: { id: number; role_type: string }, client: ClientInfo, config: SessionConfig): Promise<string> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + config.sessionAbsoluteHours * 3_600_000);
  await repo.insertSession(db, { tokenHash: hashSessionToken(token), userId: user.id, roleType: user.role_type, expiresAt, ...client });
  return token;
}

/** Sign-out: this session ends, here and (through the shared counter) in every process. */
export async function endSession(db: Db, auth: AuthContext, cache: SessionCache = UNCACHED): Promise<void> {
  await repo.revokeSession(db, auth.sessionId, 'logout');
  cache.forgetSession(auth.sessionId);
}

/** Every open session of the account ends (a password change, a disabled account …), inside the caller's transaction. */
export async function endSessionsOf(db: Db, userId: number, reason: string): Promise<void> {
  await repo.revokeUserSessions(db, userId, reason);
}
