import { describe, expect, it } from 'vitest';
import { dialogConfirmError, dialogPasswordError, isTicketFailure, resetConfirmError, resetPasswordError, toValidator } from './password-rules.ts';

describe('forced new-password dialog fields', () => {
  it('reports length and format under 新密码', () => {
    expect(dialogPasswordError('')).toBe('请输入密码');
    expect(dialogPasswordError('abc123')).toBe('密码长度必须大于8位，请重新输入');
    expect(dialogPasswordError('12345678')).toBe('密码格式不正确，请重新输入');
    expect(dialogPasswordError('abcd 1234')).toBe('密码格式不正确，请重新输入');
    expect(dialogPasswordError('Newstaff2026')).toBeNull();
  });

  it('reports only the mismatch under 确认新密码', () => {
    expect(dialogConfirmError('Newstaff2026', '')).toBe('请再次输入密码');
    expect(dialogConfirmError('Newstaff2026', 'Newstaff2027')).toBe('两次密码不一致，请重新输入');
    expect(dialogConfirmError('Newstaff2026', 'Newstaff2026')).toBeNull();
    // a too-short pair that matches is the password field's business
    expect(dialogConfirmError('abc', 'abc')).toBeNull();
  });
});

describe('reset page fields', () => {
  it('requires 8 to 30 characters of three classes', () => {
    expect(resetPasswordError('')).toBe('请输入密码');
    expect(resetPasswordError('abcdefgh1')).toBe('密码须为8-30位，且包含数字、小写字母、大写字母、特殊字符中的至少三种');
    expect(resetPasswordError('Agent-2026x')).toBeNull();
    expect(resetPasswordError(`Aa1${'x'.repeat(28)}`)).not.toBeNull();
  });

  it('checks the confirmation', () => {
    expect(resetConfirmError('Agent-2026x', '')).toBe('请再次输入密码');
    expect(resetConfirmError('Agent-2026x', 'Agent-2026y')).toBe('两次输入密码不一致!');
    expect(resetConfirmError('Agent-2026x', 'Agent-2026x')).toBeNull();
  });
});

describe('isTicketFailure', () => {
  it('recognises only the ticket message', () => {
    expect(isTicketFailure('A0400', '操作已失效，请重新验证')).toBe(true);
    expect(isTicketFailure('A0400', '两次密码不一致，请重新输入')).toBe(false);
    expect(isTicketFailure('B0001', '操作已失效，请重新验证')).toBe(false);
  });
});

describe('toValidator', () => {
  it('rejects with the message and treats a missing value as empty', async () => {
    const validate = toValidator(dialogPasswordError);
    await expect(validate({}, 'short')).rejects.toThrow('密码长度必须大于8位，请重新输入');
    await expect(validate({}, undefined)).rejects.toThrow('请输入密码');
    await expect(validate({}, 'Newstaff2026')).resolves.toBeUndefined();
  });
});
