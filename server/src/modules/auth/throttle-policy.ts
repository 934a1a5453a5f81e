/**
 * 登录失败退避：同一账号连续失败 5 次、同一地址失败 30 次后开始锁定，
 * 锁定时长从 15 秒起每次翻倍，最长 15 分钟；15 分钟无失败则计数清零。
 * A real user is never locked out for more than 15 minutes.
 */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const MAX_LOCK_SECONDS = 15 * 60;
export const ACCOUNT_FREE_FAILURES = 5;
export const ADDRESS_FREE_FAILURES = 30;

export function lockSecondsAfter(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(MAX_LOCK_SECONDS, 15 * 2 ** (failures - freeFailures));
}

export function throttleKeys(account: string, address: string) {
  return [
    { key: `account:${account.trim().toLowerCase()}`, freeFailures: ACCOUNT_FREE_FAILURES },
    { key: `ip:${address}`, freeFailures: ADDRESS_FREE_FAILURES },
  ];
}
