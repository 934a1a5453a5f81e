import { describe, expect, it } from 'vitest';
import { groupDeleteBlockedReason, groupFormInitial, nextSortAfter, tagDeleteConfirm, toGroupInput, toTagInput } from './tag-rules.ts';

describe('tag page rules', () => {
  it('turns form values into the wire input, trimmed and with defaults', () => {
    const initial = groupFormInitial(null, 6);
    expect(initial).toEqual({ name: '', appliesTo: [], multiple: true, sort: 6, enabled: true, remark: '' });
    expect(toGroupInput({ ...initial, name: ' 季节 ', appliesTo: ['product'], sort: null, remark: ' 上市 ' })).toEqual({
      name: '季节',
      appliesTo: ['product'],
      multiple: true,
      sort: 0,
      enabled: true,
      remark: '上市',
    });
    expect(toTagInput(3, { name: ' 春 ', color: 'green', sort: 2, enabled: false, noReturn: true })).toEqual({
      groupId: 3,
      name: '春',
      color: 'green',
      sort: 2,
      enabled: false,
      noReturn: true,
    });
  });

  it('suggests the next sort and explains refusals before the server does', () => {
    expect(nextSortAfter([{ sort: 3 }, { sort: 8 }])).toBe(9);
    expect(nextSortAfter(undefined)).toBe(1);
    expect(groupDeleteBlockedReason({ usage: {} })).toBeNull();
    expect(groupDeleteBlockedReason({ usage: { shop: 2 } })).toBe('该分组的标签已用于 2 家门店，请先解除关联后再删除');
    expect(tagDeleteConfirm({ name: '奥莱', usage: {} })).toEqual({ title: '删除标签“奥莱”？', description: '删除后不可恢复', confirm: false });
    expect(tagDeleteConfirm({ name: '奥莱', usage: { shop: 1 } })).toMatchObject({ description: '已用于 1 家门店，删除将同时解除这些关联，且不可恢复', confirm: true });
  });
});
