import { describe, expect, it } from 'vitest';
import type { TagGroupRecord, TagRecord } from '@erp/shared';
import { groupIndex, pickerGroups } from './tag-picker-rules.ts';

const tag = (id: number, groupId: number, enabled = true): TagRecord => ({
  id,
  groupId,
  noReturn: false,
  name: `t${id}`,
  color: 'blue',
  sort: id,
  enabled,
  usage: {},
  createdAt: '',
  updatedAt: '',
});
const group = (id: number, appliesTo: TagGroupRecord['appliesTo'], tags: TagRecord[], extra: Partial<TagGroupRecord> = {}): TagGroupRecord => ({
  id,
  name: `g${id}`,
  appliesTo,
  multiple: true,
  sort: id,
  enabled: true,
  remark: '',
  usage: {},
  tags,
  createdAt: '',
  updatedAt: '',
  ...extra,
});

const groups = [
  group(1, ['product'], [tag(1, 1)]),
  group(2, ['shop'], [tag(2, 2), tag(3, 2, false)], { multiple: false }),
  group(3, ['shop', 'member'], [tag(4, 3)], { enabled: false }),
  group(4, ['shop'], [tag(5, 4, false)]),
];

describe('pickerGroups', () => {
  it('offers enabled groups of the target type with their enabled tags', () => {
    const rows = pickerGroups(groups, 'shop', []);
    expect(rows.map((row) => [row.group.id, row.tags.map((t) => t.id)])).toEqual([[2, [2]]]);
  });

  it('keeps switched-off tags and groups while the value holds them', () => {
    const rows = pickerGroups(groups, 'shop', [3, 4]);
    expect(rows.map((row) => [row.group.id, row.tags.map((t) => t.id)])).toEqual([
      [2, [2, 3]],
      [3, [4]],
    ]);
  });

  it('indexes each tag to its group and choice mode', () => {
    expect(groupIndex(groups)(3)).toEqual({ id: 2, multiple: false });
    expect(groupIndex(groups)(99)).toBeUndefined();
  });
});
