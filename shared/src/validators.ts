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

/**
 * Years a business date may carry: nothing here (a shop opening, an order, a member's birthday)
 * predates 1900 or follows 2099; 1899 and 9999 are typing slips, refused (issue 26).
 */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2099;
/** What a refused date is told: it does not exist, or lies outside the years above. */
export const DAY_INVALID_MESSAGE = `日期不存在或不在${DATE_MIN_YEAR}—${DATE_MAX_YEAR}年之间，请输入正确的日期`;

/**
 * A calendar day YYYY-MM-DD that exists (2026-02-30, 2026-13-01 and 0000-00-00 do not) within the
 * business years: the one check of every date the server accepts and the web sends.
 */
export function isCalendarDay(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  if (y < DATE_MIN_YEAR || y > DATE_MAX_YEAR) return false;
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;

/** An ISO 8601 date-time with an offset (2026-03-01T08:00:00+08:00) on a day that exists. */
export function isIsoDateTime(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = ISO_DATE_TIME.exec(text);
  return !!match && isCalendarDay(match[1]) && !Number.isNaN(Date.parse(text));
}
