import { isLoginPhone, isResetPhone, LoginMessages } from '@erp/shared';
import { badRequest } from '../../http/app-error.ts';

/** A required 11-digit mainland phone (SPEC §5): 请输入手机号, then 请输入正确的手机号. */
export function requireLoginPhone(raw: string | undefined): string {
  const phone = raw?.trim() ?? '';
  if (!phone) throw badRequest(LoginMessages.phoneRequired);
  if (!isLoginPhone(phone)) throw badRequest(LoginMessages.phoneInvalid);
  return phone;
}

/** Reset page phone checks (SPEC §5): empty on a code request, then the 3/4/5/7/8 pattern. */
export function resetPhone(raw: string | undefined, emptyMessage: string): string {
  const phone = raw?.trim() ?? '';
  if (!phone) throw badRequest(emptyMessage);
  if (!isResetPhone(phone)) throw badRequest(LoginMessages.phoneInvalid);
  return phone;
}
