import { landingRouteFor, Messages, ResultCode, SmsMessages, type LoginResult } from '@erp/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import * as repo from './auth.repo.ts';
import { findPendingApplication } from '../registrations/registrations.service.ts';
import { verifySmsCode } from '../sms/sms.service.ts';
import * as accounts from '../accounts/accounts.service.ts';
import { verifyPassword } from '../accounts/password.ts';
import { issueTicket } from './password-change.service.ts';
import { hashSessionToken, isWellFormedToken, newSessionToken, openSession, type ClientInfo } from '../sessions/sessions.service.ts';
import { deviceThrottleKeys, lockSecondsAfter, THROTTLE_WINDOW_SECONDS, throttleKeys, type ThrottleRule } from './throttle-policy.ts';

type SessionConfig = Pick<AppConfig, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>;

const badCredentials = () => new AppError(ResultCode.loginFailed, Messages.badCredentials, 401);

async function assertNotLocked(db: Db, keys: string[]) {
  const locks = await repo.findActiveLocks(db, keys);
  if (locks.length === 0) return;
  const seconds = Math.max(...locks.map((l) => l.seconds_left), 1);
  throw new AppError(ResultCode.tooManyAttempts, `登录失败次数过多，请 ${seconds} 秒后再试`, 429);
}

async function countFailure(db: Db, rules: readonly ThrottleRule[]) {
  for (const { key, freeFailures, maxLockSeconds } of rules) {
    const failures = await repo.recordFailure(db, key, THROTTLE_WINDOW_SECONDS);
    const seconds = lockSecondsAfter(failures, freeFailures, maxLockSeconds);
    if (seconds > 0) await repo.lockKey(db, key, seconds);
  }
}

/**
 * Password sign-in. Unknown account and wrong password answer alike, with similar timing. Locks
 * (throttle-policy.ts) hold back this way in only: SMS and WeChat sign-in are not checked here.
 */
export async function loginWithPassword(db: Db, body: { account: string; password: string; device?: string }, client: ClientInfo, config: SessionConfig): Promise<LoginResult> {
  // a browser that signed in to this account before answers to its own count only
  const known = body.device && isWellFormedToken(body.device) ? await repo.findDevice(db, hashSessionToken(body.device), body.account) : undefined;
  const keys = known ? deviceThrottleKeys(body.account, known.id) : throttleKeys(body.account, client.ip);
  await assertNotLocked(
    db,
    keys.map((k) => k.key),
  );
  const user = await accounts.findUserByAccount(db, body.account);
  if (!user) await refusePendingApplicant(db, body);
  const valid = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !valid) {
    await countFailure(db, keys);
    throw badCredentials();
  }
  // the pair's count starts again; the account's slow count runs out with its window
  await repo.clearFailures(db, keys[0]!.key);
  const result = await completeSignIn(db, user, client, config);
  const device = known ? body.device! : newSessionToken();
  await repo.rememberDevice(db, user.id, hashSessionToken(device), known?.id ?? null);
  return { ...result, device };
}

/** 注册待审核: the applicant with the right password learns why; anyone else gets the usual answer. */
async function refusePendingApplicant(db: Db, body: { account: string; password: string }) {
  const pending = await findPendingApplication(db, body.account);
  if (pending && (await verifyPassword(pending.password_hash, body.password))) {
    throw new AppError(ResultCode.accountDisabled, '注册申请正在审核中，审核通过后即可登录', 403);
  }
}

/**
 * What every way in ends with: a disabled account is refused; an inactive one gets a one-time
 * password-change ticket and no session; otherwise a new session id.
 */
export async function completeSignIn(db: Db, user: accounts.UserRow, client: ClientInfo, config: SessionConfig): Promise<LoginResult> {
  if (!user.enabled) throw new AppError(ResultCode.accountDisabled, Messages.accountDisabled, 403);
  const base = {
    account: user.account,
    active: user.active,
    roleType: user.role_type,
    name: user.name,
    image: user.image,
    userId: user.id,
    landing: landingRouteFor(user.role_type),
  };
  // 未激活账号不发放会话：必须先设置新密码
  if (!user.active) return { ...base, session: '', ticket: await issueTicket(db, user.id, 'activate') };

  const token = await openSession(db, user, client, config);
  await accounts.markLoggedIn(db, user.id);
  return { ...base, session: token };
}

/** SMS sign-in: a wrong, used, expired or foreign code and an unknown phone answer alike. */
export async function loginWithSms(db: Db, body: { account: string; sms_code: string }, client: ClientInfo, config: SessionConfig): Promise<LoginResult> {
  const invalid = () => new AppError(ResultCode.loginFailed, SmsMessages.codeInvalid, 401);
  const phone = body.account.trim();
  if (!(await verifySmsCode(db, phone, 'login', body.sms_code.trim()))) throw invalid();
  const user = await accounts.findUserByPhone(db, phone);
  if (!user) throw invalid();
  return completeSignIn(db, user, client, config);
}
