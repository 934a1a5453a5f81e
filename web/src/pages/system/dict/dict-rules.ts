import {
  dictCodeProblem,
  dictHasItems,
  dictNameProblem,
  dictRemarkProblem,
  dictSortProblem,
  dictValueProblem,
  type DictInput,
  type DictItemInput,
  type DictItemRecord,
  type DictRecord,
  type DictStatus,
} from '@erp/shared';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';

export const dictFormRules = {
  dictCode: [checkRule(dictCodeProblem)],
  name: [checkRule((value: string | undefined) => dictNameProblem(value, 'dict'))],
  sort: [checkRule(dictSortProblem)],
  remark: [checkRule(dictRemarkProblem)],
};

export const itemFormRules = {
  name: [checkRule((value: string | undefined) => dictNameProblem(value, 'item'))],
  // optional when adding (SPEC §3: id, dictCode and name make an item)
  value: [checkRule((value: string | undefined) => dictValueProblem(value, false))],
  sort: [checkRule(dictSortProblem)],
  remark: [checkRule(dictRemarkProblem)],
};

/** What the dictionary form edits; the switch is a boolean, the wire a status. */
export interface DictFormValues {
  dictCode: string;
  name: string;
  sort: number | null;
  enabled: boolean;
  remark?: string;
}

export interface ItemFormValues {
  name: string;
  value: string;
  sort: number | null;
  enabled: boolean;
  remark?: string;
}

export const statusOf = (enabled: boolean): DictStatus => (enabled ? 'enabled' : 'disabled');

export function dictFormInitial(record: DictRecord | null, nextSort: number): DictFormValues {
  if (!record) return { dictCode: '', name: '', sort: nextSort, enabled: true, remark: '' };
  return { dictCode: record.dictCode, name: record.name, sort: record.sort, enabled: record.status === 'enabled', remark: record.remark };
}

export function toDictInput(values: DictFormValues): DictInput {
  return {
    dictCode: values.dictCode.trim(),
    name: values.name.trim(),
    sort: values.sort ?? 0,
    status: statusOf(values.enabled),
    remark: values.remark?.trim() ?? '',
  };
}

export function itemFormInitial(record: DictItemRecord | null, nextSort: number): ItemFormValues {
  if (!record) return { name: '', value: '', sort: nextSort, enabled: true, remark: '' };
  return { name: record.name, value: record.value, sort: record.sort, enabled: record.status === 'enabled', remark: record.remark };
}

/** A new item: its dictionary, its value (left out when empty: the server gives the item's id) and the rest. */
export function toItemInput(dictCode: string, values: ItemFormValues): DictItemInput {
  const value = values.value?.trim() ?? '';
  return { dictCode, ...toItemUpdate(values), ...(value ? { value } : {}) };
}

/** An edit sends neither the value nor the dictionary: both are fixed once created. */
export function toItemUpdate(values: ItemFormValues): Omit<DictItemInput, 'dictCode' | 'value'> {
  return { name: values.name.trim(), sort: values.sort ?? 0, status: statusOf(values.enabled), remark: values.remark?.trim() ?? '' };
}

/** The sort a new row suggests: after the largest shown, in steps of one. */
export function nextSortAfter(rows: readonly { sort: number }[] | undefined): number {
  const largest = (rows ?? []).reduce((max, row) => Math.max(max, row.sort), 0);
  return Math.min(largest + 1, 9999);
}

/** Why 删除 is unavailable for a dictionary (the server refuses it too), or null. */
export function deleteBlockedReason(record: Pick<DictRecord, 'itemCount'>): string | null {
  return record.itemCount > 0 ? dictHasItems(record.itemCount) : null;
}
