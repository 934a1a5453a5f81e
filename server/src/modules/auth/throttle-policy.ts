/**
 * 登录失败退避 (DESIGN §4a: per account and per address, never locking a real user out for long).
 *
 * - one account from one address: 5 failures within 15 minutes lock that pair for 15 s, doubling
 *   with each further failure up to 15 minutes. Only the guesser's address is locked: the account
 *   still signs in from anywhere else.
 * - one address across accounts (password spraying): 30 failures, then the same doubling.
 * - one account from everywhere: a slow limit only, for guessing spread over many addresses:
 *   50 failures within 15 minutes lock the account's password sign-in for 15 s, doubling up to
 *   1 minute, so that whoever keeps failing can hold a real user off for a minute at most.
 *
 * - a known device (one that signed in to the account with its password before, 0046) answers to
 *   its own (account, device) count only: the address and account-wide counts hold back unknown
 *   clients, so a guesser of a known account never locks its owner out (issue 26).
 *
 * SMS and WeChat sign-in are never held back by these locks. A window without failures (15
 * minutes) starts the count again; a password change or reset clears every count of the account.
 */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const MAX_LOCK_SECONDS = 15 * 60;
export const FIRST_LOCK_SECONDS = 15;
export const PAIR_FREE_FAILURES = 5;
export const ADDRESS_FREE_FAILURES = 30;
export const ACCOUNT_FREE_FAILURES = 50;
export const ACCOUNT_MAX_LOCK_SECONDS = 60;

export interface ThrottleRule {
  key: string;
  freeFailures: number;
  maxLockSeconds: number;
}

export function lockSecondsAfter(failures: number, freeFailures: number, maxLockSeconds: number = MAX_LOCK_SECONDS): number {
  if (failures < freeFailures) return 0;
  // capped exponent: 2 ** 1000 is Infinity, which min() would still cap, but stays readable
  return Math.min(maxLockSeconds, FIRST_LOCK_SECONDS * 2 ** Math.min(failures - freeFailures, 30));
}

const normalAccount = (account: string) => account.trim().toLowerCase();
const pairPrefix = (account: string) => `pair:${normalAccount(account)}|`;

/** The counters one password sign-in attempt is checked against and, when it fails, counts in. */
export function throttleKeys(account: string, address: string): ThrottleRule[] {
  return [
    { key: `${pairPrefix(account)}${address}`, freeFailures: PAIR_FREE_FAILURES, maxLockSeconds: MAX_LOCK_SECONDS },
    { key: `ip:${address}`, freeFailures: ADDRESS_FREE_FAILURES, maxLockSeconds: MAX_LOCK_SECONDS },
    { key: `account:${normalAccount(account)}`, freeFailures: ACCOUNT_FREE_FAILURES, maxLockSeconds: ACCOUNT_MAX_LOCK_SECONDS },
  ];
}

/** A known device's only counter: the owner's own failures from that browser. */
export function deviceThrottleKeys(account: string, deviceId: number): ThrottleRule[] {
  return [{ key: `${pairPrefix(account)}device:${deviceId}`, freeFailures: PAIR_FREE_FAILURES, maxLockSeconds: MAX_LOCK_SECONDS }];
}

/** Every counter of one account (its own, and each of its pairs with an address), to clear them all. */
export function accountThrottleKeys(account: string): { key: string; pairPrefix: string } {
  return { key: `account:${normalAccount(account)}`, pairPrefix: pairPrefix(account) };
}
