import { describe, expect, it } from 'vitest';
import { accountError, businessError, businessPlaceholder, fieldOfServerMessage } from './register-rules.ts';

describe('register rules', () => {
  it('checks the account like the server', () => {
    expect(accountError('')).toBe('请输入账号');
    expect(accountError('   ')).toBe('请输入账号');
    expect(accountError('ab')).toBe('账号须为3-32位字母、数字、下划线、点或短横线');
    expect(accountError('张三丰')).toBe('账号须为3-32位字母、数字、下划线、点或短横线');
    expect(accountError('a'.repeat(33))).toBe('账号须为3-32位字母、数字、下划线、点或短横线');
    expect(accountError(' e2e_agent2 ')).toBeNull();
    expect(accountError('a.b-c_1')).toBeNull();
  });

  it('wants a business name of at least two characters', () => {
    expect(businessError('')).toBe('请输入单位名称');
    expect(businessError(' 店 ')).toBe('请输入单位名称');
    expect(businessError('衣尚')).toBeNull();
  });

  it('names the business field by applicant type', () => {
    expect(businessPlaceholder(undefined)).toBe('单位名称');
    expect(businessPlaceholder('shop')).toBe('门店名称');
    expect(businessPlaceholder('agent')).toBe('公司名称');
    expect(businessPlaceholder('supplier')).toBe('公司名称');
  });

  it('maps refusals to their field', () => {
    expect(fieldOfServerMessage('该账号已被使用，请换一个')).toBe('username');
    expect(fieldOfServerMessage('该手机号已注册')).toBe('phone');
    expect(fieldOfServerMessage('验证码错误或已失效')).toBe('smsCode');
    expect(fieldOfServerMessage('注册申请过于频繁，请稍后再试')).toBeNull();
  });
});
