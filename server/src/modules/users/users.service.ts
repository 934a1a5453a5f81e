import type { DataScope, UserInfo } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { maskPhone } from '../accounts/accounts.service.ts';
import type { AuthContext } from '../sessions/sessions.service.ts';
import { bindingOf } from '../wechat/wechat.service.ts';
import * as repo from './users.repo.ts';

/** Data scope follows roleType and the party the user is linked to (DESIGN §5). */
export function scopeOf(row: repo.ProfileRow): DataScope {
  switch (row.role_type) {
    case 'manager':
      return { kind: 'all' };
    case 'agent':
      return row.agent_id ? { kind: 'agent', agentId: row.agent_id, agentName: row.agent_name ?? '' } : { kind: 'none' };
    case 'shop':
      return row.shop_id ? { kind: 'shop', shopId: row.shop_id, shopName: row.shop_name ?? '', agentId: row.shop_agent_id ?? null } : { kind: 'none' };
    case 'supplier':
      return row.supplier_id ? { kind: 'supplier', supplierId: row.supplier_id, supplierName: row.supplier_name ?? '' } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

export async function getUserInfo(db: Db, auth: AuthContext): Promise<UserInfo> {
  const row = await repo.findProfile(db, auth.userId);
  if (!row) throw notFound('用户不存在');
  const roles = await repo.findRoles(db, auth.userId);
  const wechat = await bindingOf(db, auth.userId);
  return {
    userId: row.id,
    account: row.account,
    name: row.name,
    phone: maskPhone(row.phone),
    image: row.image,
    roleType: row.role_type,
    active: row.active,
    roles,
    scope: scopeOf(row),
    // 上次登录：本次登录之前的那一次，便于发现他人冒用
    lastLoginAt: row.previous_login_at ? row.previous_login_at.toISOString() : null,
    wechat,
  };
}

export async function pageMySessions(db: Db, auth: AuthContext, params: ListParams<repo.SessionSortColumn>) {
  const { records, total } = await repo.pageSessions(db, auth.userId, params);
  const now = Date.now();
  return {
    total,
    records: records.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      lastSeenAt: r.last_seen_at.toISOString(),
      ip: r.ip,
      userAgent: r.user_agent,
      current: r.id === auth.sessionId,
      active: !r.revoked_at && r.expires_at.getTime() > now,
      endReason: r.revoke_reason,
    })),
  };
}
