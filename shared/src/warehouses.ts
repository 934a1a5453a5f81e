/**
 * 仓库 and 货架 (warehouse base, warehouse address, shelf): the rules and messages the server
 * enforces and the forms apply before sending. Whether a parent, a shop or a code exists only the
 * server can tell; those checks are the server's alone. The stock ledger's words are in stock.ts.
 */
import { PARTY_PHONE_PATTERN, regionProblem } from './parties.ts';

export const WAREHOUSE_TYPES = ['hq', 'shop', 'overseas', 'transit', 'defective'] as const;
export type WarehouseType = (typeof WAREHOUSE_TYPES)[number];
export const WAREHOUSE_TYPE_LABELS: Record<WarehouseType, string> = {
  hq: '总仓',
  shop: '门店仓',
  overseas: '海外仓',
  transit: '在途仓(虚拟)',
  defective: '次品仓',
};

/**
 * The tree: an HQ warehouse groups warehouses of any type (areas, a defective store, the shop
 * warehouses of a region). Overseas, in-transit and defective warehouses only nest their own type;
 * a shop warehouse is a leaf (a shop has one warehouse, its own). At most WAREHOUSE_MAX_DEPTH levels.
 */
export const WAREHOUSE_CHILD_TYPES: Record<WarehouseType, readonly WarehouseType[]> = {
  hq: WAREHOUSE_TYPES,
  shop: [],
  overseas: ['overseas'],
  transit: ['transit'],
  defective: ['defective'],
};
export const WAREHOUSE_MAX_DEPTH = 5;

/** Letters, digits, underscore and hyphen, 2 to 32, starting with a letter or digit (e.g. WH-HZ01). */
export const WAREHOUSE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/;
export const WAREHOUSE_NAME_MAX = 64;
export const WAREHOUSE_CONTACT_MAX = 32;
export const WAREHOUSE_ADDRESS_MAX = 200;
export const WAREHOUSE_COUNTRY_MAX = 64;
export const WAREHOUSE_REMARK_MAX = 200;

/** Shelf (bin) codes: 1 to 32 letters, digits, underscore or hyphen, starting with a letter or digit (A-01-03). */
export const SHELF_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
export const SHELF_NAME_MAX = 32;
export const SHELF_SORT_MAX = 9999;
/** One batch creates at most this many shelves. */
export const SHELF_BATCH_MAX = 500;
/** A batch numbers rows and levels 1..SHELF_BATCH_NUMBER_MAX, zero-padded to 2 digits (3 from 100 on). */
export const SHELF_BATCH_NUMBER_MAX = 999;
export const SHELF_PREFIX_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_]{0,15}$/;

export const WarehouseMessages = {
  codeRequired: '请输入仓库编码',
  codeInvalid: '仓库编码须为2-32位字母、数字、下划线或短横线，且以字母或数字开头',
  nameRequired: '请输入仓库名称',
  nameTooLong: `仓库名称不能超过${WAREHOUSE_NAME_MAX}个字符`,
  typeRequired: '请选择仓库类型',
  shopRequired: '门店仓须选择所属门店',
  shopNotAllowed: '只有门店仓属于门店，请清空所属门店',
  shopNotFound: '所属门店不存在',
  shopDisabled: '所属门店已停用，请选择其他门店',
  shopTaken: '该门店已有门店仓，一个门店只能有一个门店仓',
  contactTooLong: `联系人不能超过${WAREHOUSE_CONTACT_MAX}个字符`,
  phoneInvalid: '请输入正确的联系电话（手机号或座机号，如 0571-87001234）',
  regionInvalid: '请选择正确的区域',
  addressTooLong: `地址不能超过${WAREHOUSE_ADDRESS_MAX}个字符`,
  countryRequired: '海外仓须填写国家/地区',
  countryTooLong: `国家/地区不能超过${WAREHOUSE_COUNTRY_MAX}个字符`,
  countryNotAllowed: '只有海外仓填写国家/地区，请清空',
  remarkTooLong: `备注不能超过${WAREHOUSE_REMARK_MAX}个字符`,
  allowNegativeInvalid: '请选择是否允许负库存',
  parentNotFound: '上级仓库不存在',
  parentSelf: '上级仓库不能是自己',
  parentCycle: '上级仓库不能是自己的下级仓库',
  parentDisabled: '上级仓库已停用，请选择其他上级仓库',
  tooDeep: `仓库最多${WAREHOUSE_MAX_DEPTH}级`,
  notFound: '仓库不存在',
  hqOnly: '只有总部可以新增仓库，或修改仓库的编码、类型、上级、所属门店和负库存设置',
  typeLockedByStock: '仓库已有库存流水，不能修改类型或所属门店',
  transitWithShelves: '仓库已有货架，不能改为在途仓（在途仓是虚拟仓，没有货架）',
  alreadyEnabled: '该仓库已是启用状态',
  alreadyDisabled: '该仓库已是停用状态',
  hasEnabledChildren: '请先停用该仓库的下级仓库',
  created: '新增成功',
  updated: '修改成功',
  enabled: '已启用',
  disabled: '已停用',
} as const;

