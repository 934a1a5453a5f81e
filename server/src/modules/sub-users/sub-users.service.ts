import {
  PartyMessages,
  Permissions,
  subUserCreateProblem,
  SubUserMessages,
  subUserUpdateProblem,
  type MenuRoute,
  type MenuTreeNode,
  type SubUserCreateInput,
  type SubUserDetail,
  type SubUserRecord,
  type SubUserUpdateInput,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { hashPassword, temporaryPassword } from '../accounts/password.ts';
import { setTemporaryPassword, useUpTickets } from '../auth/password-change.service.ts';
import { menuTree } from '../menus/menus-admin.service.ts';
import type { Access } from '../access/access.service.ts';
import { isUniqueViolation, statusOf } from '../parties/party-scope.ts';
import { accountTaken } from '../registrations/registrations.service.ts';
import { privateGrants, setPrivateGrants } from '../roles/roles.service.ts';
import { createAccount, maskPhone, setAccountEnabled, updateContact } from '../accounts/accounts.service.ts';
import * as repo from './sub-users.repo.ts';

/*
 * 子账号 (subUser). A top account (parent_id NULL) of type manager, agent or shop creates accounts
 * under itself:
 * - a sub-user is a users row with parent_id = the creator and the creator's role_type and
 *   agent_id/shop_id/supplier_id, so every data-scope check treats it exactly like its parent;
 * - its permissions are a private role (roles.owner_user_id, code `sub-<userId>`), hidden from
 *   角色管理 and never given to anyone else; the menus granted must lie in the creator's own
 *   access tree (grantable), and at access time a sub-user gets (own ∩ parent's) grants without
 *   the 子账号 page (menus.service effectiveGrants), so what the parent loses the sub-user loses;
 * - another account's sub-user answers 404 like a missing one; a missing button code 403;
 * - disabling makes its next call answer S0001 (the auth hook ends the session), as for party accounts.
 */

export interface SubUserCaller {
  userId: number;
  access: Access;
}

function toRecord(row: repo.SubUserRow): SubUserRecord {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    phone: maskPhone(row.phone),
    active: row.active,
    status: statusOf(row.enabled),
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** The caller, when it may have sub-users at all: a top account and not a supplier. */
async function requireParent(db: Db, userId: number, lock = false): Promise<repo.ParentRow> {
  const parent = await repo.findParent(db, userId, { lock });
  if (!parent) throw forbidden();
  if (parent.parent_id !== null) throw forbidden(SubUserMessages.nested);
  if (parent.role_type === 'supplier') throw forbidden(SubUserMessages.supplier);
  return parent;
}

/**
 * The caller's own access tree, menus and buttons, without the 子账号 page: a node stays when it
 * is in the caller's route tree (enabled, not hidden, granted), a button when its page's
 * meta.permissions carries its code. Directories left empty go.
 */
export function grantableTree(full: readonly MenuTreeNode[], routes: readonly MenuRoute[]): MenuTreeNode[] {
  const visible = new Map<string, MenuRoute>();
  const walk = (list: readonly MenuRoute[]) => {
    for (const route of list) {
      visible.set(route.name, route);
      walk(route.children);
    }
  };
  walk(routes);
  const filter = (nodes: readonly MenuTreeNode[], page: MenuRoute | null): MenuTreeNode[] =>
    nodes.flatMap((node) => {
      if (node.type === 'button') return page?.meta.permissions.includes(node.permission) ? [{ ...node, children: [] }] : [];
      if (node.type === 'menu' && node.permission === Permissions.subUserList) return [];
      const route = visible.get(node.name);
      // hidden pages (详情, 新增 …) come with their list page; they are not granted one by one
      if (!route || route.meta.hidden) return [];
      const children = filter(node.children, node.type === 'menu' ? route : null);
      if (node.type === 'dir' && children.length === 0) return [];
      return [{ ...node, children }];
    });
  return filter(full, null);
}

export async function grantable(db: Db, caller: SubUserCaller): Promise<MenuTreeNode[]> {
  await requireParent(db, caller.userId);
  return grantableTree(await menuTree(db), caller.access.routes);
}

/** The ids to store: each must be in the caller's grantable tree. */
async function checkedMenuIds(db: Db, caller: SubUserCaller, menuIds: readonly number[]): Promise<number[]> {
  const allowed = new Set<number>();
  const collect = (nodes: readonly MenuTreeNode[]) => {
    for (const node of nodes) {
      allowed.add(node.id);
      collect(node.children);
    }
  };
  collect(grantableTree(await menuTree(db), caller.access.routes));
  const ids = [...new Set(menuIds)].sort((a, b) => a - b);
  if (ids.some((id) => !allowed.has(id))) throw badRequest(SubUserMessages.menusOutside);
  return ids;
}

const phoneOf = (phone: string | undefined | null) => phone?.trim() || null;

export async function pageSubUsers(db: Db, caller: SubUserCaller, filter: { keyword?: string; status?: 'enabled' | 'disabled' }, params: ListParams<repo.SubUserSort>) {
  const parent = await requireParent(db, caller.userId);
  const enabled = filter.status === undefined ? undefined : filter.status === 'enabled';
  const { records, total } = await repo.pageSubUsers(db, parent.id, { keyword: filter.keyword, enabled }, params);
  return { total, records: records.map(toRecord) };
}

export async function getSubUser(db: Db, caller: SubUserCaller, id: number): Promise<SubUserDetail> {
  const parent = await requireParent(db, caller.userId);
  const row = await repo.findOwnSubUser(db, parent.id, id);
  if (!row) throw notFound(SubUserMessages.notFound);
  return { ...toRecord(row), phone: row.phone ?? '', menuIds: await privateGrants(db, id) };
}

export async function createSubUser(db: Db, caller: SubUserCaller, input: SubUserCreateInput): Promise<number> {
  await requireParent(db, caller.userId);
  const problem = subUserCreateProblem(input);
  if (problem) throw badRequest(problem);
  const menuIds = await checkedMenuIds(db, caller, input.menuIds);
  const account = input.account.trim();
  const phone = phoneOf(input.phone);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      // the parent's row lock orders this against other changes of the same parent
      const parent = await requireParent(trx, caller.userId, true);
      if (await accountTaken(trx, account)) throw conflict(PartyMessages.accountTaken);
      if (phone && (await repo.phoneTakenByOther(trx, phone, null))) throw conflict(PartyMessages.accountPhoneTaken);
      const id = await createAccount(trx, {
        account,
        passwordHash,
        name: input.name.trim(),
        phone,
        // the parent's type and party link: the same data scope everywhere
        roleType: parent.role_type,
        links: { agent_id: parent.agent_id, shop_id: parent.shop_id, supplier_id: parent.supplier_id },
        parentId: parent.id,
        // 首次登录须设置新密码
        active: false,
      });
      await setPrivateGrants(trx, id, parent.account, menuIds);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PartyMessages.accountTaken);
    throw error;
  }
}

