import { describe, expect, it } from 'vitest';
import { describeTagUsage, pickTag, tagGroupInputProblem, tagInputProblem, TagMessages, tagUsageTotal } from './tags.ts';

describe('tag checks', () => {
  it('names the first bad field of a group in form order', () => {
    expect(tagGroupInputProblem({})).toBe(TagMessages.groupNameRequired);
    expect(tagGroupInputProblem({ name: '季节' })).toBe(TagMessages.appliesToRequired);
    expect(tagGroupInputProblem({ name: '季节', appliesTo: ['shop', 'warehouse'] })).toBe(TagMessages.appliesToInvalid);
    expect(tagGroupInputProblem({ name: '季节', appliesTo: ['shop'], multiple: 'no' })).toBe(TagMessages.multipleInvalid);
    expect(tagGroupInputProblem({ name: '季节', appliesTo: ['shop'], sort: 10000 })).toBe(TagMessages.sortInvalid);
    expect(tagGroupInputProblem({ name: '季节', appliesTo: ['shop', 'member'], multiple: false, sort: 0, enabled: true, remark: '' })).toBeNull();
  });

  it('names the first bad field of a tag', () => {
    expect(tagInputProblem({ name: '春' })).toBe(TagMessages.groupRequired);
    expect(tagInputProblem({ groupId: 1, name: ' ' })).toBe(TagMessages.nameRequired);
    expect(tagInputProblem({ groupId: 1, name: '春', color: 'pink' })).toBe(TagMessages.colorInvalid);
    expect(tagInputProblem({ groupId: 1, name: '春', color: 'geekblue' })).toBeNull();
  });

  it('describes usage with the right counting words', () => {
    expect(describeTagUsage({ shop: 3, product: 2, member: 0 })).toBe('2 个商品、3 家门店');
    expect(describeTagUsage({ member: 1 })).toBe('1 位会员');
    expect(tagUsageTotal({ shop: 3, product: 2 })).toBe(5);
    expect(describeTagUsage({})).toBe('');
  });
});

describe('pickTag', () => {
  const groups: Record<number, { id: number; multiple: boolean }> = {
    1: { id: 10, multiple: false },
    2: { id: 10, multiple: false },
    3: { id: 20, multiple: true },
    4: { id: 20, multiple: true },
  };
  const groupOf = (id: number) => groups[id];

  it('replaces the choice in a single-choice group and adds in a multiple one', () => {
    expect(pickTag([1, 3], 2, groupOf)).toEqual([3, 2]);
    expect(pickTag([1, 3], 4, groupOf)).toEqual([1, 3, 4]);
  });

  it('removes a chosen tag and keeps unknown ones', () => {
    expect(pickTag([1, 3], 1, groupOf)).toEqual([3]);
    expect(pickTag([99], 3, groupOf)).toEqual([99, 3]);
  });
});
