import { ADMIN_ROLE_CODE, Permissions, ROLE_TYPE_LABELS, roleFormProblems, RoleMessages, roleTypeOfRole, type RoleForm, type RoleRecord, type RoleUsersChange } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { addRoleMembers, removeRoleMembers } from '../accounts/accounts.service.ts';
import * as repo from './roles.repo.ts';
import type { RoleRow } from './roles.repo.ts';

const ROLE_GONE = '角色不存在或已被删除';

function toRecord(row: RoleRow): RoleRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    remark: row.remark,
    enabled: row.enabled,
    builtin: row.builtin,
    roleType: roleTypeOfRole(row),
    userCount: Number(row.user_count ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function pageRoles(db: Db, keyword: string | undefined, params: ListParams<'id' | 'code' | 'name' | 'created_at'>) {
  const { records, total } = await repo.pageRoles(db, keyword, params);
  return { total, records: records.map(toRecord) };
}

async function requireRole(db: Db, id: number, lock = false): Promise<RoleRow> {
  const role = await repo.findRole(db, id, { lock });
  if (!role) throw notFound(ROLE_GONE);
  return role;
}

export async function getRole(db: Db, id: number): Promise<RoleRecord> {
  return toRecord(await requireRole(db, id));
}

function cleanForm(input: RoleForm): RoleForm {
  const form = { code: input.code.trim(), name: input.name.trim(), remark: input.remark.trim(), enabled: input.enabled !== false };
  const problems = roleFormProblems(form);
  const first = problems.code ?? problems.name ?? problems.remark;
  if (first) throw badRequest(first);
  return form;
}

async function assertFree(db: Db, form: RoleForm, exceptId: number | null): Promise<void> {
  const clashes = await repo.findClash(db, form.code, form.name, exceptId);
  if (clashes.some((row) => row.code.toLowerCase() === form.code.toLowerCase())) throw conflict(RoleMessages.codeTaken(form.code));
  if (clashes.length) throw conflict(RoleMessages.nameTaken(form.name));
}

export async function createRole(db: Db, input: RoleForm): Promise<number> {
  const form = cleanForm(input);
  return db.transaction().execute(async (trx) => {
    await assertFree(trx, form, null);
    return repo.insertRole(trx, form);
  });
}

export async function updateRole(db: Db, id: number, input: RoleForm): Promise<void> {
  const form = cleanForm(input);
  await db.transaction().execute(async (trx) => {
    const role = await requireRole(trx, id, true);
    if (role.builtin && form.code !== role.code) throw badRequest(RoleMessages.builtinCode);
    if (role.builtin && !form.enabled) throw badRequest(RoleMessages.builtinDisable);
    await assertFree(trx, form, id);
    await repo.updateRole(trx, id, form);
  });
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const role = await requireRole(trx, id, true);
    if (role.builtin) throw badRequest(RoleMessages.builtinDelete);
    const members = Number(role.user_count ?? 0);
    if (members > 0) throw conflict(RoleMessages.inUse(members));
    await repo.deleteRole(trx, id);
  });
}

export async function grantedMenus(db: Db, id: number): Promise<number[]> {
  await requireRole(db, id);
  return repo.grantedMenuIds(db, id);
}

/**
 * 权限分配: the role's grants become exactly `menuIds`. A button is granted on its own; its page
 * must be granted too for it to show (the web sends pages, buttons and their half-checked dirs).
 * The admin role keeps 角色管理 and 权限分配 so that someone can always grant again.
 */
export async function grantMenus(db: Db, id: number, menuIds: readonly number[]): Promise<void> {
  const ids = [...new Set(menuIds)];
  await db.transaction().execute(async (trx) => {
    const role = await requireRole(trx, id, true);
    const menus = await repo.findMenus(trx, ids);
    if (menus.length !== ids.length) throw badRequest(RoleMessages.menuMissing);
    if (role.code === ADMIN_ROLE_CODE) {
      const keepsPage = menus.some((m) => m.type === 'menu' && m.permission === Permissions.roleList);
      const keepsGrant = menus.some((m) => m.type === 'button' && m.permission === Permissions.roleGrant);
      if (!keepsPage || !keepsGrant) throw badRequest(RoleMessages.adminLockout);
    }
    await repo.replaceGrants(trx, id, ids);
  });
}

export async function pageMembers(db: Db, id: number, keyword: string | undefined, params: ListParams<'users.account' | 'users.name' | 'users.id'>) {
  await requireRole(db, id);
  const { records, total } = await repo.pageMembers(db, id, keyword, params);
  return {
    total,
    records: records.map((u) => ({ id: u.id, account: u.account, name: u.name, phone: u.phone ?? '', roleType: u.role_type, enabled: u.enabled })),
  };
}

/**
 * Adds and removes members in one transaction and returns the users whose access changed.
 * Only users of the role's roleType may join (see roleTypeOfRole); admin keeps one usable member.
 */
export async function changeMembers(db: Db, id: number, change: RoleUsersChange): Promise<number[]> {
  const add = [...new Set(change.add)];
  const remove = [...new Set(change.remove)];
  if (add.some((userId) => remove.includes(userId))) throw badRequest(RoleMessages.addAndRemove);
  return db.transaction().execute(async (trx) => {
    const role = await requireRole(trx, id, true);
    const users = await repo.findUsers(trx, [...add, ...remove]);
    if (users.length !== add.length + remove.length) throw badRequest(RoleMessages.userMissing);
    const roleType = roleTypeOfRole(role);
    const misfits = users.filter((u) => add.includes(u.id) && u.role_type !== roleType).map((u) => u.account);
    if (misfits.length) throw badRequest(RoleMessages.roleTypeMismatch(misfits.join('、'), ROLE_TYPE_LABELS[roleType]));
    await addRoleMembers(trx, id, add);
    await removeRoleMembers(trx, id, remove);
    if (role.code === ADMIN_ROLE_CODE && remove.length && (await repo.countUsableMembers(trx, id)) === 0) throw badRequest(RoleMessages.lastAdmin);
    return [...add, ...remove];
  });
}

export async function candidates(db: Db, roleId: number, keyword: string | undefined) {
  const role = await requireRole(db, roleId);
  const rows = await repo.findCandidates(db, roleId, roleTypeOfRole(role), keyword);
  return rows.map((u) => ({ id: u.id, account: u.account, name: u.name, phone: u.phone ?? '', roleType: u.role_type, enabled: u.enabled }));
}

/** The id of a role by its code (the built-in agent, shop and supplier roles share their kind's code). */
export function roleIdByCode(db: Db, code: string): Promise<number | undefined> {
  return repo.findRoleIdByCode(db, code);
}

// ---- a sub-user's private role (子账号), managed by sub-users, never by 角色管理 ----

/**
 * Makes the sub-user's grants exactly `menuIds` (the caller has checked them), creating its private
 * role and membership on first use, inside the caller's transaction.
 */
export async function setPrivateGrants(trx: Db, userId: number, parentAccount: string, menuIds: readonly number[]): Promise<void> {
  let roleId = await repo.findPrivateRoleId(trx, userId);
  if (roleId === undefined) {
    roleId = await repo.insertPrivateRole(trx, userId, parentAccount);
    await addRoleMembers(trx, roleId, [userId]);
  }
  await repo.replaceGrants(trx, roleId, menuIds);
}

/** The menus the sub-user's private role grants, in id order (none before it has one). */
export function privateGrants(db: Db, userId: number): Promise<number[]> {
  return repo.privateGrants(db, userId);
}
