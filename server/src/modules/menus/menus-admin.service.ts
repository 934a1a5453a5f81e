import { MENU_SORT_MAX, menuFormProblems, MenuMessages, normalizeMenuForm, parentAllows, Permissions, type MenuForm, type MenuSortItem, type MenuTreeNode } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import * as repo from './menus-admin.repo.ts';
import type { MenuRecord, MenuValues } from './menus-admin.repo.ts';

/**
 * Codes whose menu rows (and every directory above them) keep the menu and role screens usable:
 * they cannot be deleted, disabled or hidden (a hidden page loses its codes), nor change type or code.
 */
const ESSENTIAL_CODES: ReadonlySet<string> = new Set([Permissions.menuList, Permissions.menuAdd, Permissions.menuEdit, Permissions.roleList, Permissions.roleGrant]);

export function toTree(rows: readonly MenuRecord[]): MenuTreeNode[] {
  const byParent = new Map<number | null, MenuRecord[]>();
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  const build = (parentId: number | null): MenuTreeNode[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((row) => ({
        id: row.id,
        parentId: row.parent_id,
        type: row.type,
        name: row.name,
        path: row.path,
        redirect: row.redirect,
        component: row.component,
        title: row.title,
        icon: row.icon,
        sort: row.sort,
        permission: row.permission,
        keepAlive: row.keep_alive,
        hidden: row.hidden,
        enabled: row.enabled,
        children: build(row.id),
      }));
  return build(null);
}

export async function menuTree(db: Db): Promise<MenuTreeNode[]> {
  return toTree(await repo.findAllMenus(db));
}

/** The rows of the tree by id, with the questions the rules ask of it. */
class MenuSet {
  readonly byId: Map<number, MenuRecord>;
  constructor(readonly rows: MenuRecord[]) {
    this.byId = new Map(rows.map((row) => [row.id, row]));
  }

  children(id: number): MenuRecord[] {
    return this.rows.filter((row) => row.parent_id === id);
  }

  /** Ids of the essential rows and of every directory above them. */
  essentialIds(): Set<number> {
    const ids = new Set<number>();
    for (const row of this.rows) {
      if (!ESSENTIAL_CODES.has(row.permission)) continue;
      for (let node: MenuRecord | undefined = row; node && !ids.has(node.id); node = this.parentOf(node)) ids.add(node.id);
    }
    return ids;
  }

  parentOf(row: MenuRecord): MenuRecord | undefined {
    return row.parent_id === null ? undefined : this.byId.get(row.parent_id);
  }

  /** true when `ancestorId` is `id` itself or above it. */
  isWithin(id: number | null, ancestorId: number): boolean {
    const seen = new Set<number>();
    for (let current = id; current !== null && !seen.has(current); current = this.byId.get(current)?.parent_id ?? null) {
      if (current === ancestorId) return true;
      seen.add(current);
    }
    return false;
  }
}

function firstProblem(form: MenuForm): void {
  const problems = menuFormProblems(form);
  const order = ['type', 'name', 'title', 'path', 'component', 'redirect', 'permission', 'icon', 'sort'] as const;
  for (const field of order) {
    const problem = problems[field];
    if (problem) throw badRequest(problem);
  }
}

/** The parent exists and takes this type; a button's code is unique on its page. */
function checkPlacement(menus: MenuSet, self: { id: number | null; type: MenuForm['type']; permission: string }, parentId: number | null): void {
  const parent = parentId === null ? null : menus.byId.get(parentId);
  if (parent === undefined) throw badRequest(MenuMessages.parentMissing);
  if (self.id !== null && menus.isWithin(parentId, self.id)) throw badRequest(MenuMessages.cycle);
  if (!parentAllows(parent?.type ?? null, self.type)) {
    throw badRequest(self.type === 'button' ? MenuMessages.buttonParent : MenuMessages.parentMustBeDir);
  }
  if (self.type === 'button') {
    const twin = menus.children(parentId!).find((row) => row.type === 'button' && row.id !== self.id && row.permission === self.permission);
    if (twin) throw conflict(MenuMessages.permissionTaken);
  }
}

function checkUnique(menus: MenuSet, form: MenuForm, selfId: number | null): void {
  const lower = form.name.toLowerCase();
  if (menus.rows.some((row) => row.id !== selfId && row.name.toLowerCase() === lower)) throw conflict(MenuMessages.nameTaken(form.name));
  if (form.type === 'dir' || form.type === 'menu') {
    const taken = menus.rows.some((row) => row.id !== selfId && (row.type === 'dir' || row.type === 'menu') && row.path === form.path);
    if (taken) throw conflict(MenuMessages.pathTaken(form.path));
  }
}

function toValues(form: MenuForm): MenuValues {
  return {
    parent_id: form.parentId,
    type: form.type,
    name: form.name,
    path: form.path,
    redirect: form.redirect,
    component: form.component,
    title: form.title,
    icon: form.icon,
    sort: form.sort,
    permission: form.permission,
    keep_alive: form.keepAlive,
    hidden: form.hidden,
    enabled: form.enabled,
  };
}

async function lockedSet(trx: Db): Promise<MenuSet> {
  await repo.lockMenus(trx);
  return new MenuSet(await repo.findAllMenus(trx));
}

export async function createMenu(db: Db, input: MenuForm): Promise<number> {
  const form = normalizeMenuForm(input);
  firstProblem(form);
  return db.transaction().execute(async (trx) => {
    const menus = await lockedSet(trx);
    checkPlacement(menus, { id: null, type: form.type, permission: form.permission }, form.parentId);
    checkUnique(menus, form, null);
    return repo.insertMenu(trx, toValues(form));
  });
}

function childrenFit(type: MenuForm['type'], children: readonly MenuRecord[]): boolean {
  if (type === 'dir') return children.every((child) => child.type !== 'button');
  if (type === 'menu') return children.every((child) => child.type === 'button');
  return children.length === 0;
}

export async function updateMenu(db: Db, id: number, input: MenuForm): Promise<void> {
  const form = normalizeMenuForm(input);
  firstProblem(form);
  await db.transaction().execute(async (trx) => {
    const menus = await lockedSet(trx);
    const current = menus.byId.get(id);
    if (!current) throw notFound('菜单不存在或已被删除');
    if (menus.essentialIds().has(id)) {
      const weakened = !form.enabled || form.hidden || form.type !== current.type || form.permission !== current.permission;
      if (weakened) throw badRequest(MenuMessages.essential(current.title));
    }
    if (!childrenFit(form.type, menus.children(id))) throw badRequest(MenuMessages.typeConflictsChildren);
    checkPlacement(menus, { id, type: form.type, permission: form.permission }, form.parentId);
    checkUnique(menus, form, id);
    await repo.updateMenu(trx, id, toValues(form));
  });
}

export async function deleteMenu(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const menus = await lockedSet(trx);
    const current = menus.byId.get(id);
    if (!current) throw notFound('菜单不存在或已被删除');
    const children = menus.children(id).length;
    if (children > 0) throw conflict(MenuMessages.hasChildren(children));
    if (menus.essentialIds().has(id)) throw badRequest(MenuMessages.essential(current.title));
    await repo.deleteMenu(trx, id);
  });
}

/** New parents and sorts of several nodes at once; the rules hold for the tree after all moves. */
export async function sortMenus(db: Db, items: readonly MenuSortItem[]): Promise<void> {
  if (new Set(items.map((item) => item.id)).size !== items.length) throw badRequest(MenuMessages.sortDuplicate);
  for (const item of items) {
    if (!Number.isInteger(item.sort) || item.sort < 0 || item.sort > MENU_SORT_MAX) throw badRequest(MenuMessages.sortInvalid);
  }
  await db.transaction().execute(async (trx) => {
    const before = await lockedSet(trx);
    const moved = new Map(items.map((item) => [item.id, item]));
    for (const item of items) if (!before.byId.has(item.id)) throw notFound('菜单不存在或已被删除');
    const after = new MenuSet(
      before.rows.map((row) => {
        const item = moved.get(row.id);
        return item ? { ...row, parent_id: item.parentId, sort: item.sort } : row;
      }),
    );
    for (const item of items) {
      const row = after.byId.get(item.id)!;
      checkPlacement(after, { id: row.id, type: row.type, permission: row.permission }, item.parentId);
    }
    for (const item of items) await repo.updatePlacement(trx, item.id, item.parentId, item.sort);
  });
}
