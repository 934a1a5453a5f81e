import { describe, expect, it } from 'vitest';
import { isPublicPath, loginPathFor, safeRedirect } from './redirect.ts';

describe('isPublicPath', () => {
  it('exempts the public routes only', () => {
    for (const path of ['/login', '/register', '/resetPassword', '/orderblank', '/authresult', '/wechat/confirm', '/login/']) {
      expect(isPublicPath(path)).toBe(true);
    }
    for (const path of ['/', '/home', '/usercenter', '/loginx', '/erp/login']) expect(isPublicPath(path)).toBe(false);
  });
});

describe('loginPathFor', () => {
  it('keeps the wanted path with its query', () => {
    expect(loginPathFor('/usercenter')).toBe('/login?redirect=%2Fusercenter');
    expect(loginPathFor('/erp/a', '?id=1')).toBe('/login?redirect=%2Ferp%2Fa%3Fid%3D1');
  });

  it('adds nothing for the root', () => {
    expect(loginPathFor('/')).toBe('/login');
  });
});

describe('safeRedirect', () => {
  it('accepts in-app paths', () => {
    expect(safeRedirect('/usercenter')).toBe('/usercenter');
    expect(safeRedirect('/erp/a?id=1')).toBe('/erp/a?id=1');
  });

  it('refuses other origins, the root and public routes', () => {
    for (const raw of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/', '/login', '/login?x=1']) {
      expect(safeRedirect(raw)).toBeNull();
    }
  });
});
