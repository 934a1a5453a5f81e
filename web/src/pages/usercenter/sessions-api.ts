import type { PageResult, SortOrder } from '@erp/shared';
import { http } from '../../api/request.ts';

export interface LoginSession {
  id: number;
  createdAt: string;
  lastSeenAt: string;
  ip: string;
  userAgent: string;
  current: boolean;
  active: boolean;
  endReason: string;
}

export interface SessionsQuery {
  page: number;
  limit: number;
  sort: 'createdAt' | 'lastSeenAt';
  order: SortOrder;
}

export const sessionsApi = {
  page: (query: SessionsQuery, signal?: AbortSignal) => http.get<PageResult<LoginSession>>('/admin/api/v1/users/sessions/page', { ...query }, { signal }),
};

const END_REASONS: Record<string, string> = {
  logout: '已退出',
  expired: '已超时',
  'account-disabled': '账号停用',
  'account-deleted': '账号删除',
  'account-inactive': '需重设密码',
  'role-changed': '角色变更',
  'password-changed': '密码已修改',
  'account-logged-off': '账号已注销',
};

/** 会话状态的文字：当前会话 / 有效 / 结束原因。 */
export function sessionStatus(session: Pick<LoginSession, 'current' | 'active' | 'endReason'>): string {
  if (session.current) return '当前会话';
  if (session.active) return '有效';
  return END_REASONS[session.endReason] ?? '已结束';
}

/** A short device description from a user agent: browser and system. */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return '--';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /MicroMessenger/i.test(userAgent)
      ? '微信'
      : /(Chrome|Chromium)\//.test(userAgent)
        ? 'Chrome'
        : /Firefox\//.test(userAgent)
          ? 'Firefox'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : '其他浏览器';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} · ${system}` : browser;
}
