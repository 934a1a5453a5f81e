import { describe, expect, it } from 'vitest';
import { sortSizesStandard } from '@erp/shared';
import type { Category } from '../../api/product-master.ts';
import { allIds, dropSize, moveSize, newSizeProblem, nextSort, parentChoices, withoutEmptyChildren } from './master-rules.ts';

const node = (id: number, level: number, children: Category[] = []): Category => ({
  id,
  parentId: null,
  code: `C${id}`,
  name: `分类${id}`,
  level,
  sort: id,
  enabled: true,
  createdAt: '',
  updatedAt: '',
  children,
});

describe('size list editing', () => {
  it('moves, drops and sorts sizes', () => {
    expect(moveSize(['S', 'M', 'L'], 2, -1)).toEqual(['S', 'L', 'M']);
    expect(moveSize(['S', 'M', 'L'], 0, -1)).toEqual(['S', 'M', 'L']);
    expect(dropSize(['S', 'M', 'L', 'XL'], 3, 0)).toEqual(['XL', 'S', 'M', 'L']);
    expect(sortSizesStandard(['XXL', 'M', 'F', 'S'])).toEqual(['F', 'S', 'M', 'XXL']);
  });

  it('refuses blank and duplicate new sizes', () => {
    expect(newSizeProblem(['S'], ' ')).toBe('尺码名称不能为空');
    expect(newSizeProblem(['S'], 's')).toBe('尺码“s”重复');
    expect(newSizeProblem(['S'], 'M')).toBeNull();
  });
});

describe('category tree helpers', () => {
  const tree = [node(1, 1, [node(2, 2, [node(3, 3)])]), node(4, 1)];
  it('drops empty children, lists ids and offers parents of levels 1-2 outside the moved subtree', () => {
    expect(withoutEmptyChildren(tree)[1]).not.toHaveProperty('children');
    expect(allIds(tree)).toEqual([1, 2, 3, 4]);
    expect(parentChoices(tree, null).map((c) => c.value)).toEqual([1, 4]);
    expect(parentChoices(tree, null)[0]!.children!.map((c) => c.value)).toEqual([2]);
    expect(parentChoices(tree, 1).map((c) => c.value)).toEqual([4]);
    expect(nextSort([1, 5, 3])).toBe(6);
    expect(nextSort([])).toBe(1);
  });
});
