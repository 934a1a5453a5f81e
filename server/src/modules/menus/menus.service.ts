import type { Db } from '../../db/database.ts';
import { forbidden } from '../../http/app-error.ts';
import { buildAccess, type Access } from './menu-tree.ts';
import * as repo from './menus.repo.ts';

/**
 * Per-user access (route tree and button permissions), cached briefly in this process.
 * cleanUserCache drops a user's entry; the short lifetime bounds staleness across processes.
 */
const CACHE_TTL_MS = 60_000;

export class AccessCache {
  private readonly entries = new Map<number, { access: Access; at: number }>();

  async get(db: Db, userId: number, apiPrefix: string): Promise<Access> {
    const hit = this.entries.get(userId);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.access;
    const [rows, granted] = await Promise.all([repo.findEnabledMenus(db), repo.findGrantedMenuIds(db, userId)]);
    const access = buildAccess(rows, granted, apiPrefix);
    this.entries.set(userId, { access, at: Date.now() });
    return access;
  }

  clear(userId: number): void {
    this.entries.delete(userId);
  }
}

export async function assertPermission(cache: AccessCache, db: Db, userId: number, apiPrefix: string, code: string) {
  const access = await cache.get(db, userId, apiPrefix);
  if (!access.permissions.has(code)) throw forbidden();
}
