import { createHash, randomInt } from 'node:crypto';
import { ResultCode, SMS_CODE_LENGTH, SMS_CODE_TTL_SECONDS, SMS_MAX_WRONG_TRIES, SMS_RESEND_SECONDS, SmsMessages, smsTooSoonMessage, type SmsPurpose } from '@erp/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { findUserByPhone } from '../accounts/accounts.service.ts';
import type { SmsProvider } from './sms-provider.ts';
import { smsText, smsUnavailable } from './sms-provider.ts';
import * as repo from './sms.repo.ts';

export function newSmsCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

/** The code is bound to its phone and purpose: the same digits for another phone or purpose never match. */
export function hashSmsCode(phone: string, purpose: SmsPurpose, code: string): string {
  return createHash('sha256').update(`${phone}:${purpose}:${code}`).digest('hex');
}

type SmsLimits = Pick<AppConfig, 'smsDailyPerPhone' | 'smsDailyPerAddress'>;

/**
 * Sends a code. The answer is the same whether or not the phone has an account: for an
 * unknown phone nothing is delivered, but the send is recorded and throttled all the same.
 */
export async function sendSmsCode(db: Db, provider: SmsProvider, limits: SmsLimits, request: { phone: string; purpose: SmsPurpose; ip: string }): Promise<void> {
  const { phone, purpose, ip } = request;
  if (!provider.canSend) throw smsUnavailable();
  const code = newSmsCode();
  const deliver = await db.transaction().execute(async (trx) => {
    await repo.lockPhone(trx, phone);
    const last = await repo.secondsSinceLastSend(trx, phone, purpose);
    if (last && last.seconds < SMS_RESEND_SECONDS) {
      throw new AppError(ResultCode.rateLimited, smsTooSoonMessage(Math.ceil(SMS_RESEND_SECONDS - last.seconds)), 429);
    }
    if ((await repo.countSendsLastDay(trx, { phone })) >= limits.smsDailyPerPhone || (await repo.countSendsLastDay(trx, { ip })) >= limits.smsDailyPerAddress) {
      throw new AppError(ResultCode.rateLimited, SmsMessages.dailyCap, 429);
    }
    const user = await findUserByPhone(trx, phone);
    // 注册、换绑验证码发往尚无账号的手机；登录与找回密码只发往已有账号
    const delivered = purpose === 'register' || purpose === 'phone' ? !user : !!user && user.enabled;
    await repo.retireOpenCodes(trx, phone, purpose);
    await repo.insertCode(trx, {
      phone,
      purpose,
      codeHash: hashSmsCode(phone, purpose, code),
      delivered,
      ttlSeconds: SMS_CODE_TTL_SECONDS,
      ip,
    });
    return delivered;
  });
  if (deliver) {
    await provider.send({ phone, purpose, code, text: smsText(purpose, code), sentAt: new Date().toISOString() });
  }
}

/**
 * Checks and consumes the newest open code of this phone and purpose inside the caller's
 * transaction. A wrong try is counted; after five the code is dead even when right. The caller
 * must let the transaction commit on a wrong code, or the count is lost.
 */
export async function checkSmsCodeIn(trx: Db, phone: string, purpose: SmsPurpose, code: string): Promise<boolean> {
  await repo.lockPhone(trx, phone);
  const open = await repo.findOpenCodeForUpdate(trx, phone, purpose);
  if (!open || open.wrong_tries >= SMS_MAX_WRONG_TRIES) return false;
  if (open.delivered && open.code_hash === hashSmsCode(phone, purpose, code)) {
    await repo.consumeCode(trx, open.id);
    return true;
  }
  await repo.countWrongTry(trx, open.id);
  return false;
}

export function verifySmsCode(db: Db, phone: string, purpose: SmsPurpose, code: string): Promise<boolean> {
  return db.transaction().execute((trx) => checkSmsCodeIn(trx, phone, purpose, code));
}
