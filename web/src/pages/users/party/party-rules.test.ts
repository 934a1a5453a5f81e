import { checkResetPassword } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { suggestPassword, trimAll } from './party-rules.ts';

describe('party form helpers', () => {
  it('suggests initial passwords the server accepts', () => {
    for (let i = 0; i < 100; i++) expect(checkResetPassword(suggestPassword())).toBeNull();
    expect(suggestPassword(() => 0)).toHaveLength(12);
  });

  it('trims text fields and keeps the rest', () => {
    expect(trimAll({ name: ' 店 ', areaSqm: 12, agentId: null })).toEqual({ name: '店', areaSqm: 12, agentId: null });
  });
});
