import type { DataScope, RoleType } from './roles.ts';

export interface SysBasicInfo {
  titleName: string;
  logoUrl: string;
  icp: string;
  mpsIcp: string;
  /** which sign-in tabs work on this server */
  loginMethods: { sms: boolean; wechat: boolean };
}

export interface LoginResult {
  session: string;
  account: string;
  active: boolean;
  roleType: RoleType;
  name: string;
  image: string;
  userId: number;
  landing: string;
  /** only when active is false: single-use ticket for POST /admin/api/v1/users/updatePassword */
  ticket?: string;
  /** password sign-in: this browser's device token for the account; sent back with the next sign-in, it keeps the owner out of locks a guesser caused */
  device?: string;
}

export interface UserInfo {
  userId: number;
  account: string;
  name: string;
  phone: string;
  image: string;
  roleType: RoleType;
  active: boolean;
  roles: { code: string; name: string }[];
  scope: DataScope;
  /** the sign-in before the current one; null on the first */
  lastLoginAt: string | null;
  wechat: { bound: boolean; nickname: string };
}

export interface MenuRouteMeta {
  title: string;
  icon: string;
  sort: number;
  permissions: string[];
  keepAlive: boolean;
  /** true for an entry that opens an external address in a new window */
  external?: boolean;
  /** true for a page reached from another page (新增, 详情 …): a route, not a sider entry */
  hidden?: boolean;
}

/** Menu/route node (SPEC §3). */
export interface MenuRoute {
  name: string;
  path: string;
  redirect: string;
  component: string;
  meta: MenuRouteMeta;
  children: MenuRoute[];
}
