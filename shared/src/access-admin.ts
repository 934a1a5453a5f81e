import type { RoleType } from './roles.ts';

/**
 * 菜单管理, 角色管理 and 权限分配: wire types, rules and messages shared by the server (which
 * enforces them) and the web forms (which show the same messages before sending).
 */

export const MENU_TYPES = ['dir', 'menu', 'button', 'link'] as const;
export type MenuKind = (typeof MENU_TYPES)[number];

export const MENU_TYPE_LABELS: Record<MenuKind, string> = { dir: '目录', menu: '菜单', button: '按钮', link: '外链' };

/** A node of the full menu tree (菜单管理, 权限分配): disabled and hidden nodes and buttons included. */
export interface MenuTreeNode {
  id: number;
  parentId: number | null;
  type: MenuKind;
  name: string;
  path: string;
  redirect: string;
  component: string;
  title: string;
  icon: string;
  sort: number;
  permission: string;
  keepAlive: boolean;
  hidden: boolean;
  enabled: boolean;
  children: MenuTreeNode[];
}

/** Body of POST /menus and PUT /menus/{id}. */
export interface MenuForm {
  parentId: number | null;
  type: MenuKind;
  name: string;
  title: string;
  path: string;
  redirect: string;
  component: string;
  icon: string;
  sort: number;
  permission: string;
  keepAlive: boolean;
  hidden: boolean;
  enabled: boolean;
}

/** One row of PUT /menus/sort. */
export interface MenuSortItem {
  id: number;
  parentId: number | null;
  sort: number;
}

export const MENU_TITLE_MAX = 32;
export const MENU_SORT_MAX = 9999;
export const MENU_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{1,63}$/;
/** a:b:c — at least three segments, e.g. system:menu:add */
export const PERMISSION_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(?::[A-Za-z][A-Za-z0-9_-]*){2,}$/;
export const PERMISSION_CODE_MAX = 64;
/** absolute (/erp/system/menu) or relative to the parent (menu) */
export const ROUTE_PATH_PATTERN = /^\/?[A-Za-z0-9_.:-]+(?:\/[A-Za-z0-9_.:-]+)*$/;
/** a key of the web's page registry, e.g. system/menu/index */
export const COMPONENT_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;
export const ICON_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
/** {apiPrefix} in a link is replaced with the gateway prefix when the tree is served */
export const API_PREFIX_PLACEHOLDER = '{apiPrefix}';

export const MenuMessages = {
  typeRequired: '请选择菜单类型',
  nameRequired: '请输入路由名称',
  nameInvalid: '路由名称须为2-64位字母、数字、下划线或短横线，以字母开头',
  nameTaken: (name: string) => `路由名称「${name}」已被使用`,
  titleRequired: '请输入菜单标题',
  titleTooLong: `菜单标题不能超过${MENU_TITLE_MAX}个字符`,
  pathRequired: '请输入路由地址',
  pathInvalid: '路由地址只能包含字母、数字和 / _ - : .',
  pathTaken: (path: string) => `路由地址「${path}」已被其他菜单使用`,
  redirectInvalid: '重定向地址只能包含字母、数字和 / _ - : .',
  componentRequired: '请输入组件路径',
  componentInvalid: '组件路径格式如 system/menu/index（字母、数字、_、-，以 / 分隔）',
  permissionRequired: '请输入权限标识',
  permissionInvalid: '权限标识格式如 system:menu:add（至少三段，以英文冒号分隔，不超过64个字符）',
  permissionTaken: '同一页面下已有相同权限标识的按钮',
  linkRequired: '请输入外链地址',
  linkInvalid: '外链地址须以 http:// 或 https:// 开头，或以 {apiPrefix}/ 开头',
  iconInvalid: '图标名称无效，请从图标库中选择',
  sortInvalid: `排序须为0-${MENU_SORT_MAX}的整数`,
  parentMissing: '上级菜单不存在',
  buttonParent: '按钮只能挂在菜单（页面）下',
  parentMustBeDir: '目录、菜单和外链只能放在目录下或作为顶级',
  cycle: '不能把菜单移到它自己或它的下级之下',
  typeConflictsChildren: '该节点下的子项与新类型不符，不能修改类型',
  hasChildren: (count: number) => `该菜单下还有 ${count} 个子项，请先删除或移走子项`,
  sortDuplicate: '排序列表中有重复的菜单',
  essential: (title: string) => `「${title}」是维护菜单和权限所必需的，不能删除、停用、隐藏，也不能修改其类型或权限标识`,
  saved: '菜单已保存，用户下次加载路由时生效',
  deleted: '菜单已删除，用户下次加载路由时生效',
  sorted: '排序已保存，用户下次加载路由时生效',
} as const;

