import { checkResetPassword } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { suggestPassword } from './account-rules.ts';

describe('account form helpers', () => {
  it('suggests initial passwords the server accepts', () => {
    for (let i = 0; i < 100; i++) expect(checkResetPassword(suggestPassword())).toBeNull();
    expect(suggestPassword(() => 0)).toHaveLength(12);
  });
});
