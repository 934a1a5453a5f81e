import { describe, expect, it } from 'vitest';
import { SESSION_CLEARING_CODES } from '@erp/shared';
import { ClientCodes, buildQuery, classifyAnswer, joinUrl, sendsSession } from './request-rules.ts';

const SYSTEM = '系统异常，请联系管理员';

describe('classifyAnswer', () => {
  it('resolves data on code 201', () => {
    expect(classifyAnswer({ status: 200, body: { code: '201', msg: 'ok', data: { a: 1 } } })).toEqual({
      kind: 'ok',
      data: { a: 1 },
    });
  });

  it('trusts the envelope code over the HTTP status', () => {
    expect(classifyAnswer({ status: 500, body: { code: '201', msg: '', data: 'success' } }).kind).toBe('ok');
    expect(classifyAnswer({ status: 422, body: { code: 'A0400', msg: '参数错误', data: null } })).toEqual({
      kind: 'business',
      code: 'A0400',
      msg: '参数错误',
    });
  });

  it('marks a business error with the server msg', () => {
    expect(classifyAnswer({ status: 200, body: { code: 'A0210', msg: '账号或密码错误', data: null } })).toEqual({
      kind: 'business',
      code: 'A0210',
      msg: '账号或密码错误',
    });
  });

  it('does not treat the number 201 as success', () => {
    expect(classifyAnswer({ status: 200, body: { code: 201, msg: 'x', data: 1 } }).kind).toBe('system');
  });

  it.each(SESSION_CLEARING_CODES.map((code) => [code]))('clears the session on %s', (code) => {
    const outcome = classifyAnswer({ status: 401, body: { code, msg: '登录状态已失效，请重新登录', data: null } });
    expect(outcome).toEqual({ kind: 'session', code, msg: '登录状态已失效，请重新登录' });
  });

  it('does not clear the session on a forbidden code', () => {
    expect(classifyAnswer({ status: 403, body: { code: 'A0301', msg: '没有权限执行此操作', data: null } }).kind).toBe('business');
  });

  it('falls back to the system message when msg is empty', () => {
    expect(classifyAnswer({ status: 200, body: { code: 'X1', msg: '', data: null } })).toEqual({
      kind: 'business',
      code: 'X1',
      msg: SYSTEM,
    });
  });

  it('reports an HTTP failure without an envelope as a system error', () => {
    expect(classifyAnswer({ status: 502 })).toEqual({ kind: 'system', code: 'HTTP_502', msg: SYSTEM });
    expect(classifyAnswer({ status: 500, body: 'Internal Server Error' })).toEqual({
      kind: 'system',
      code: 'HTTP_500',
      msg: SYSTEM,
    });
  });

  it('reports a 2xx answer without an envelope as a system error', () => {
    expect(classifyAnswer({ status: 200, body: undefined })).toEqual({
      kind: 'system',
      code: ClientCodes.badBody,
      msg: SYSTEM,
    });
  });

  it('reports network failure and time-out as system errors', () => {
    expect(classifyAnswer({ status: null, failure: 'network' })).toEqual({
      kind: 'system',
      code: ClientCodes.network,
      msg: SYSTEM,
    });
    expect(classifyAnswer({ status: null, failure: 'timeout' })).toEqual({
      kind: 'system',
      code: ClientCodes.timeout,
      msg: SYSTEM,
    });
  });

  it('reports a cancelled call quietly', () => {
    expect(classifyAnswer({ status: null, failure: 'aborted' }).kind).toBe('aborted');
  });
});

describe('sendsSession', () => {
  it.each([
    '/auth/login',
    '/auth/sms_code/13800138000',
    '/admin/api/v1/sms/getSmsCode',
    '/admin/api/v1/sms/checkSmsCode?account=a&code=1',
    '/admin/api/v1/users/updatePassword',
    '/user/register',
  ])('sends no session header to %s', (path) => {
    expect(sendsSession(path)).toBe(false);
  });

  it.each(['/auth/apilogout', '/auth/wechat/login_state', '/admin/config/sysBasicInfo', '/admin/api/v1/menus/route', '/admin/api/v1/users/info', '/auth/login_other'])(
    'sends the session header to %s',
    (path) => {
      expect(sendsSession(path)).toBe(true);
    },
  );
});

describe('buildQuery', () => {
  it('encodes values and skips empty ones', () => {
    expect(buildQuery({ page: 1, limit: 10, name: '张 三', empty: '', none: null, missing: undefined, ok: true })).toBe('?page=1&limit=10&name=%E5%BC%A0+%E4%B8%89&ok=true');
  });

  it('repeats the key for arrays', () => {
    expect(buildQuery({ id: [1, 2] })).toBe('?id=1&id=2');
  });

  it('is empty without params', () => {
    expect(buildQuery()).toBe('');
    expect(buildQuery({ a: undefined })).toBe('');
  });
});

describe('joinUrl', () => {
  it('joins prefix and path with one slash', () => {
    expect(joinUrl('/api', '/auth/login')).toBe('/api/auth/login');
    expect(joinUrl('/api/', 'auth/login')).toBe('/api/auth/login');
    expect(joinUrl('', '/auth/login')).toBe('/auth/login');
  });
});