export type MenuFormField = 'type' | 'name' | 'title' | 'path' | 'redirect' | 'component' | 'icon' | 'sort' | 'permission';

export function isLinkAddress(address: string): boolean {
  if (address.startsWith(`${API_PREFIX_PLACEHOLDER}/`)) return !/\s/.test(address);
  if (!/^https?:\/\//i.test(address)) return false;
  try {
    return !!new URL(address).host;
  } catch {
    return false;
  }
}

/** Trims the text fields and clears those the type does not use (what the server stores). */
export function normalizeMenuForm(form: MenuForm): MenuForm {
  const t = (value: string | null | undefined) => (value ?? '').trim();
  const type = form.type;
  return {
    parentId: form.parentId ?? null,
    type,
    name: t(form.name),
    title: t(form.title),
    path: type === 'button' ? '' : t(form.path),
    redirect: type === 'dir' || type === 'menu' ? t(form.redirect) : '',
    component: type === 'menu' ? t(form.component) : '',
    icon: type === 'button' ? '' : t(form.icon),
    sort: form.sort,
    permission: type === 'button' || type === 'menu' ? t(form.permission) : '',
    keepAlive: type === 'menu' ? !!form.keepAlive : false,
    hidden: !!form.hidden,
    enabled: form.enabled !== false,
  };
}

/** The first problem of each field of a normalised form, by its type's rules. */
export function menuFormProblems(form: MenuForm): Partial<Record<MenuFormField, string>> {
  const problems: Partial<Record<MenuFormField, string>> = {};
  if (!MENU_TYPES.includes(form.type)) {
    problems.type = MenuMessages.typeRequired;
    return problems;
  }
  if (!form.name) problems.name = MenuMessages.nameRequired;
  else if (!MENU_NAME_PATTERN.test(form.name)) problems.name = MenuMessages.nameInvalid;
  if (!form.title) problems.title = MenuMessages.titleRequired;
  else if (form.title.length > MENU_TITLE_MAX) problems.title = MenuMessages.titleTooLong;
  if (!Number.isInteger(form.sort) || form.sort < 0 || form.sort > MENU_SORT_MAX) problems.sort = MenuMessages.sortInvalid;
  if (form.icon && !ICON_NAME_PATTERN.test(form.icon)) problems.icon = MenuMessages.iconInvalid;
  const code = form.permission;
  const badCode = code.length > PERMISSION_CODE_MAX || !PERMISSION_CODE_PATTERN.test(code);
  switch (form.type) {
    case 'dir':
    case 'menu':
      if (!form.path) problems.path = MenuMessages.pathRequired;
      else if (!ROUTE_PATH_PATTERN.test(form.path)) problems.path = MenuMessages.pathInvalid;
      if (form.redirect && !ROUTE_PATH_PATTERN.test(form.redirect)) problems.redirect = MenuMessages.redirectInvalid;
      if (form.type === 'menu') {
        if (!form.component) problems.component = MenuMessages.componentRequired;
        else if (!COMPONENT_PATTERN.test(form.component)) problems.component = MenuMessages.componentInvalid;
        if (code && badCode) problems.permission = MenuMessages.permissionInvalid;
      }
      break;
    case 'button':
      if (!code) problems.permission = MenuMessages.permissionRequired;
      else if (badCode) problems.permission = MenuMessages.permissionInvalid;
      break;
    case 'link':
      if (!form.path) problems.path = MenuMessages.linkRequired;
      else if (!isLinkAddress(form.path)) problems.path = MenuMessages.linkInvalid;
      break;
  }
  return problems;
}

/** Where a node of this type may hang: buttons under a page, everything else under a directory or at the top. */
export function parentAllows(parentType: MenuKind | null, childType: MenuKind): boolean {
  if (childType === 'button') return parentType === 'menu';
  return parentType === null || parentType === 'dir';
}

// ---------------------------------------------------------------------------------------------
// 角色管理

/** Roles that ship with the system: never deleted, their codes never change, never disabled. */
export const BUILTIN_ROLE_CODES = ['admin', 'agent', 'shop', 'supplier'] as const;
export const ADMIN_ROLE_CODE = 'admin';

/**
 * Which users a role may hold: the built-in agent, shop and supplier roles only users of that
 * roleType; admin and every custom role only HQ (manager) users.
 */
export function roleTypeOfRole(role: { code: string; builtin: boolean }): RoleType {
  if (role.builtin && (role.code === 'agent' || role.code === 'shop' || role.code === 'supplier')) return role.code;
  return 'manager';
}

export const ROLE_CODE_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;
export const ROLE_NAME_MAX = 32;
export const ROLE_REMARK_MAX = 200;

export interface RoleRecord {
  id: number;
  code: string;
  name: string;
  remark: string;
  enabled: boolean;
  builtin: boolean;
  /** the roleType its members must have */
  roleType: RoleType;
  userCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface RoleForm {
  code: string;
  name: string;
  remark: string;
  enabled: boolean;
}

export interface RoleMember {
  id: number;
  account: string;
  name: string;
  phone: string;
  roleType: RoleType;
  enabled: boolean;
}

export interface RoleUsersChange {
  add: number[];
  remove: number[];
}

export const RoleMessages = {
  codeRequired: '请输入角色编码',
  codeInvalid: '角色编码须为2-32位小写字母、数字或下划线，以字母开头',
  codeTaken: (code: string) => `角色编码「${code}」已被使用`,
  nameRequired: '请输入角色名称',
  nameTooLong: `角色名称不能超过${ROLE_NAME_MAX}个字符`,
  nameTaken: (name: string) => `角色名称「${name}」已被使用`,
  remarkTooLong: `备注不能超过${ROLE_REMARK_MAX}个字符`,
  builtinDelete: '内置角色不能删除',
  builtinCode: '内置角色的编码不能修改',
  builtinDisable: '内置角色不能停用',
  inUse: (count: number) => `该角色已分配给 ${count} 个用户，请先在「成员」中移除后再删除`,
  menuMissing: '所选菜单不存在或已被删除，请刷新后重试',
  adminLockout: '总部管理员角色必须保留「角色管理」页面和「权限分配」按钮，否则将无人能再分配权限',
  lastAdmin: '总部管理员角色至少要保留一名可用的用户',
  userMissing: '所选用户不存在或已删除，请刷新后重试',
  addAndRemove: '同一用户不能同时加入和移除',
  roleTypeMismatch: (accounts: string, label: string) => `用户 ${accounts} 不是${label}用户，不能加入该角色`,
  created: '角色已创建',
  updated: '角色已保存',
  deleted: '角色已删除',
  granted: '权限已保存，用户下次加载路由时生效',
  membersSaved: '成员已更新',
} as const;

export type RoleFormField = 'code' | 'name' | 'remark';

export function roleFormProblems(form: RoleForm): Partial<Record<RoleFormField, string>> {
  const problems: Partial<Record<RoleFormField, string>> = {};
  const code = form.code.trim();
  const name = form.name.trim();
  if (!code) problems.code = RoleMessages.codeRequired;
  else if (!ROLE_CODE_PATTERN.test(code)) problems.code = RoleMessages.codeInvalid;
  if (!name) problems.name = RoleMessages.nameRequired;
  else if (name.length > ROLE_NAME_MAX) problems.name = RoleMessages.nameTooLong;
  if (form.remark.trim().length > ROLE_REMARK_MAX) problems.remark = RoleMessages.remarkTooLong;
  return problems;
}
