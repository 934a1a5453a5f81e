/**
 * 子账号 (subUser): accounts a manager, agent or shop creates under itself, with a subset of its
 * own permissions and the same data scope. Rules and messages the server enforces and the form
 * applies before sending.
 */
import { accountNameProblem, accountPhoneProblem, personNameProblem, type PartyStatus } from './parties.ts';
import { checkResetPassword } from './passwords.ts';

export const SubUserMessages = {
  created: '子账号已创建，首次登录须设置新密码',
  updated: '子账号已保存',
  disabled: '子账号已停用',
  enabled: '子账号已启用',
  passwordReset: '密码已重置，首次登录须设置新密码',
  notFound: '子账号不存在',
  alreadyDisabled: '该子账号已停用',
  alreadyEnabled: '该子账号已启用',
  menusRequired: '请至少选择一项权限',
  menusOutside: '所选权限超出了您自己的权限范围，请刷新后重试',
  nested: '子账号不能再创建子账号',
  supplier: '供应商账号不能创建子账号',
  disableConfirm: '停用后该子账号将无法登录，已登录的会话随即失效',
  resetConfirm: '将生成临时密码并结束该子账号的全部登录会话',
} as const;

/** 新增子账号 (POST). The initial password follows the reset rule; the first sign-in must change it. */
export interface SubUserCreateInput {
  account: string;
  name: string;
  /** optional; '' for none */
  phone?: string;
  password: string;
  /** the granted menu ids: checked pages and buttons plus the directories above them */
  menuIds: number[];
}

/** 编辑子账号 (PUT): the account and password are not edited here. */
export interface SubUserUpdateInput {
  name: string;
  phone?: string;
  menuIds: number[];
}

export interface SubUserRecord {
  id: number;
  account: string;
  name: string;
  /** masked, e.g. 138****0001; '' when none */
  phone: string;
  /** false: must set a new password at the next sign-in */
  active: boolean;
  status: PartyStatus;
  lastLoginAt: string | null;
  createdAt: string;
}

/** GET /sub-users/{id}: the full phone (for the edit form) and the stored grants. */
export interface SubUserDetail extends Omit<SubUserRecord, 'phone'> {
  phone: string;
  menuIds: number[];
}

type Loose<T> = Partial<Record<keyof T, unknown>>;

/** Empty is allowed; otherwise an 11-digit mobile number. */
export function optionalPhoneProblem(phone: unknown): string | null {
  if (phone === undefined || phone === null || (typeof phone === 'string' && !phone.trim())) return null;
  return accountPhoneProblem(phone);
}

export function menuIdsProblem(menuIds: unknown): string | null {
  return Array.isArray(menuIds) && menuIds.length > 0 ? null : SubUserMessages.menusRequired;
}

/** The first problem in form order, or null. */
export function subUserCreateProblem(input: Loose<SubUserCreateInput>): string | null {
  return (
    accountNameProblem(input.account) ??
    personNameProblem(input.name) ??
    optionalPhoneProblem(input.phone) ??
    checkResetPassword(typeof input.password === 'string' ? input.password : '') ??
    menuIdsProblem(input.menuIds)
  );
}

export function subUserUpdateProblem(input: Loose<SubUserUpdateInput>): string | null {
  return personNameProblem(input.name) ?? optionalPhoneProblem(input.phone) ?? menuIdsProblem(input.menuIds);
}
