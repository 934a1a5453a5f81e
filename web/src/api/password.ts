import { isTicketFailure } from '../auth/password-rules.ts';
import { ApiError, http } from './request.ts';

/** Password reset and the forced new password (SPEC §7); none of these calls carries a session. */
export interface CheckSmsCodeResult {
  /** single-use proof of the verified phone for updatePassword */
  ticket: string;
}

export interface UpdatePasswordBody {
  account: string;
  password: string;
  /** from an inactive login or from checkSmsCode */
  ticket: string;
}

export const passwordApi = {
  sendResetCode: (account: string) => http.get<null>('/admin/api/v1/sms/getSmsCode', { account, ftype: 'losepassword' }),
  checkResetCode: (account: string, code: string) => http.get<CheckSmsCodeResult>('/admin/api/v1/sms/checkSmsCode', { account, code }),
  updatePassword: (body: UpdatePasswordBody) => http.post<null>('/admin/api/v1/users/updatePassword', body),
};

/** The ticket was unknown, used or expired: the user has to verify again. */
export function isTicketError(error: unknown): boolean {
  return error instanceof ApiError && isTicketFailure(error.code, error.msg);
}
