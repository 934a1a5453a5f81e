import { compareSizes } from './format.ts';

/**
 * 商品资料: brands, product categories (three levels), size groups and colours. The rules and
 * messages the server enforces and the forms apply before sending.
 */
export const MASTER_CODE_MAX = 20;
export const MASTER_NAME_MAX = 32;
export const MASTER_REMARK_MAX = 200;
export const MASTER_SORT_MAX = 9999;
export const CATEGORY_MAX_LEVEL = 3;
export const SIZE_NAME_MAX = 10;
export const SIZES_MAX = 50;
export const LOGO_URL_MAX = 500;
/** codes: letters, digits, hyphen and underscore */
export const MASTER_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** colour values: #RRGGBB, stored upper case; empty means none */
export const HEX_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export const ProductMasterMessages = {
  codeRequired: '请输入编码',
  codeTooLong: `编码不能超过${MASTER_CODE_MAX}个字符`,
  codeInvalid: '编码只能包含字母、数字、短横线和下划线',
  nameRequired: '请输入名称',
  nameTooLong: `名称不能超过${MASTER_NAME_MAX}个字符`,
  sortInvalid: `排序须为0-${MASTER_SORT_MAX}的整数`,
  enabledInvalid: '状态只能是启用或停用',
  remarkTooLong: `备注不能超过${MASTER_REMARK_MAX}个字符`,
  logoInvalid: `品牌标志地址不能超过${LOGO_URL_MAX}个字符`,
  hexInvalid: '颜色值须为 #RRGGBB 格式（如 #1F2A44），或留空',
  parentInvalid: '上级分类编号不正确',
  parentNotFound: '上级分类不存在',
  categoryCycle: '不能把分类移到它自己或它的下级分类之下',
  categoryHasChildren: '该分类下还有子分类，请先删除子分类',
  sizesRequired: '请至少添加一个尺码',
  sizesTooMany: `一个尺码组最多${SIZES_MAX}个尺码`,
  sizeNameRequired: '尺码名称不能为空',
  sizeNameTooLong: `尺码名称不能超过${SIZE_NAME_MAX}个字符`,
  brandNotFound: '品牌不存在',
  categoryNotFound: '商品分类不存在',
  sizeGroupNotFound: '尺码组不存在',
  colourNotFound: '颜色不存在',
  defaultGroupDelete: '默认尺码组不能删除，请先把其他尺码组设为默认',
  defaultGroupDisable: '默认尺码组不能停用',
  defaultGroupDisabled: '停用的尺码组不能设为默认',
  created: '新增成功',
  updated: '修改成功',
  deleted: '删除成功',
  defaultSet: '已设为默认尺码组',
} as const;

export const codeTaken = (what: string, code: string) => `${what}编码“${code}”已存在`;
export const nameTaken = (what: string, name: string) => `${what}“${name}”已存在`;
export const siblingNameTaken = (name: string) => `同一上级下已有分类“${name}”`;
export const categoryTooDeep = (level: number) => `商品分类最多${CATEGORY_MAX_LEVEL}级，此操作会产生第${level}级分类`;
export const sizeDuplicated = (name: string) => `尺码“${name}”重复`;

// ---- field checks: one problem or null, the same on both sides ----

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function masterCodeProblem(code: unknown): string | null {
  const value = text(code);
  if (!value) return ProductMasterMessages.codeRequired;
  if (value.length > MASTER_CODE_MAX) return ProductMasterMessages.codeTooLong;
  return MASTER_CODE_PATTERN.test(value) ? null : ProductMasterMessages.codeInvalid;
}

export function masterNameProblem(name: unknown): string | null {
  const value = text(name);
  if (!value) return ProductMasterMessages.nameRequired;
  return value.length > MASTER_NAME_MAX ? ProductMasterMessages.nameTooLong : null;
}

/** Absent means 0; otherwise an integer 0-9999. */
export function masterSortProblem(sort: unknown): string | null {
  if (sort === null || sort === undefined) return null;
  return typeof sort === 'number' && Number.isInteger(sort) && sort >= 0 && sort <= MASTER_SORT_MAX ? null : ProductMasterMessages.sortInvalid;
}

export function masterRemarkProblem(remark: unknown): string | null {
  return text(remark).length > MASTER_REMARK_MAX ? ProductMasterMessages.remarkTooLong : null;
}

export function hexProblem(hex: unknown): string | null {
  const value = text(hex);
  return value === '' || HEX_PATTERN.test(value) ? null : ProductMasterMessages.hexInvalid;
}

const enabledProblem = (value: unknown) => (value === null || value === undefined || typeof value === 'boolean' ? null : ProductMasterMessages.enabledInvalid);

const first = (...problems: (string | null)[]) => problems.find((p) => p !== null) ?? null;

