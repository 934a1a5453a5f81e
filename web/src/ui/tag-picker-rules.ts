import type { TagGroupRecord, TagRecord, TagTargetType } from '@erp/shared';

export interface PickerGroup {
  group: TagGroupRecord;
  /** tags to offer: enabled ones, plus chosen ones that were switched off (removable only) */
  tags: TagRecord[];
}

/**
 * What the picker shows for a target type: enabled groups applying to it, each with its enabled
 * tags; a switched-off group or tag appears only while the value still holds one of its tags.
 */
export function pickerGroups(groups: readonly TagGroupRecord[], targetType: TagTargetType, value: readonly number[]): PickerGroup[] {
  const chosen = new Set(value);
  return groups
    .filter((group) => group.appliesTo.includes(targetType))
    .map((group) => ({
      group,
      tags: group.tags.filter((tag) => chosen.has(tag.id) || (group.enabled && tag.enabled)),
    }))
    .filter(({ group, tags }) => tags.length > 0 && (group.enabled || tags.some((tag) => chosen.has(tag.id))));
}

/** Whether a tag can be newly chosen (it and its group are on). */
export const selectable = (group: TagGroupRecord, tag: TagRecord) => group.enabled && tag.enabled;

/** The group of each tag id, for the single-choice rule. */
export function groupIndex(groups: readonly TagGroupRecord[]): (tagId: number) => { id: number; multiple: boolean } | undefined {
  const index = new Map<number, { id: number; multiple: boolean }>();
  for (const group of groups) for (const tag of group.tags) index.set(tag.id, { id: group.id, multiple: group.multiple });
  return (tagId) => index.get(tagId);
}