export async function updateSubUser(db: Db, caller: SubUserCaller, id: number, input: SubUserUpdateInput): Promise<void> {
  await requireParent(db, caller.userId);
  const problem = subUserUpdateProblem(input);
  if (problem) throw badRequest(problem);
  const menuIds = await checkedMenuIds(db, caller, input.menuIds);
  const phone = phoneOf(input.phone);
  try {
    await db.transaction().execute(async (trx) => {
      const parent = await requireParent(trx, caller.userId, true);
      if (!(await repo.findOwnSubUser(trx, parent.id, id, { lock: true }))) throw notFound(SubUserMessages.notFound);
      if (phone && (await repo.phoneTakenByOther(trx, phone, id))) throw conflict(PartyMessages.accountPhoneTaken);
      await updateContact(trx, id, { name: input.name.trim(), phone });
      await setPrivateGrants(trx, id, parent.account, menuIds);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PartyMessages.accountPhoneTaken);
    throw error;
  }
}

/** Disabling makes its next call answer S0001 (which ends the session); enabling lets it sign in again. */
export async function setSubUserEnabled(db: Db, caller: SubUserCaller, id: number, enabled: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const parent = await requireParent(trx, caller.userId);
    const row = await repo.findOwnSubUser(trx, parent.id, id, { lock: true });
    if (!row) throw notFound(SubUserMessages.notFound);
    if (row.enabled === enabled) throw conflict(enabled ? SubUserMessages.alreadyEnabled : SubUserMessages.alreadyDisabled);
    await setAccountEnabled(trx, id, enabled);
    if (!enabled) await useUpTickets(trx, id);
  });
}

/** A random temporary password, shown once; sessions end and the next sign-in must set a new one. */
export async function resetSubUserPassword(db: Db, caller: SubUserCaller, id: number): Promise<string> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const parent = await requireParent(trx, caller.userId);
    const row = await repo.findOwnSubUser(trx, parent.id, id, { lock: true });
    if (!row) throw notFound(SubUserMessages.notFound);
    await setTemporaryPassword(trx, row, passwordHash);
  });
  return password;
}
