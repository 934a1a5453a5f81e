/**
 * 标签: tag groups and their tags, put on products, members and shops. The rules and messages the
 * server enforces and the forms (and the tag picker) apply before sending.
 */
export const TAG_TARGET_TYPES = ['product', 'member', 'shop'] as const;
export type TagTargetType = (typeof TAG_TARGET_TYPES)[number];
export const TAG_TARGET_LABELS: Record<TagTargetType, string> = { product: '商品', member: '会员', shop: '门店' };
/** The counting word of each target, e.g. 3 家门店. */
const TAG_TARGET_COUNTERS: Record<TagTargetType, string> = { product: '个商品', member: '位会员', shop: '家门店' };

/** Target types that can carry tags today; product and member come with their modules. */
export const TAG_TARGET_TYPES_READY: readonly TagTargetType[] = ['shop', 'product'];

/** antd's preset colour names (Tag color): stored as the name, drawn by antd in its palette. */
export const TAG_COLORS = ['blue', 'geekblue', 'purple', 'magenta', 'red', 'volcano', 'orange', 'gold', 'yellow', 'lime', 'green', 'cyan'] as const;
export type TagColor = (typeof TAG_COLORS)[number];
export const TAG_COLOR_LABELS: Record<TagColor, string> = {
  blue: '蓝',
  geekblue: '极客蓝',
  purple: '紫',
  magenta: '品红',
  red: '红',
  volcano: '火山',
  orange: '橙',
  gold: '金',
  yellow: '黄',
  lime: '青柠',
  green: '绿',
  cyan: '青',
};
export const DEFAULT_TAG_COLOR: TagColor = 'blue';

export const TAG_GROUP_NAME_MAX = 32;
export const TAG_NAME_MAX = 20;
export const TAG_REMARK_MAX = 200;
export const TAG_SORT_MAX = 9999;
/** tags one object may carry in one call (a guard, far above real use) */
export const TAG_IDS_MAX = 100;

export const TagMessages = {
  groupNameRequired: '请输入分组名称',
  groupNameTooLong: `分组名称不能超过${TAG_GROUP_NAME_MAX}个字符`,
  appliesToRequired: '请选择适用对象',
  appliesToInvalid: '适用对象只能是商品、会员或门店',
  multipleInvalid: '请选择单选或多选',
  nameRequired: '请输入标签名称',
  nameTooLong: `标签名称不能超过${TAG_NAME_MAX}个字符`,
  groupRequired: '请选择标签分组',
  colorInvalid: `标签颜色只能是预设颜色之一`,
  sortInvalid: `排序须为0-${TAG_SORT_MAX}的整数`,
  enabledInvalid: '状态只能是启用或停用',
  noReturnInvalid: '不可退换只能是是或否',
  remarkTooLong: `备注不能超过${TAG_REMARK_MAX}个字符`,
  targetTypeInvalid: '标签对象只能是商品、会员或门店',
  tagIdsInvalid: '标签编号必须是正整数',
  tagIdsTooMany: `一次最多设置${TAG_IDS_MAX}个标签`,
  groupNotFound: '标签分组不存在',
  tagNotFound: '标签不存在',
  shopNotFound: '门店不存在',
  productNotFound: '商品不存在',
  tagMoveRefused: '标签不能移到其他分组',
  created: '新增成功',
  updated: '修改成功',
  deleted: '删除成功',
  tagsSaved: '标签已保存',
} as const;

export const tagGroupNameTaken = (name: string) => `标签分组“${name}”已存在`;
export const tagNameTaken = (group: string, name: string) => `分组“${group}”下已有标签“${name}”`;
export const tagsNotFound = (ids: readonly number[]) => `标签不存在（编号 ${ids.join('、')}）`;
export const tagDisabled = (name: string) => `标签“${name}”已停用，不能选用`;
export const tagGroupDisabled = (group: string) => `标签分组“${group}”已停用，不能选用其标签`;
export const tagNotForTarget = (name: string, group: string, target: TagTargetType) => `标签“${name}”所属分组“${group}”不适用于${TAG_TARGET_LABELS[target]}`;
export const singleChoiceExceeded = (group: string) => `“${group}”为单选分组，只能选择一个标签`;
export const tagTargetNotReady = (target: TagTargetType) => `${TAG_TARGET_LABELS[target]}标签将随${TAG_TARGET_LABELS[target]}模块开放，目前只能为门店和商品设置标签`;

/** Per target type, how many objects carry a tag: 3 家门店、2 个商品. */
export type TagUsage = Partial<Record<TagTargetType, number>>;

export function describeTagUsage(usage: TagUsage): string {
  return TAG_TARGET_TYPES.filter((type) => (usage[type] ?? 0) > 0)
    .map((type) => `${usage[type]} ${TAG_TARGET_COUNTERS[type]}`)
    .join('、');
}

export const tagUsageTotal = (usage: TagUsage) => TAG_TARGET_TYPES.reduce((sum, type) => sum + (usage[type] ?? 0), 0);

