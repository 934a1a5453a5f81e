import { describe, expect, it } from 'vitest';
import { trimAll } from './party-rules.ts';

describe('party form helpers', () => {
  it('trims text fields and keeps the rest', () => {
    expect(trimAll({ name: ' 店 ', areaSqm: 12, agentId: null })).toEqual({ name: '店', areaSqm: 12, agentId: null });
  });
});
