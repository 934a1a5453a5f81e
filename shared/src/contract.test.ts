import { describe, expect, it } from 'vitest';
import { isSessionClearingCode, ResultCode, SESSION_CLEARING_CODES, SUCCESS_CODE } from './codes.ts';
import { landingRouteFor } from './roles.ts';
import { hasPermission } from './permissions.ts';
import { isLoginPhone, isResetPhone } from './validators.ts';

describe('answer codes (SPEC §8)', () => {
  it('succeeds with the string 201', () => {
    expect(SUCCESS_CODE).toBe('201');
  });
  it('clears the session on exactly the SPEC codes', () => {
    expect([...SESSION_CLEARING_CODES].sort()).toEqual(['401', 'A0200', 'A0231', 'S0001', 'S0002', 'S0003', 'noauth'].sort());
    expect(isSessionClearingCode(ResultCode.forbidden)).toBe(false);
    expect(isSessionClearingCode(ResultCode.loginFailed)).toBe(false);
    expect(isSessionClearingCode(401)).toBe(false);
    expect(isSessionClearingCode('noauth')).toBe(true);
  });
  it('gives every code one meaning', () => {
    const values = Object.values(ResultCode);
    expect(new Set(values).size).toBe(values.length);
  });
});

describe('landing by roleType (SPEC §2)', () => {
  it.each([
    ['manager', '/erp/sells/fullstatist'],
    ['agent', '/erp/sells/fullstatist/agent'],
    ['shop', '/erp/sells/fullstatist/shop'],
    ['supplier', '/home'],
    [undefined, '/home'],
  ])('%s lands on %s', (roleType, route) => {
    expect(landingRouteFor(roleType)).toBe(route);
  });
});

describe('validators (SPEC §5)', () => {
  it('accepts an 11-digit mainland number starting with 1 for SMS login', () => {
    expect(isLoginPhone('13800000001')).toBe(true);
    expect(isLoginPhone('12800000001')).toBe(true);
    expect(isLoginPhone('2380000000')).toBe(false);
    expect(isLoginPhone('138000000011')).toBe(false);
  });
  it('needs a second digit of 3, 4, 5, 7 or 8 on the reset page', () => {
    expect(isResetPhone('13800000001')).toBe(true);
    expect(isResetPhone('17800000001')).toBe(true);
    expect(isResetPhone('16800000001')).toBe(false);
    expect(isResetPhone('12800000001')).toBe(false);
  });
});

describe('button permissions (SPEC §6)', () => {
  it('keeps an element only when the route grants the code', () => {
    expect(hasPermission(['a:add', 'a:del'], 'a:add')).toBe(true);
    expect(hasPermission(['a:add'], 'a:del')).toBe(false);
    expect(hasPermission(undefined, 'a:add')).toBe(false);
  });
});
