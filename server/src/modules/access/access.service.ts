import { Permissions } from '@erp/shared';
import { SharedVersion } from '../../db/cache-versions.ts';
import type { Db } from '../../db/database.ts';
import * as repo from './access.repo.ts';
import { buildAccess, type Access, type MenuRow } from './menu-tree.ts';

// Access: which menus and button permissions a user's roles grant, cached per process. Below the
// HTTP layer (the auth hook checks a route's permission here), above only the database.

/** 子账号 page and buttons: never part of a sub-user's access (sub-users cannot create sub-users). */
export const SUB_USER_CODES: ReadonlySet<string> = new Set([Permissions.subUserList, Permissions.subUserAdd, Permissions.subUserEdit, Permissions.subUserDisable]);

/**
 * The menu ids a user's roles grant. A sub-user (parent_id set) gets its own grants ∩ its
 * parent's current grants, so a menu the parent loses goes from the sub-user as well, and
 * nothing while the parent is disabled or deleted; the 子账号 page and buttons never.
 */
export async function effectiveGrants(db: Db, userId: number, rows: readonly MenuRow[]): Promise<{ granted: Set<number>; parentId: number | null }> {
  const [own, link] = await Promise.all([repo.findGrantedMenuIds(db, userId), repo.findParentLink(db, userId)]);
  if (!link) return { granted: own, parentId: null };
  const parent = link.parentUsable ? await repo.findGrantedMenuIds(db, link.parentId) : new Set<number>();
  const excluded = new Set(rows.filter((row) => SUB_USER_CODES.has(row.permission)).map((row) => row.id));
  const granted = new Set([...own].filter((id) => parent.has(id) && !excluded.has(id)));
  return { granted, parentId: link.parentId };
}

/**
 * Per-user access (route tree and button permissions), cached in this process. Other server
 * processes change roles and menus too: every entry carries the `cache_versions` 'access' number
 * read before it was built (triggers bump it in the transaction of each change, 0022), and an
 * entry of an older number is rebuilt. The number is read at most once per `checkEveryMs`, so a
 * change made through another process is enforced here within about that long.
 */
// a safety net only: entries are rebuilt this often even when the version did not move
const CACHE_TTL_MS = 60_000;
export const ACCESS_VERSION_CHECK_MS = 1_000;

interface Entry {
  access: Access;
  at: number;
  version: number;
  parentId: number | null;
}

export class AccessCache {
  private readonly entries = new Map<number, Entry>();
  private readonly shared: SharedVersion;

  constructor(checkEveryMs = ACCESS_VERSION_CHECK_MS) {
    // entries of an older version are never used again: free them
    this.shared = new SharedVersion('access', checkEveryMs, () => this.entries.clear());
  }

  /** The app closed: its counter is no longer told of moves. */
  close(): void {
    this.shared.close();
  }

  async get(db: Db, userId: number, apiPrefix: string): Promise<Access> {
    // read before the grants: an entry is never labelled newer than what it was built from
    const version = await this.shared.current(db);
    const hit = this.entries.get(userId);
    if (hit && hit.version === version && Date.now() - hit.at < CACHE_TTL_MS) return hit.access;
    const rows = await repo.findEnabledMenus(db);
    const { granted, parentId } = await effectiveGrants(db, userId, rows);
    const access = buildAccess(rows, granted, apiPrefix);
    this.entries.set(userId, { access, at: Date.now(), version, parentId });
    return access;
  }

  /** Drops the user's entry and those of its sub-users, whose access follows the parent's. */
  clear(userId: number): void {
    this.entries.delete(userId);
    for (const [id, entry] of this.entries) if (entry.parentId === userId) this.entries.delete(id);
  }

  /**
   * After a change to the menu tree or to roles made here: every entry is stale. The change's
   * transaction has bumped the shared version, so other processes drop theirs at their next check;
   * this one reads the version again at once.
   */
  clearAll(): void {
    this.entries.clear();
    this.shared.forget();
  }
}

/** The user's granted permission codes when they include the code, or one of the codes; else null (the caller refuses). */
export async function grantedFor(cache: AccessCache, db: Db, userId: number, apiPrefix: string, code: string | readonly string[]): Promise<ReadonlySet<string> | null> {
  const access = await cache.get(db, userId, apiPrefix);
  const codes = typeof code === 'string' ? [code] : code;
  return codes.some((c) => access.permissions.has(c)) ? access.permissions : null;
}

export type { Access, MenuRow };
