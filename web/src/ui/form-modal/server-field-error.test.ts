import { describe, expect, it } from 'vitest';
import { fieldOfServerMessage } from './server-field-error.ts';

describe('fieldOfServerMessage', () => {
  const prefixes = { code: '货架编码', name: '货架名称' };

  it('puts a message under the field its prefix names', () => {
    expect(fieldOfServerMessage('货架编码 A-01 已存在', prefixes)).toBe('code');
    expect(fieldOfServerMessage('货架名称过长', prefixes)).toBe('name');
  });

  it('keeps other messages off the fields', () => {
    expect(fieldOfServerMessage('仓库不存在', prefixes)).toBeNull();
    expect(fieldOfServerMessage('该货架编码已存在', prefixes)).toBeNull();
    expect(fieldOfServerMessage('货架编码已存在', {})).toBeNull();
  });

  it('ignores an empty prefix, which would match everything', () => {
    expect(fieldOfServerMessage('网络异常', { code: '' })).toBeNull();
  });
});
