import { describe, expect, it } from 'vitest';
import { formOf, sameForm } from './system-info-api.ts';

describe('系统信息 form state', () => {
  const info = { titleName: '衣尚', logoUrl: '/files/x.png', icp: '浙ICP备1号', mpsIcp: '', loginMethods: { sms: true, wechat: false } };

  it('takes the editable fields of the server answer', () => {
    expect(formOf(info)).toEqual({ titleName: '衣尚', logoUrl: '/files/x.png', icp: '浙ICP备1号', mpsIcp: '' });
    expect(formOf(undefined)).toEqual({ titleName: '', logoUrl: '', icp: '', mpsIcp: '' });
  });

  it('counts only real changes as unsaved (surrounding spaces are trimmed on save)', () => {
    const saved = formOf(info);
    expect(sameForm({ ...saved, titleName: ' 衣尚 ' }, saved)).toBe(true);
    expect(sameForm({ ...saved, logoUrl: '' }, saved)).toBe(false);
    expect(sameForm({ ...saved, mpsIcp: '浙公网安备1号' }, saved)).toBe(false);
  });
});
