/**
 * 代理商 / 门店 / 供应商 (users/agent, users/shop, users/supplier) and their sign-in accounts: the
 * rules and messages the server enforces and the forms apply before sending.
 */
import { checkResetPassword } from './passwords.ts';
import { isCalendarDay } from './validators.ts';
import { ACCOUNT_PATTERN, isLoginPhone, LoginMessages } from './validators.ts';

export const PARTY_KINDS = ['agent', 'shop', 'supplier'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];
export const PARTY_KIND_LABELS: Record<PartyKind, string> = { agent: '代理商', shop: '门店', supplier: '供应商' };

export const PARTY_STATUSES = ['enabled', 'disabled'] as const;
export type PartyStatus = (typeof PARTY_STATUSES)[number];
export const PARTY_STATUS_LABELS: Record<PartyStatus, string> = { enabled: '启用', disabled: '停用' };

export const SHOP_KINDS = ['direct', 'franchise'] as const;
export type ShopKind = (typeof SHOP_KINDS)[number];
export const SHOP_KIND_LABELS: Record<ShopKind, string> = { direct: '直营店', franchise: '加盟店' };

/**
 * 区域: the items of the `region` dictionary as seeded (0005). A shop stores the item value. The
 * server checks against this fixed list for now, so a region added in 字典管理 needs a line here.
 */
export const REGIONS = [
  { value: 'east', label: '华东' },
  { value: 'south', label: '华南' },
  { value: 'north', label: '华北' },
  { value: 'central', label: '华中' },
  { value: 'southwest', label: '西南' },
  { value: 'northwest', label: '西北' },
  { value: 'northeast', label: '东北' },
  { value: 'overseas', label: '海外' },
] as const;
export type RegionValue = (typeof REGIONS)[number]['value'];

export function regionLabel(value: string | null | undefined): string {
  return REGIONS.find((region) => region.value === value)?.label ?? (value || '');
}

/** Letters, digits, underscore and hyphen, 2 to 32, starting with a letter or digit (e.g. SH001). */
export const PARTY_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/;
/** A mainland mobile number, or a landline with its area code (0571-87001234, optional extension). */
export const PARTY_PHONE_PATTERN = /^(?:1\d{10}|0\d{2,3}-?\d{7,8}(?:-\d{1,6})?|400-?\d{3}-?\d{4})$/;

export const PARTY_NAME_MAX = 64;
export const PARTY_PERSON_MAX = 32;
export const PARTY_PLACE_MAX = 32;
export const PARTY_ADDRESS_MAX = 200;
export const PARTY_REMARK_MAX = 200;
export const SHOP_AREA_MAX = 100_000;
export const ACCOUNT_NAME_MAX = 32;

export const PartyMessages = {
  codeRequired: '请输入编码',
  codeInvalid: '编码须为2-32位字母、数字、下划线或短横线，且以字母或数字开头',
  nameTooLong: `名称不能超过${PARTY_NAME_MAX}个字符`,
  contactTooLong: `联系人不能超过${PARTY_PERSON_MAX}个字符`,
  managerTooLong: `店长不能超过${PARTY_PERSON_MAX}个字符`,
  phoneRequired: '请输入联系电话',
  phoneInvalid: '请输入正确的联系电话（手机号或座机号，如 0571-87001234）',
  provinceTooLong: `省份不能超过${PARTY_PLACE_MAX}个字符`,
  cityTooLong: `城市不能超过${PARTY_PLACE_MAX}个字符`,
  addressTooLong: `地址不能超过${PARTY_ADDRESS_MAX}个字符`,
  remarkTooLong: `备注不能超过${PARTY_REMARK_MAX}个字符`,
  kindRequired: '请选择门店类型',
  directHasNoAgent: '直营店不属于代理商，请清空所属代理商',
  regionInvalid: '请选择正确的区域',
  areaInvalid: `营业面积须为1-${SHOP_AREA_MAX}的正整数（平方米）`,
  openedOnInvalid: '开业日期格式不正确',
  openedOnFuture: '开业日期不能晚于今天',
  agentNotFound: '所属代理商不存在',
  agentDisabled: '所属代理商已停用，请选择其他代理商',
  hqOnlyFields: '只有总部可以修改门店的编码、类型和所属代理商',
  alreadyDisabled: '该单位已是停用状态',
  alreadyEnabled: '该单位已是启用状态',
  disableConfirm: '停用后该单位的所有账号将无法登录，确定停用？',
  created: '新增成功',
  updated: '修改成功',
  enabled: '已启用；单位下的账号不会自动启用，请在“账号”中逐个启用',
  accountNameRequired: '请输入姓名',
  accountNameTooLong: `姓名不能超过${ACCOUNT_NAME_MAX}个字符`,
  accountInvalid: '账号须为3-32位字母、数字、下划线、点或短横线',
  accountTaken: '该账号已被使用，请换一个',
  accountPhoneTaken: '该手机号已被其他账号使用',
  accountNotFound: '账号不存在',
  accountPartyDisabled: '所属单位已停用，请先启用单位',
  accountAlreadyDisabled: '该账号已停用',
  accountAlreadyEnabled: '该账号已启用',
  accountSelf: '不能停用或重置自己的账号，请到个人中心修改密码',
  accountCreated: '账号已创建，首次登录须设置新密码',
  passwordReset: '密码已重置，首次登录须设置新密码',
  accountDisabled: '账号已停用',
  accountEnabled: '账号已启用',
} as const;

