import { PasswordMessages, ResultCode, SmsMessages, checkDialogPassword, checkResetPassword } from '@erp/shared';

/**
 * Field messages of the two password forms (SPEC §5), built on the shared rules so the
 * server and the web agree. Each returns null when the field is acceptable.
 */

/** 新密码 in the forced dialog: length, then format. */
export function dialogPasswordError(password: string): string | null {
  if (!password) return PasswordMessages.required;
  // the same entry twice: only the length and format checks can fail
  return checkDialogPassword(password, password);
}

/** 确认新密码 in the forced dialog: only the mismatch is reported here. */
export function dialogConfirmError(password: string, confirm: string): string | null {
  if (!confirm) return PasswordMessages.confirmRequired;
  return checkDialogPassword(password, confirm) === PasswordMessages.mismatch ? PasswordMessages.mismatch : null;
}

/** 新密码 on the reset page: 8 to 30 with three character classes. */
export function resetPasswordError(password: string): string | null {
  return checkResetPassword(password);
}

/** 确认密码 on the reset page. */
export function resetConfirmError(password: string, confirm: string): string | null {
  if (!confirm) return PasswordMessages.confirmRequired;
  return password === confirm ? null : PasswordMessages.resetMismatch;
}

/** The server's answer for an unknown, used or expired updatePassword ticket. */
export function isTicketFailure(code: string, msg: string): boolean {
  return code === ResultCode.badRequest && msg === SmsMessages.ticketInvalid;
}

/** antd Form validator from one of the helpers above. */
export function toValidator(check: (value: string) => string | null) {
  return (_rule: unknown, value: unknown) => {
    const message = check(typeof value === 'string' ? value : '');
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  };
}
