import { LoginMessages, SmsMessages } from '@erp/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/app-error.ts';
import type { SmsProvider } from '../sms/sms-provider.ts';
import { requireLoginPhone } from '../sms/phone.ts';
import { checkSmsCodeIn, sendSmsCode } from '../sms/sms.service.ts';
import { findUserByPhone, updateContact } from '../accounts/accounts.service.ts';

export async function renameSelf(db: Db, userId: number, rawName: string): Promise<void> {
  const name = rawName.trim();
  if (!name) throw badRequest('请输入姓名');
  if (name.length > 32) throw badRequest('姓名不能超过32个字');
  await updateContact(db, userId, { name });
}

/** 更换手机号, step one: a code to the NEW phone, which no other account may use. */
export async function sendChangePhoneCode(
  db: Db,
  provider: SmsProvider,
  limits: Pick<AppConfig, 'smsDailyPerPhone' | 'smsDailyPerAddress'>,
  request: { userId: number; phone: string | undefined; ip: string },
): Promise<void> {
  const phone = requireLoginPhone(request.phone);
  const owner = await findUserByPhone(db, phone);
  if (owner) throw conflict(owner.id === request.userId ? '新手机号与当前手机号相同' : '该手机号已被其他账号使用');
  await sendSmsCode(db, provider, limits, { phone, purpose: 'phone', ip: request.ip });
}

/** Step two: the code proves the new phone; a wrong one is counted and kept. */
export async function changePhone(db: Db, userId: number, body: { phone?: string; code?: string }): Promise<void> {
  const phone = requireLoginPhone(body.phone);
  const code = body.code?.trim() ?? '';
  if (!code) throw badRequest(LoginMessages.codeRequired);
  const changed = await db.transaction().execute(async (trx) => {
    if (!(await checkSmsCodeIn(trx, phone, 'phone', code))) return false;
    if (await findUserByPhone(trx, phone)) throw conflict('该手机号已被其他账号使用');
    await updateContact(trx, userId, { phone });
    return true;
  });
  if (!changed) throw badRequest(SmsMessages.codeInvalid);
}