export const ShelfMessages = {
  codeRequired: '请输入货架编码',
  codeInvalid: '货架编码须为1-32位字母、数字、下划线或短横线，且以字母或数字开头',
  nameTooLong: `货架名称不能超过${SHELF_NAME_MAX}个字符`,
  sortInvalid: `排序须为0-${SHELF_SORT_MAX}的整数`,
  prefixRequired: '请输入货架编码前缀',
  prefixInvalid: '前缀须为1-16位字母、数字或下划线，且以字母或数字开头',
  rowsInvalid: `排号须为1-${SHELF_BATCH_NUMBER_MAX}的整数，且起始不大于结束`,
  levelsInvalid: `层号须为1-${SHELF_BATCH_NUMBER_MAX}的整数，且起始不大于结束`,
  batchTooLarge: `一次最多生成${SHELF_BATCH_MAX}个货架`,
  notFound: '货架不存在',
  transitHasNoShelves: '在途仓是虚拟仓，不能建货架',
  warehouseDisabled: '仓库已停用，不能新增货架',
  alreadyEnabled: '该货架已是启用状态',
  alreadyDisabled: '该货架已是停用状态',
  created: '新增成功',
  updated: '修改成功',
  enabled: '已启用',
  disabled: '已停用',
} as const;

export const warehouseCodeTaken = (code: string) => `仓库编码“${code}”已存在`;
export const warehouseChildTypeProblem = (parentType: WarehouseType, childType: WarehouseType): string | null =>
  WAREHOUSE_CHILD_TYPES[parentType].includes(childType)
    ? null
    : parentType === 'shop'
      ? '门店仓不能有下级仓库'
      : `${WAREHOUSE_TYPE_LABELS[parentType]}下只能建${WAREHOUSE_TYPE_LABELS[parentType]}`;
/** Disabling (or turning a flag off) is refused while something is still there. */
export const warehouseHasStock = (name: string, rows: number, quantity: number) => `仓库“${name}”还有库存（${rows}条库存记录，合计${quantity}件），不能停用`;
export const warehouseHasNegative = (name: string, rows: number) => `仓库“${name}”有${rows}条负库存记录，请先处理后再关闭“允许负库存”`;
export const shelfCodeTaken = (code: string) => `货架编码“${code}”在该仓库已存在`;
export const shelfCodesTaken = (codes: readonly string[], total: number) => `货架编码已存在：${codes.join('、')}${total > codes.length ? ` 等${total}个` : ''}`;
export const shelfHasStock = (code: string, rows: number, quantity: number) => `货架“${code}”还有库存（${rows}条库存记录，合计${quantity}件），不能停用`;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const tooLong = (value: unknown, max: number, message: string) => (text(value).length > max ? message : null);
const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0;

export function isWarehouseType(value: unknown): value is WarehouseType {
  return (WAREHOUSE_TYPES as readonly unknown[]).includes(value);
}

/** What the 仓库 form sends (POST and PUT). */
export interface WarehouseInput {
  code: string;
  name: string;
  type: WarehouseType;
  parentId?: number | null;
  /** required for a shop warehouse, null otherwise */
  shopId?: number | null;
  allowNegative?: boolean;
  contactName?: string;
  phone?: string;
  /** a REGIONS value or '' */
  region?: string;
  address?: string;
  /** overseas warehouses only */
  country?: string;
  remark?: string;
  /** POST only: defaults to enabled */
  enabled?: boolean;
}

