import { describe, expect, it } from 'vitest';
import type { LoginResult, WechatLoginState } from '@erp/shared';
import { classifyConfirmedLogin, loginStateVerdict } from './wechat-login-rules.ts';

const signedIn: LoginResult = {
  session: 'a'.repeat(32),
  account: 'agent01',
  active: true,
  roleType: 'agent',
  name: '陈立华',
  image: '',
  userId: 3,
  landing: '/erp/sells/fullstatist/agent',
};

describe('loginStateVerdict', () => {
  it('keeps polling on pending, refreshes on expired, stops on confirmed', () => {
    expect(loginStateVerdict({ status: 'pending' })).toBe('pending');
    expect(loginStateVerdict({ status: 'expired' })).toBe('expired');
    expect(loginStateVerdict({ status: 'confirmed', result: null })).toBe('done');
    expect(loginStateVerdict({ status: 'confirmed', ...signedIn })).toBe('done');
  });
});

describe('classifyConfirmedLogin', () => {
  it('asks to bind first on a null result', () => {
    expect(classifyConfirmedLogin({ status: 'confirmed', result: null })).toEqual({ kind: 'mustBind' });
  });

  it('signs in with a session, without the status field', () => {
    expect(classifyConfirmedLogin({ status: 'confirmed', ...signedIn })).toEqual({ kind: 'signIn', result: signedIn });
  });

  it('passes an inactive account with a ticket to the new-password path', () => {
    const inactive = { ...signedIn, session: '', active: false, ticket: 't-1' };
    expect(classifyConfirmedLogin({ status: 'confirmed', ...inactive })).toEqual({ kind: 'signIn', result: inactive });
  });

  it('reports a missing session otherwise', () => {
    const state = { status: 'confirmed', ...signedIn, session: '' } as WechatLoginState;
    expect(classifyConfirmedLogin(state)).toEqual({ kind: 'noSession' });
    const noTicket = { status: 'confirmed', ...signedIn, session: '', active: false } as WechatLoginState;
    expect(classifyConfirmedLogin(noTicket)).toEqual({ kind: 'noSession' });
  });
});
