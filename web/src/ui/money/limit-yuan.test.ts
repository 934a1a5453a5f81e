import { describe, expect, it } from 'vitest';
import { formatYuanOrUnlimited } from './limit-yuan.ts';

describe('formatYuanOrUnlimited', () => {
  it('shows 不限 for no limit and the amount otherwise', () => {
    expect(formatYuanOrUnlimited(null)).toBe('不限');
    expect(formatYuanOrUnlimited(123_450)).toBe('¥1,234.50');
    expect(formatYuanOrUnlimited(-8_000)).toBe('−¥80.00');
  });
});
