import {
  appliesToProblem,
  DEFAULT_TAG_COLOR,
  describeTagUsage,
  tagGroupInUse,
  tagGroupNameProblem,
  tagNameProblem,
  tagRemarkProblem,
  tagSortProblem,
  tagUsageTotal,
  type TagColor,
  type TagGroupInput,
  type TagGroupRecord,
  type TagInput,
  type TagRecord,
  type TagTargetType,
  type TagUsage,
} from '@erp/shared';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';

export const groupFormRules = {
  name: [checkRule(tagGroupNameProblem)],
  appliesTo: [checkRule(appliesToProblem)],
  sort: [checkRule(tagSortProblem)],
  remark: [checkRule(tagRemarkProblem)],
};

export const tagFormRules = {
  name: [checkRule(tagNameProblem)],
  sort: [checkRule(tagSortProblem)],
};

export interface GroupFormValues {
  name: string;
  appliesTo: TagTargetType[];
  multiple: boolean;
  sort: number | null;
  enabled: boolean;
  remark?: string;
}

export interface TagFormValues {
  name: string;
  color: TagColor;
  sort: number | null;
  enabled: boolean;
  noReturn: boolean;
}

export function groupFormInitial(record: TagGroupRecord | null, nextSort: number): GroupFormValues {
  if (!record) return { name: '', appliesTo: [], multiple: true, sort: nextSort, enabled: true, remark: '' };
  return { name: record.name, appliesTo: record.appliesTo, multiple: record.multiple, sort: record.sort, enabled: record.enabled, remark: record.remark };
}

export function toGroupInput(values: GroupFormValues): TagGroupInput {
  return {
    name: values.name.trim(),
    appliesTo: values.appliesTo,
    multiple: values.multiple,
    sort: values.sort ?? 0,
    enabled: values.enabled,
    remark: values.remark?.trim() ?? '',
  };
}

export function tagFormInitial(record: TagRecord | null, nextSort: number): TagFormValues {
  if (!record) return { name: '', color: DEFAULT_TAG_COLOR, sort: nextSort, enabled: true, noReturn: false };
  return { name: record.name, color: record.color, sort: record.sort, enabled: record.enabled, noReturn: record.noReturn };
}

export function toTagInput(groupId: number, values: TagFormValues): TagInput {
  return { groupId, name: values.name.trim(), color: values.color, sort: values.sort ?? 0, enabled: values.enabled, noReturn: values.noReturn };
}

/** The sort a new row suggests: after the largest shown, in steps of one. */
export function nextSortAfter(rows: readonly { sort: number }[] | undefined): number {
  const largest = (rows ?? []).reduce((max, row) => Math.max(max, row.sort), 0);
  return Math.min(largest + 1, 9999);
}

/** Why 删除 is unavailable for a group (the server refuses it too), or null. */
export function groupDeleteBlockedReason(group: Pick<TagGroupRecord, 'usage'>): string | null {
  return tagUsageTotal(group.usage) > 0 ? tagGroupInUse(group.usage) : null;
}

/** 3 家门店, or '' when unused. */
export const usageText = (usage: TagUsage) => describeTagUsage(usage);

/** The confirmation of a tag's delete: a tag in use is detached from its objects (sent with confirm). */
export function tagDeleteConfirm(tag: Pick<TagRecord, 'name' | 'usage'>): { title: string; description: string; confirm: boolean } {
  const inUse = tagUsageTotal(tag.usage) > 0;
  return {
    title: `删除标签“${tag.name}”？`,
    description: inUse ? `已用于 ${describeTagUsage(tag.usage)}，删除将同时解除这些关联，且不可恢复` : '删除后不可恢复',
    confirm: inUse,
  };
}

/** How the 适用对象 chips look, one colour per target type. */
export const TARGET_TYPE_COLORS: Record<TagTargetType, string> = { product: 'geekblue', member: 'purple', shop: 'cyan' };
