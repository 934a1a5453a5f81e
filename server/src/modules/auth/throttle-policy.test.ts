import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_FREE_FAILURES,
  ACCOUNT_MAX_LOCK_SECONDS,
  ADDRESS_FREE_FAILURES,
  accountThrottleKeys,
  lockSecondsAfter,
  MAX_LOCK_SECONDS,
  PAIR_FREE_FAILURES,
  throttleKeys,
} from './throttle-policy.ts';

describe('login back-off policy', () => {
  it('lets the first failures through', () => {
    expect(lockSecondsAfter(0, 5)).toBe(0);
    expect(lockSecondsAfter(4, 5)).toBe(0);
  });
  it('locks from the threshold on, doubling', () => {
    expect(lockSecondsAfter(5, 5)).toBe(15);
    expect(lockSecondsAfter(6, 5)).toBe(30);
    expect(lockSecondsAfter(7, 5)).toBe(60);
  });
  it('never locks longer than its cap', () => {
    expect(lockSecondsAfter(50, 5)).toBe(MAX_LOCK_SECONDS);
    expect(lockSecondsAfter(10_000, 5)).toBe(MAX_LOCK_SECONDS);
    expect(lockSecondsAfter(10_000, 50, 60)).toBe(60);
  });

  it('counts an attempt for the account and address together, for the address, and for the account', () => {
    const rules = throttleKeys(' Admin ', '10.0.0.1');
    expect(rules.map((r) => r.key)).toEqual(['pair:admin|10.0.0.1', 'ip:10.0.0.1', 'account:admin']);
    expect(rules.map((r) => r.freeFailures)).toEqual([PAIR_FREE_FAILURES, ADDRESS_FREE_FAILURES, ACCOUNT_FREE_FAILURES]);
  });

  it('a guesser at one address locks only its own pair, not the account for others', () => {
    const [pair, , account] = throttleKeys('admin', '10.0.0.1');
    const other = throttleKeys('admin', '10.0.0.2')[0]!;
    expect(pair!.key).not.toBe(other.key);
    // six failures lock the guesser's pair, while the account-wide count is far from its limit
    expect(lockSecondsAfter(6, pair!.freeFailures, pair!.maxLockSeconds)).toBeGreaterThan(0);
    expect(lockSecondsAfter(6, account!.freeFailures, account!.maxLockSeconds)).toBe(0);
  });

  it('the account-wide limit is slow and short: many failures, then a minute at most', () => {
    const account = throttleKeys('admin', '10.0.0.1')[2]!;
    expect(account.freeFailures).toBeGreaterThanOrEqual(5 * PAIR_FREE_FAILURES);
    expect(account.maxLockSeconds).toBe(ACCOUNT_MAX_LOCK_SECONDS);
    expect(ACCOUNT_MAX_LOCK_SECONDS).toBeLessThanOrEqual(60);
    for (let failures = 0; failures < 1000; failures++) expect(lockSecondsAfter(failures, account.freeFailures, account.maxLockSeconds)).toBeLessThanOrEqual(60);
  });

  it('names every counter of an account for clearing, its pairs by prefix', () => {
    const { key, pairPrefix } = accountThrottleKeys(' Admin ');
    expect(key).toBe('account:admin');
    for (const address of ['10.0.0.1', '::1']) expect(throttleKeys('admin', address)[0]!.key.startsWith(pairPrefix)).toBe(true);
    expect(throttleKeys('admin2', '10.0.0.1')[0]!.key.startsWith(pairPrefix)).toBe(false);
  });
});