export const tagGroupInUse = (usage: TagUsage) => `该分组的标签已用于 ${describeTagUsage(usage)}，请先解除关联后再删除`;
export const tagInUse = (name: string, usage: TagUsage) => `标签“${name}”已用于 ${describeTagUsage(usage)}，确认删除将同时解除这些关联`;
export const appliesToInUse = (target: TagTargetType, count: number) => `该分组的标签已用于 ${count} ${TAG_TARGET_COUNTERS[target]}，不能取消适用于${TAG_TARGET_LABELS[target]}`;
export const singleChoiceInUse = (count: number) => `已有 ${count} 个对象选了该分组的多个标签，不能改为单选`;

// ---- field checks: one problem or null, the same on both sides ----

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function tagGroupNameProblem(name: unknown): string | null {
  const value = text(name);
  if (!value) return TagMessages.groupNameRequired;
  return value.length > TAG_GROUP_NAME_MAX ? TagMessages.groupNameTooLong : null;
}

export function appliesToProblem(appliesTo: unknown): string | null {
  if (!Array.isArray(appliesTo) || appliesTo.length === 0) return TagMessages.appliesToRequired;
  return appliesTo.every((type) => (TAG_TARGET_TYPES as readonly unknown[]).includes(type)) ? null : TagMessages.appliesToInvalid;
}

export function tagNameProblem(name: unknown): string | null {
  const value = text(name);
  if (!value) return TagMessages.nameRequired;
  return value.length > TAG_NAME_MAX ? TagMessages.nameTooLong : null;
}

/** Absent means the default colour. */
export function tagColorProblem(color: unknown): string | null {
  if (color === null || color === undefined) return null;
  return (TAG_COLORS as readonly unknown[]).includes(color) ? null : TagMessages.colorInvalid;
}

/** Absent means 0; otherwise an integer 0-9999. */
export function tagSortProblem(sort: unknown): string | null {
  if (sort === null || sort === undefined) return null;
  return typeof sort === 'number' && Number.isInteger(sort) && sort >= 0 && sort <= TAG_SORT_MAX ? null : TagMessages.sortInvalid;
}

export function tagRemarkProblem(remark: unknown): string | null {
  return text(remark).length > TAG_REMARK_MAX ? TagMessages.remarkTooLong : null;
}

const booleanProblem = (value: unknown, message: string) => (value === null || value === undefined || typeof value === 'boolean' ? null : message);

/** What the group form sends (POST and PUT alike; PUT may leave fields out). */
export interface TagGroupInput {
  name: string;
  appliesTo: TagTargetType[];
  /** may an object carry several tags of this group? */
  multiple: boolean;
  sort?: number;
  enabled?: boolean;
  remark?: string;
}

export interface TagInput {
  groupId: number;
  name: string;
  color?: TagColor;
  sort?: number;
  enabled?: boolean;
  /** 不可退换: a style carrying it is never returned or swapped (售后) */
  noReturn?: boolean;
}

/** The first problem in form order, or null. */
export function tagGroupInputProblem(input: Partial<Record<keyof TagGroupInput, unknown>>): string | null {
  return (
    tagGroupNameProblem(input.name) ??
    appliesToProblem(input.appliesTo) ??
    booleanProblem(input.multiple, TagMessages.multipleInvalid) ??
    tagSortProblem(input.sort) ??
    booleanProblem(input.enabled, TagMessages.enabledInvalid) ??
    tagRemarkProblem(input.remark)
  );
}

export function tagInputProblem(input: Partial<Record<keyof TagInput, unknown>>): string | null {
  const groupId = input.groupId;
  if (typeof groupId !== 'number' || !Number.isInteger(groupId) || groupId <= 0) return TagMessages.groupRequired;
  return (
    tagNameProblem(input.name) ??
    tagColorProblem(input.color) ??
    tagSortProblem(input.sort) ??
    booleanProblem(input.enabled, TagMessages.enabledInvalid) ??
    booleanProblem(input.noReturn, TagMessages.noReturnInvalid)
  );
}

// ---- answers ----

export interface TagRecord {
  id: number;
  groupId: number;
  name: string;
  color: TagColor;
  sort: number;
  enabled: boolean;
  noReturn: boolean;
  /** objects carrying this tag, per target type */
  usage: TagUsage;
  createdAt: string;
  updatedAt: string;
}

/** A group with its tags in sort order (the page's rows and the pickers' source). */
export interface TagGroupRecord {
  id: number;
  name: string;
  appliesTo: TagTargetType[];
  multiple: boolean;
  sort: number;
  enabled: boolean;
  remark: string;
  /** objects carrying any of its tags, per target type */
  usage: TagUsage;
  tags: TagRecord[];
  createdAt: string;
  updatedAt: string;
}

/** A tag as an object carries it (tagsOf, GET tags/of). `enabled` is false when the tag or its group is off. */
export interface ObjectTag {
  id: number;
  name: string;
  color: TagColor;
  groupId: number;
  groupName: string;
  enabled: boolean;
}

/**
 * The picker's rule, also the server's: a single-choice group keeps only the tag just chosen.
 * `chosen` is the tag added last; returns the new set of ids.
 */
export function pickTag(current: readonly number[], chosen: number, groupOf: (tagId: number) => { id: number; multiple: boolean } | undefined): number[] {
  const group = groupOf(chosen);
  if (current.includes(chosen)) return current.filter((id) => id !== chosen);
  if (!group || group.multiple) return [...current, chosen];
  return [...current.filter((id) => groupOf(id)?.id !== group.id), chosen];
}