type Loose<T> = Partial<Record<keyof T, unknown>>;

export function warehouseCodeProblem(code: unknown): string | null {
  const value = text(code);
  if (!value) return WarehouseMessages.codeRequired;
  return WAREHOUSE_CODE_PATTERN.test(value) ? null : WarehouseMessages.codeInvalid;
}

export function warehouseNameProblem(name: unknown): string | null {
  const value = text(name);
  if (!value) return WarehouseMessages.nameRequired;
  return value.length > WAREHOUSE_NAME_MAX ? WarehouseMessages.nameTooLong : null;
}

/** A shop warehouse names its shop; no other type does. */
export function warehouseShopProblem(type: unknown, shopId: unknown): string | null {
  const hasShop = shopId !== null && shopId !== undefined;
  if (type === 'shop') return isId(shopId) ? null : WarehouseMessages.shopRequired;
  return hasShop ? WarehouseMessages.shopNotAllowed : null;
}

/** Overseas warehouses say where they are; the others leave the country empty. */
export function warehouseCountryProblem(type: unknown, country: unknown): string | null {
  const value = text(country);
  if (type !== 'overseas') return value ? WarehouseMessages.countryNotAllowed : null;
  if (!value) return WarehouseMessages.countryRequired;
  return value.length > WAREHOUSE_COUNTRY_MAX ? WarehouseMessages.countryTooLong : null;
}

export function warehousePhoneProblem(phone: unknown): string | null {
  const value = text(phone);
  return !value || PARTY_PHONE_PATTERN.test(value) ? null : WarehouseMessages.phoneInvalid;
}

/** The first problem in form order, or null. */
export function warehouseInputProblem(input: Loose<WarehouseInput>): string | null {
  return (
    warehouseCodeProblem(input.code) ??
    warehouseNameProblem(input.name) ??
    (isWarehouseType(input.type) ? null : WarehouseMessages.typeRequired) ??
    warehouseShopProblem(input.type, input.shopId) ??
    (input.allowNegative === undefined || input.allowNegative === null || typeof input.allowNegative === 'boolean' ? null : WarehouseMessages.allowNegativeInvalid) ??
    tooLong(input.contactName, WAREHOUSE_CONTACT_MAX, WarehouseMessages.contactTooLong) ??
    warehousePhoneProblem(input.phone) ??
    (regionProblem(input.region) ? WarehouseMessages.regionInvalid : null) ??
    tooLong(input.address, WAREHOUSE_ADDRESS_MAX, WarehouseMessages.addressTooLong) ??
    warehouseCountryProblem(input.type, input.country) ??
    tooLong(input.remark, WAREHOUSE_REMARK_MAX, WarehouseMessages.remarkTooLong)
  );
}

/**
 * Where a warehouse may hang: `ancestors` are the chosen parent's chain, nearest first, the parent
 * itself included (id and type), and `subtreeDepth` the levels of the warehouse's own subtree
 * (1 for a leaf). A warehouse never hangs below itself, types nest by WAREHOUSE_CHILD_TYPES (the
 * warehouse's children must fit its type too: `childTypes`), and the tree stays WAREHOUSE_MAX_DEPTH deep.
 */
export function warehousePlacementProblem(args: {
  id?: number;
  type: WarehouseType;
  ancestors: readonly { id: number; type: WarehouseType }[];
  childTypes?: readonly WarehouseType[];
  subtreeDepth?: number;
}): string | null {
  const { id, type, ancestors, childTypes = [], subtreeDepth = 1 } = args;
  const parent = ancestors[0];
  if (parent && id !== undefined) {
    if (parent.id === id) return WarehouseMessages.parentSelf;
    if (ancestors.some((a) => a.id === id)) return WarehouseMessages.parentCycle;
  }
  if (parent) {
    const problem = warehouseChildTypeProblem(parent.type, type);
    if (problem) return problem;
  }
  for (const child of new Set(childTypes)) {
    const problem = warehouseChildTypeProblem(type, child);
    if (problem) return problem;
  }
  return ancestors.length + subtreeDepth > WAREHOUSE_MAX_DEPTH ? WarehouseMessages.tooDeep : null;
}

