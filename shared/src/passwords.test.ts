import { describe, expect, it } from 'vitest';
import { checkDialogPassword, checkResetPassword, PasswordMessages } from './passwords.ts';

describe('new-password dialog rules', () => {
  it('needs the two entries to match first', () => {
    expect(checkDialogPassword('abcd1234', 'abcd1235')).toBe('两次密码不一致，请重新输入');
  });
  it('needs at least 8 characters', () => {
    expect(checkDialogPassword('abc123', 'abc123')).toBe('密码长度必须大于8位，请重新输入');
  });
  it('needs a letter and only letters, digits and the listed symbols', () => {
    expect(checkDialogPassword('12345678', '12345678')).toBe(PasswordMessages.badFormat);
    expect(checkDialogPassword('abcd 1234', 'abcd 1234')).toBe(PasswordMessages.badFormat);
    expect(checkDialogPassword('abcd1234中', 'abcd1234中')).toBe(PasswordMessages.badFormat);
    expect(checkDialogPassword('abcd<1234', 'abcd<1234')).toBe(PasswordMessages.badFormat);
  });
  it('accepts letters with digits and symbols', () => {
    expect(checkDialogPassword('abcdefgh', 'abcdefgh')).toBeNull();
    expect(checkDialogPassword('Erp-2026.ok!', 'Erp-2026.ok!')).toBeNull();
  });
});

describe('reset page rule', () => {
  it('needs 8 to 30 characters of at least three classes', () => {
    expect(checkResetPassword('')).toBe('请输入密码');
    expect(checkResetPassword('Ab1!')).toBe(PasswordMessages.resetRule);
    expect(checkResetPassword('abcdefgh1')).toBe(PasswordMessages.resetRule);
    expect(checkResetPassword('Abcdefgh1')).toBeNull();
    expect(checkResetPassword('abcdefg1!')).toBeNull();
    expect(checkResetPassword(`Ab1${'x'.repeat(28)}`)).toBe(PasswordMessages.resetRule);
  });
});