export interface BrandInput {
  code?: string | null;
  name?: string | null;
  logoUrl?: string | null;
  sort?: number | null;
  enabled?: boolean | null;
  remark?: string | null;
}

export function brandInputProblem(input: BrandInput): string | null {
  return first(
    masterCodeProblem(input.code),
    masterNameProblem(input.name),
    text(input.logoUrl).length > LOGO_URL_MAX ? ProductMasterMessages.logoInvalid : null,
    masterSortProblem(input.sort),
    enabledProblem(input.enabled),
    masterRemarkProblem(input.remark),
  );
}

export interface ColourInput {
  code?: string | null;
  name?: string | null;
  hex?: string | null;
  sort?: number | null;
  enabled?: boolean | null;
}

export function colourInputProblem(input: ColourInput): string | null {
  return first(masterCodeProblem(input.code), masterNameProblem(input.name), hexProblem(input.hex), masterSortProblem(input.sort), enabledProblem(input.enabled));
}

export interface CategoryInput {
  parentId?: number | null;
  code?: string | null;
  name?: string | null;
  sort?: number | null;
  enabled?: boolean | null;
}

export function categoryInputProblem(input: CategoryInput): string | null {
  const parent = input.parentId;
  const parentBad = parent !== null && parent !== undefined && !(Number.isSafeInteger(parent) && parent > 0);
  return first(
    parentBad ? ProductMasterMessages.parentInvalid : null,
    masterCodeProblem(input.code),
    masterNameProblem(input.name),
    masterSortProblem(input.sort),
    enabledProblem(input.enabled),
  );
}

/** The size names as stored: trimmed, in the given order. */
export const normalizeSizeNames = (names: readonly string[]) => names.map((name) => name.trim());

/** Problems with an ordered list of size names; duplicates compare case-insensitively (m = M). */
export function sizeNamesProblem(names: unknown): string | null {
  if (!Array.isArray(names) || names.length === 0) return ProductMasterMessages.sizesRequired;
  if (names.length > SIZES_MAX) return ProductMasterMessages.sizesTooMany;
  const seen = new Set<string>();
  for (const raw of names) {
    const name = text(raw);
    if (!name) return ProductMasterMessages.sizeNameRequired;
    if (name.length > SIZE_NAME_MAX) return ProductMasterMessages.sizeNameTooLong;
    const key = name.toUpperCase();
    if (seen.has(key)) return sizeDuplicated(name);
    seen.add(key);
  }
  return null;
}

export interface SizeGroupInput {
  code?: string | null;
  name?: string | null;
  sort?: number | null;
  enabled?: boolean | null;
  sizes?: string[] | null;
}

export function sizeGroupInputProblem(input: SizeGroupInput): string | null {
  return first(masterCodeProblem(input.code), masterNameProblem(input.name), masterSortProblem(input.sort), enabledProblem(input.enabled), sizeNamesProblem(input.sizes));
}

/** 按标准排序: F, S, M, L, XL, XXL, XXXL, then numbers ascending, then the rest (SPEC §9). */
export const sortSizesStandard = (names: readonly string[]) => [...names].sort(compareSizes);

// ---- the category tree ----

export interface CategoryLink {
  id: number;
  parentId: number | null;
}

/**
 * Where a category would stand with `parentId` as its parent (`id` null: a new one): a problem
 * (a cycle, or a level past three counting its whole subtree) or null.
 */
export function categoryPlacementProblem(all: readonly CategoryLink[], id: number | null, parentId: number | null): string | null {
  const parentOf = new Map(all.map((c) => [c.id, c.parentId]));
  const children = new Map<number, number[]>();
  for (const c of all) if (c.parentId !== null) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  let parentLevel = 0;
  for (let at: number | null = parentId; at !== null; at = parentOf.get(at) ?? null) {
    if (at === id) return ProductMasterMessages.categoryCycle;
    parentLevel += 1;
    if (parentLevel > all.length) return ProductMasterMessages.categoryCycle;
  }
  // levels the moved category and its descendants take: 1 for itself plus its deepest branch
  const height = (node: number, depth: number): number => (depth > all.length ? depth : Math.max(1, ...(children.get(node) ?? []).map((child) => 1 + height(child, depth + 1))));
  const deepest = parentLevel + (id === null ? 1 : height(id, 0));
  return deepest > CATEGORY_MAX_LEVEL ? categoryTooDeep(deepest) : null;
}

/** A category's level under `parentId` (1 at the top). */
export function categoryLevelUnder(all: readonly CategoryLink[], parentId: number | null): number {
  const parentOf = new Map(all.map((c) => [c.id, c.parentId]));
  let level = 1;
  for (let at: number | null = parentId; at !== null && level <= all.length + 1; at = parentOf.get(at) ?? null) level += 1;
  return level;
}
