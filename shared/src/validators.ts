/** Validation rules and their messages, identical on both sides (SPEC §5). */
export const LoginMessages = {
  accountRequired: '请输入账号',
  passwordRequired: '请输入密码',
  phoneRequired: '请输入手机号',
  codeRequired: '请输入验证码',
  phoneInvalid: '请输入正确的手机号',
} as const;

/** SMS login: 11-digit mainland number starting with 1. */
export const LOGIN_PHONE_PATTERN = /^1\d{10}$/;
/** Reset page: 11 digits, second digit 3, 4, 5, 7 or 8. */
export const RESET_PHONE_PATTERN = /^1[34578]\d{9}$/;

export function isLoginPhone(phone: string): boolean {
  return LOGIN_PHONE_PATTERN.test(phone);
}
export function isResetPhone(phone: string): boolean {
  return RESET_PHONE_PATTERN.test(phone);
}

/** Account names: letters, digits, underscore, dot and hyphen, 3 to 32 characters. */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
