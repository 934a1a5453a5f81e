/**
 * Password rules (SPEC §5). Two rule sets: the forced new-password dialog (at least 8, at
 * least one letter, only letters, digits and the symbols below) and the reset page (8 to 30,
 * at least three of digits, lowercase, uppercase and special characters).
 */
export const PASSWORD_SYMBOLS = '!@#$%^&*()_+-=.,?';

export const PasswordMessages = {
  mismatch: '两次密码不一致，请重新输入',
  tooShort: '密码长度必须大于8位，请重新输入',
  badFormat: '密码格式不正确，请重新输入',
  hint: '数字和字母，至少8位',
  required: '请输入密码',
  confirmRequired: '请再次输入密码',
  resetMismatch: '两次输入密码不一致!',
  resetRule: '密码须为8-30位，且包含数字、小写字母、大写字母、特殊字符中的至少三种',
} as const;

const escapedSymbols = PASSWORD_SYMBOLS.replace(/[-\\^\]]/g, '\\$&');
const DIALOG_ALLOWED = new RegExp(`^[A-Za-z0-9${escapedSymbols}]+$`);

/** The new-password dialog: null when acceptable, else the SPEC message. */
export function checkDialogPassword(password: string, confirm: string): string | null {
  if (password !== confirm) return PasswordMessages.mismatch;
  if (password.length < 8) return PasswordMessages.tooShort;
  if (!DIALOG_ALLOWED.test(password) || !/[A-Za-z]/.test(password)) return PasswordMessages.badFormat;
  return null;
}

/** The reset page rule: 8 to 30 characters with at least three character classes. */
export function checkResetPassword(password: string): string | null {
  if (!password) return PasswordMessages.required;
  if (password.length < 8 || password.length > 30) return PasswordMessages.resetRule;
  const classes = [/\d/, /[a-z]/, /[A-Z]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return classes >= 3 ? null : PasswordMessages.resetRule;
}

export type PasswordRule = 'dialog' | 'reset';