/** What the 货架 form sends. */
export interface ShelfInput {
  code: string;
  name?: string;
  sort?: number;
  /** POST only: defaults to enabled */
  enabled?: boolean;
}

export function shelfCodeProblem(code: unknown): string | null {
  const value = text(code);
  if (!value) return ShelfMessages.codeRequired;
  return SHELF_CODE_PATTERN.test(value) ? null : ShelfMessages.codeInvalid;
}

export function shelfInputProblem(input: Loose<ShelfInput>): string | null {
  const sort = input.sort;
  return (
    shelfCodeProblem(input.code) ??
    tooLong(input.name, SHELF_NAME_MAX, ShelfMessages.nameTooLong) ??
    (sort === undefined || sort === null || (typeof sort === 'number' && Number.isInteger(sort) && sort >= 0 && sort <= SHELF_SORT_MAX) ? null : ShelfMessages.sortInvalid)
  );
}

/** 批量新增货架: prefix A, rows 1–5, levels 1–4 → A-01-01 … A-05-04 (levels left out → A-01 … A-05). */
export interface ShelfBatchInput {
  prefix: string;
  rowFrom: number;
  rowTo: number;
  levelFrom?: number | null;
  levelTo?: number | null;
}

const numberRange = (from: unknown, to: unknown) =>
  [from, to].every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= SHELF_BATCH_NUMBER_MAX) && (from as number) <= (to as number);

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The codes a batch makes, in order, or the first problem. */
export function shelfBatchCodes(input: Loose<ShelfBatchInput>): { codes: string[]; problem: null } | { codes: null; problem: string } {
  const fail = (problem: string) => ({ codes: null, problem });
  const prefix = text(input.prefix);
  if (!prefix) return fail(ShelfMessages.prefixRequired);
  if (!SHELF_PREFIX_PATTERN.test(prefix)) return fail(ShelfMessages.prefixInvalid);
  if (!numberRange(input.rowFrom, input.rowTo)) return fail(ShelfMessages.rowsInvalid);
  const hasLevels = (input.levelFrom ?? null) !== null || (input.levelTo ?? null) !== null;
  if (hasLevels && !numberRange(input.levelFrom, input.levelTo)) return fail(ShelfMessages.levelsInvalid);
  const [rowFrom, rowTo] = [input.rowFrom as number, input.rowTo as number];
  const [levelFrom, levelTo] = hasLevels ? [input.levelFrom as number, input.levelTo as number] : [0, 0];
  const count = (rowTo - rowFrom + 1) * (hasLevels ? levelTo - levelFrom + 1 : 1);
  if (count > SHELF_BATCH_MAX) return fail(ShelfMessages.batchTooLarge);
  const rowWidth = rowTo >= 100 ? 3 : 2;
  const levelWidth = levelTo >= 100 ? 3 : 2;
  const codes: string[] = [];
  for (let row = rowFrom; row <= rowTo; row++) {
    if (!hasLevels) codes.push(`${prefix}-${pad(row, rowWidth)}`);
    else for (let level = levelFrom; level <= levelTo; level++) codes.push(`${prefix}-${pad(row, rowWidth)}-${pad(level, levelWidth)}`);
  }
  return { codes, problem: null };
}

export interface WarehouseRecord {
  id: number;
  parentId: number | null;
  parentName: string;
  code: string;
  name: string;
  type: WarehouseType;
  shopId: number | null;
  shopName: string;
  allowNegative: boolean;
  contactName: string;
  phone: string;
  region: string;
  address: string;
  country: string;
  remark: string;
  enabled: boolean;
  childCount: number;
  shelfCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface WarehouseTreeNode {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  type: WarehouseType;
  shopId: number | null;
  enabled: boolean;
  children: WarehouseTreeNode[];
}

export interface WarehouseOption {
  id: number;
  code: string;
  name: string;
  type: WarehouseType;
  shopId: number | null;
  allowNegative: boolean;
}

export interface ShelfRecord {
  id: number;
  warehouseId: number;
  warehouseName: string;
  code: string;
  name: string;
  sort: number;
  enabled: boolean;
  /** sum of the shelf's balances */
  quantity: number;
  createdAt: string;
  updatedAt: string;
}