export const partyNameRequired = (kind: PartyKind) => `请输入${PARTY_KIND_LABELS[kind]}名称`;
export const partyCodeTaken = (code: string) => `编码“${code}”已存在`;
export const partyNotFound = (kind: PartyKind) => `${PARTY_KIND_LABELS[kind]}不存在`;
export const partyDisabledWithAccounts = (count: number) => (count > 0 ? `已停用，${count} 个账号同时停用` : '已停用');

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const tooLong = (value: unknown, max: number, message: string) => (text(value).length > max ? message : null);

// Asia/Shanghai is UTC+8 all year (no daylight saving since 1991): its day is UTC's eight hours
// on, by arithmetic — a time-zone formatter cost more than the rest of numbering a document
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The business day is Asia/Shanghai (DESIGN §3): today as YYYY-MM-DD there. */
export function shanghaiToday(now: Date = new Date()): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

export function partyCodeProblem(code: unknown): string | null {
  const value = text(code);
  if (!value) return PartyMessages.codeRequired;
  return PARTY_CODE_PATTERN.test(value) ? null : PartyMessages.codeInvalid;
}

export function partyNameProblem(name: unknown, kind: PartyKind): string | null {
  const value = text(name);
  if (!value) return partyNameRequired(kind);
  return value.length > PARTY_NAME_MAX ? PartyMessages.nameTooLong : null;
}

export function partyPhoneProblem(phone: unknown): string | null {
  const value = text(phone);
  if (!value) return PartyMessages.phoneRequired;
  return PARTY_PHONE_PATTERN.test(value) ? null : PartyMessages.phoneInvalid;
}

export const contactProblem = (value: unknown) => tooLong(value, PARTY_PERSON_MAX, PartyMessages.contactTooLong);
export const managerProblem = (value: unknown) => tooLong(value, PARTY_PERSON_MAX, PartyMessages.managerTooLong);
export const provinceProblem = (value: unknown) => tooLong(value, PARTY_PLACE_MAX, PartyMessages.provinceTooLong);
export const cityProblem = (value: unknown) => tooLong(value, PARTY_PLACE_MAX, PartyMessages.cityTooLong);
export const addressProblem = (value: unknown) => tooLong(value, PARTY_ADDRESS_MAX, PartyMessages.addressTooLong);
export const remarkProblem = (value: unknown) => tooLong(value, PARTY_REMARK_MAX, PartyMessages.remarkTooLong);

export function shopKindProblem(kind: unknown): string | null {
  return (SHOP_KINDS as readonly unknown[]).includes(kind) ? null : PartyMessages.kindRequired;
}

/**
 * Direct shops belong to HQ alone. A franchise shop belongs to an agent (who is billed for it) or,
 * with no agent, to HQ, which supplies and bills it directly (总部加盟店, issue 26).
 */
export function shopAgentProblem(kind: unknown, agentId: unknown): string | null {
  const hasAgent = agentId !== null && agentId !== undefined && agentId !== '';
  if (kind === 'direct' && hasAgent) return PartyMessages.directHasNoAgent;
  return null;
}

/** Empty is allowed (not yet assigned); otherwise one of REGIONS. */
export function regionProblem(region: unknown): string | null {
  const value = text(region);
  if (!value) return null;
  return REGIONS.some((r) => r.value === value) ? null : PartyMessages.regionInvalid;
}

/** Empty is allowed; otherwise a whole number of square metres, 1 to SHOP_AREA_MAX. */
export function areaProblem(area: unknown): string | null {
  if (area === null || area === undefined || area === '') return null;
  return typeof area === 'number' && Number.isInteger(area) && area >= 1 && area <= SHOP_AREA_MAX ? null : PartyMessages.areaInvalid;
}

/** Empty is allowed; otherwise a real calendar date YYYY-MM-DD, not after today (Asia/Shanghai). */
export function openedOnProblem(openedOn: unknown, today: string = shanghaiToday()): string | null {
  if (openedOn === null || openedOn === undefined || openedOn === '') return null;
  if (!isCalendarDay(openedOn) || openedOn < '1900-01-01') return PartyMessages.openedOnInvalid;
  return openedOn > today ? PartyMessages.openedOnFuture : null;
}

