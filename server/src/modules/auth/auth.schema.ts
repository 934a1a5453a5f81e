import { LoginMessages, ROLE_TYPES } from '@erp/shared';
import { z } from 'zod';
import { badRequest } from '../../http/app-error.ts';
import { requireLoginPhone } from '../sms/phone.ts';

/** `{account, password}` or `{type:'sms', account, sms_code}` (SPEC §7); checked by parseLoginBody. */
export const loginBody = z.object({
  type: z.enum(['password', 'sms']).optional().describe("'sms' for phone + code sign-in"),
  account: z.string().max(64).optional().describe('account name, or the phone with type sms'),
  password: z.string().max(128).optional(),
  sms_code: z.string().max(16).optional(),
  device: z.string().max(128).optional().describe('the device token this browser got at an earlier password sign-in to the account'),
});

export type LoginRequest = { kind: 'password'; account: string; password: string; device?: string } | { kind: 'sms'; account: string; sms_code: string };

/** One message per missing or malformed field, the same the login form shows (SPEC §5). */
export function parseLoginBody(body: z.infer<typeof loginBody>): LoginRequest {
  if (body.type === 'sms') {
    const account = requireLoginPhone(body.account);
    const code = body.sms_code?.trim() ?? '';
    if (!code) throw badRequest(LoginMessages.codeRequired);
    return { kind: 'sms', account, sms_code: code };
  }
  const account = body.account?.trim() ?? '';
  if (!account) throw badRequest(LoginMessages.accountRequired);
  if (!body.password) throw badRequest(LoginMessages.passwordRequired);
  return { kind: 'password', account, password: body.password, ...(body.device ? { device: body.device } : {}) };
}

export const loginResult = z.object({
  session: z.string(),
  account: z.string(),
  active: z.boolean(),
  roleType: z.enum(ROLE_TYPES),
  name: z.string(),
  image: z.string(),
  userId: z.number().int(),
  landing: z.string(),
  ticket: z.string().optional().describe('only for an inactive account: one-time ticket for updatePassword'),
  device: z.string().optional().describe('password sign-in: this browser’s device token for the account (send it with the next sign-in)'),
});

export const updatePasswordBody = z.object({
  account: z.string().max(64),
  password: z.string().max(128),
  ticket: z.string().max(64),
});

export const changePasswordBody = z.object({
  oldPassword: z.string().min(1, '请输入当前密码').max(128),
  password: z.string().min(1, '请输入新密码').max(128),
});

export const logOffBody = z.object({ password: z.string().min(1, '请输入密码').max(128) });
