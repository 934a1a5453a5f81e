import { describe, expect, it } from 'vitest';
import { lockSecondsAfter, MAX_LOCK_SECONDS, throttleKeys } from './throttle-policy.ts';

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
  it('never locks longer than 15 minutes', () => {
    expect(lockSecondsAfter(50, 5)).toBe(MAX_LOCK_SECONDS);
  });
  it('keys the account case-insensitively and the address separately', () => {
    const keys = throttleKeys(' Admin ', '10.0.0.1').map((k) => k.key);
    expect(keys).toEqual(['account:admin', 'ip:10.0.0.1']);
  });
});