/** What the 代理商 form sends (POST and PUT). */
export interface AgentInput {
  code: string;
  name: string;
  contactName?: string;
  phone: string;
  province?: string;
  city?: string;
  address?: string;
  remark?: string;
  /** an item value of the agent_level dictionary ('' none); left out on PUT keeps the level (0026) */
  level?: string;
}

/** What the 门店 form sends. On PUT, code, kind and agentId may be left out to keep them. */
export interface ShopInput {
  code: string;
  name: string;
  kind: ShopKind;
  agentId: number | null;
  region?: string;
  contactName?: string;
  phone: string;
  managerName?: string;
  province?: string;
  city?: string;
  address?: string;
  areaSqm?: number | null;
  /** YYYY-MM-DD */
  openedOn?: string | null;
  remark?: string;
}

export interface SupplierInput {
  code: string;
  name: string;
  contactName?: string;
  phone: string;
  address?: string;
  remark?: string;
}

type Loose<T> = Partial<Record<keyof T, unknown>>;

/** The first problem in form order, or null. */
export function agentInputProblem(input: Loose<AgentInput>): string | null {
  return (
    partyCodeProblem(input.code) ??
    partyNameProblem(input.name, 'agent') ??
    contactProblem(input.contactName) ??
    partyPhoneProblem(input.phone) ??
    provinceProblem(input.province) ??
    cityProblem(input.city) ??
    addressProblem(input.address) ??
    remarkProblem(input.remark)
  );
}

export function shopInputProblem(input: Loose<ShopInput>, today?: string): string | null {
  return (
    partyCodeProblem(input.code) ??
    partyNameProblem(input.name, 'shop') ??
    shopKindProblem(input.kind) ??
    shopAgentProblem(input.kind, input.agentId) ??
    regionProblem(input.region) ??
    contactProblem(input.contactName) ??
    partyPhoneProblem(input.phone) ??
    managerProblem(input.managerName) ??
    provinceProblem(input.province) ??
    cityProblem(input.city) ??
    addressProblem(input.address) ??
    areaProblem(input.areaSqm) ??
    openedOnProblem(input.openedOn, today) ??
    remarkProblem(input.remark)
  );
}

export function supplierInputProblem(input: Loose<SupplierInput>): string | null {
  return (
    partyCodeProblem(input.code) ??
    partyNameProblem(input.name, 'supplier') ??
    contactProblem(input.contactName) ??
    partyPhoneProblem(input.phone) ??
    addressProblem(input.address) ??
    remarkProblem(input.remark)
  );
}

/** 新增账号: the person signs in with `account` (or the phone by SMS) and must set a new password first. */
export interface PartyAccountInput {
  account: string;
  name: string;
  phone: string;
  /** the initial password, following the reset rule (SPEC §5) */
  password: string;
}

export function accountNameProblem(account: unknown): string | null {
  const value = text(account);
  if (!value) return LoginMessages.accountRequired;
  return ACCOUNT_PATTERN.test(value) ? null : PartyMessages.accountInvalid;
}

export function personNameProblem(name: unknown): string | null {
  const value = text(name);
  if (!value) return PartyMessages.accountNameRequired;
  return value.length > ACCOUNT_NAME_MAX ? PartyMessages.accountNameTooLong : null;
}

export function accountPhoneProblem(phone: unknown): string | null {
  const value = text(phone);
  if (!value) return LoginMessages.phoneRequired;
  return isLoginPhone(value) ? null : LoginMessages.phoneInvalid;
}

export function partyAccountInputProblem(input: Loose<PartyAccountInput>): string | null {
  return (
    accountNameProblem(input.account) ??
    personNameProblem(input.name) ??
    accountPhoneProblem(input.phone) ??
    checkResetPassword(typeof input.password === 'string' ? input.password : '')
  );
}

interface PartyRecordBase {
  id: number;
  code: string;
  name: string;
  contactName: string;
  phone: string;
  address: string;
  remark: string;
  status: PartyStatus;
  /** sign-in accounts not deleted */
  accountCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface AgentRecord extends PartyRecordBase {
  province: string;
  city: string;
  /** agent_level item value, '' none; levelName its dictionary name */
  level: string;
  levelName: string;
  shopCount: number;
}

export interface ShopRecord extends PartyRecordBase {
  kind: ShopKind;
  agentId: number | null;
  agentName: string;
  region: string;
  managerName: string;
  province: string;
  city: string;
  areaSqm: number | null;
  openedOn: string | null;
}

export type SupplierRecord = PartyRecordBase;

export interface AgentOption {
  id: number;
  code: string;
  name: string;
  status: PartyStatus;
}

export interface PartyAccountRecord {
  id: number;
  account: string;
  name: string;
  /** masked, e.g. 138****0001 */
  phone: string;
  /** false: must set a new password at the next sign-in */
  active: boolean;
  status: PartyStatus;
  lastLoginAt: string | null;
  createdAt: string;
}
