/**
 * 字典管理 (SPEC §3 Dictionary, Dictionary item): the rules and messages the server enforces and
 * the forms apply before sending. A dictionary code names the list in code (`useDictOptions('season')`),
 * an item value is what other records store, so both are stable identifiers, not display text.
 */
export const DICT_STATUSES = ['enabled', 'disabled'] as const;
export type DictStatus = (typeof DICT_STATUSES)[number];
export const DICT_STATUS_LABELS: Record<DictStatus, string> = { enabled: '启用', disabled: '停用' };

/** Letters, digits and underscore, 2 to 64, starting with a letter (e.g. `payment_method`). */
export const DICT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{1,63}$/;
/** Letters, digits, underscore, dot and hyphen, 1 to 64, starting with a letter or digit (e.g. `2026`, `bank_card`). */
export const DICT_ITEM_VALUE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
export const DICT_CODE_MAX = 64;
export const DICT_NAME_MAX = 64;
export const DICT_VALUE_MAX = 64;
export const DICT_REMARK_MAX = 200;
export const DICT_SORT_MAX = 9999;

export const DictMessages = {
  codeRequired: '请输入字典编码',
  codeInvalid: '字典编码须为2-64位字母、数字或下划线，且以字母开头',
  nameRequired: '请输入字典名称',
  nameTooLong: `字典名称不能超过${DICT_NAME_MAX}个字符`,
  itemDictRequired: '请指定所属字典编码',
  itemNameRequired: '请输入字典项名称',
  itemNameTooLong: `字典项名称不能超过${DICT_NAME_MAX}个字符`,
  valueRequired: '请输入字典项值',
  valueInvalid: '字典项值须为1-64位字母、数字、下划线、点或短横线，且以字母或数字开头',
  remarkTooLong: `备注不能超过${DICT_REMARK_MAX}个字符`,
  sortInvalid: `排序须为0-${DICT_SORT_MAX}的整数`,
  statusInvalid: '状态只能是启用或停用',
  dictNotFound: '字典不存在',
  itemNotFound: '字典项不存在',
  codeLocked: '该字典已有字典项，不能修改字典编码',
  created: '新增成功',
  updated: '修改成功',
  deleted: '删除成功',
} as const;

export const dictCodeTaken = (code: string) => `字典编码“${code}”已存在`;
export const dictNotFoundByCode = (code: string) => `字典“${code}”不存在`;
export const dictHasItems = (count: number) => `该字典下还有 ${count} 个字典项，请先删除字典项`;
export const dictValueTaken = (value: string) => `字典项值“${value}”已存在`;
export const dictItemNameTaken = (name: string) => `字典项名称“${name}”已存在`;

/** One field's problem, or null: the same checks on both sides (forms use them as validators). */
export function dictCodeProblem(code: string | null | undefined): string | null {
  const text = code?.trim() ?? '';
  if (!text) return DictMessages.codeRequired;
  return DICT_CODE_PATTERN.test(text) ? null : DictMessages.codeInvalid;
}

export function dictNameProblem(name: string | null | undefined, kind: 'dict' | 'item' = 'dict'): string | null {
  const text = name?.trim() ?? '';
  if (!text) return kind === 'dict' ? DictMessages.nameRequired : DictMessages.itemNameRequired;
  if (text.length > DICT_NAME_MAX) return kind === 'dict' ? DictMessages.nameTooLong : DictMessages.itemNameTooLong;
  return null;
}

/**
 * An item's value. SPEC §3 makes an item its id, dictCode and name, so a new item may leave the
 * value out (`required` false): the server then gives it the item's id as its value.
 */
export function dictValueProblem(value: string | null | undefined, required = true): string | null {
  const text = value?.trim() ?? '';
  if (!text) return required ? DictMessages.valueRequired : null;
  return DICT_ITEM_VALUE_PATTERN.test(text) ? null : DictMessages.valueInvalid;
}

export function dictRemarkProblem(remark: string | null | undefined): string | null {
  return (remark?.trim() ?? '').length > DICT_REMARK_MAX ? DictMessages.remarkTooLong : null;
}

/** Absent means 0; otherwise an integer 0-9999. */
export function dictSortProblem(sort: number | null | undefined): string | null {
  if (sort === null || sort === undefined) return null;
  return Number.isInteger(sort) && sort >= 0 && sort <= DICT_SORT_MAX ? null : DictMessages.sortInvalid;
}

export function dictStatusProblem(status: string | null | undefined): string | null {
  if (status === null || status === undefined) return null;
  return (DICT_STATUSES as readonly string[]).includes(status) ? null : DictMessages.statusInvalid;
}

/** What a dictionary form sends (POST and PUT alike). */
export interface DictInput {
  dictCode: string;
  name: string;
  remark?: string;
  status?: DictStatus;
  sort?: number;
}

/** What an item form sends; `dictCode` names the dictionary it belongs to; no value: the item's id. */
export interface DictItemInput {
  dictCode: string;
  name: string;
  value?: string;
  remark?: string;
  status?: DictStatus;
  sort?: number;
}

/** The first problem in form order, or null. */
export function dictInputProblem(input: Partial<Record<keyof DictInput, unknown>>): string | null {
  return (
    dictCodeProblem(input.dictCode as string | undefined) ??
    dictNameProblem(input.name as string | undefined) ??
    dictSortProblem(input.sort as number | undefined) ??
    dictStatusProblem(input.status as string | undefined) ??
    dictRemarkProblem(input.remark as string | undefined)
  );
}

export function dictItemInputProblem(input: Partial<Record<keyof DictItemInput, unknown>>): string | null {
  const dictCode = (input.dictCode as string | undefined)?.trim();
  if (!dictCode) return DictMessages.itemDictRequired;
  return (
    dictNameProblem(input.name as string | undefined, 'item') ??
    dictValueProblem(input.value as string | undefined, false) ??
    dictSortProblem(input.sort as number | undefined) ??
    dictStatusProblem(input.status as string | undefined) ??
    dictRemarkProblem(input.remark as string | undefined)
  );
}

/** A dictionary as the list and the detail answer it. */
export interface DictRecord {
  id: number;
  dictCode: string;
  name: string;
  remark: string;
  status: DictStatus;
  sort: number;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface DictItemRecord {
  id: number;
  dictCode: string;
  name: string;
  value: string;
  remark: string;
  status: DictStatus;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

/** GET dict-items/select_list/{code}: the enabled items in sort order. */
export interface DictSelectItem {
  id: number;
  name: string;
  value: string;
}
