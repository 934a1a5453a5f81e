/** SMS codes (DESIGN §4a): 6 digits, 5 minutes, single use, 5 wrong tries, 60 s between sends. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_MAX_WRONG_TRIES = 5;

export const SmsMessages = {
  sent: '验证码已发送',
  codeInvalid: '验证码错误或已失效',
  dailyCap: '今日验证码发送次数已达上限，请明天再试',
  /** reset page (SPEC §5) */
  resetPhoneRequired: '手机号不能为空',
  resetPhoneEmptyOnSend: '手机号码不能为空',
  ticketInvalid: '操作已失效，请重新验证',
} as const;

export function smsTooSoonMessage(seconds: number): string {
  return `发送过于频繁，请 ${seconds} 秒后再试`;
}

/** phone: a code to the new number when changing the own phone */
export type SmsPurpose = 'login' | 'reset' | 'register' | 'phone';
