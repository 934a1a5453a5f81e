import type { LoginResult, MenuRoute, SysBasicInfo, UserInfo } from '@erp/shared';
import { http, type RequestOptions } from './request.ts';

/** Identity and system calls (SPEC §7). */
export interface LoginForm {
  account: string;
  password: string;
  /** this browser's device token for the account, from an earlier sign-in */
  device?: string;
}

/** 手机号登录 (SPEC §3 SMS login). */
export interface SmsLoginForm {
  type: 'sms';
  account: string;
  sms_code: string;
}

export const authApi = {
  /** The login page shows its own "登录失败!" toast. */
  login: (form: LoginForm | SmsLoginForm) => http.post<LoginResult>('/auth/login', form, { toast: false }),
  /** Sends a login code; the same answer whether or not the phone has an account. */
  sendLoginCode: (mobile: string) => http.get<null>(`/auth/sms_code/${encodeURIComponent(mobile)}`),
  logout: (options?: Pick<RequestOptions, 'toast' | 'redirectOnSessionClear'>) => http.get<string>('/auth/apilogout', undefined, options),
  sysBasicInfo: () => http.get<SysBasicInfo>('/admin/config/sysBasicInfo'),
  menuRoutes: (signal?: AbortSignal) => http.get<MenuRoute[]>('/admin/api/v1/menus/route', undefined, { signal }),
  cleanUserCache: (options?: Pick<RequestOptions, 'toast' | 'redirectOnSessionClear'>) => http.get<string>('/admin/api/v1/menus/cleanUserCache', undefined, options),
  userInfo: (signal?: AbortSignal) => http.get<UserInfo>('/admin/api/v1/users/info', undefined, { signal }),
};

/** Query keys of server data shared across screens. */
export const queryKeys = {
  sysBasicInfo: ['sysBasicInfo'] as const,
  menus: ['menus', 'route'] as const,
  userInfo: ['users', 'info'] as const,
};
