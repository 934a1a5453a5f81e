import { describe, expect, it } from 'vitest';
import {
  brandInputProblem,
  categoryLevelUnder,
  categoryPlacementProblem,
  categoryTooDeep,
  colourInputProblem,
  ProductMasterMessages,
  sizeDuplicated,
  sizeNamesProblem,
  sortSizesStandard,
} from './product-master.ts';

// 1 女装 > 2 外套 > 3 大衣; 4 男装 > 5 裤装; 6 配饰
const tree = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: null },
  { id: 5, parentId: 4 },
  { id: 6, parentId: null },
];

describe('category placement', () => {
  it('allows new categories down to level 3 and refuses level 4', () => {
    expect(categoryPlacementProblem(tree, null, null)).toBeNull();
    expect(categoryPlacementProblem(tree, null, 2)).toBeNull();
    expect(categoryPlacementProblem(tree, null, 3)).toBe(categoryTooDeep(4));
    expect(categoryLevelUnder(tree, 2)).toBe(3);
    expect(categoryLevelUnder(tree, null)).toBe(1);
  });

  it('counts the moved subtree', () => {
    expect(categoryPlacementProblem(tree, 4, 6)).toBeNull(); // 男装 > 裤装 under 配饰: levels 2, 3
    expect(categoryPlacementProblem(tree, 1, 6)).toBe(categoryTooDeep(4)); // 女装's three levels under 配饰
    expect(categoryPlacementProblem(tree, 2, 5)).toBe(categoryTooDeep(4));
    expect(categoryPlacementProblem(tree, 3, 5)).toBeNull();
  });

  it('refuses cycles', () => {
    expect(categoryPlacementProblem(tree, 1, 1)).toBe(ProductMasterMessages.categoryCycle);
    expect(categoryPlacementProblem(tree, 1, 3)).toBe(ProductMasterMessages.categoryCycle);
  });
});

describe('sizes', () => {
  it('sorts by the standard order, numbers after letters', () => {
    expect(sortSizesStandard(['XL', 'S', 'XXXL', 'F', 'M', 'L', 'XXL'])).toEqual(['F', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL']);
    expect(sortSizesStandard(['110', '90', '100'])).toEqual(['90', '100', '110']);
  });

  it('refuses empty lists, blank and duplicate names', () => {
    expect(sizeNamesProblem([])).toBe(ProductMasterMessages.sizesRequired);
    expect(sizeNamesProblem(['S', ' '])).toBe(ProductMasterMessages.sizeNameRequired);
    expect(sizeNamesProblem(['S', 'M', 'm'])).toBe(sizeDuplicated('m'));
    expect(sizeNamesProblem(['S', 'M'])).toBeNull();
  });
});

describe('brand and colour checks', () => {
  it('names the first bad field', () => {
    expect(brandInputProblem({})).toBe(ProductMasterMessages.codeRequired);
    expect(brandInputProblem({ code: 'Y S', name: '衣尚' })).toBe(ProductMasterMessages.codeInvalid);
    expect(brandInputProblem({ code: 'YS', name: '衣尚', sort: -1 })).toBe(ProductMasterMessages.sortInvalid);
    expect(brandInputProblem({ code: 'YS', name: '衣尚' })).toBeNull();
    expect(colourInputProblem({ code: 'BK', name: '黑色', hex: '#00000' })).toBe(ProductMasterMessages.hexInvalid);
    expect(colourInputProblem({ code: 'BK', name: '黑色', hex: '' })).toBeNull();
    expect(colourInputProblem({ code: 'BK', name: '黑色', hex: '#1f2a44' })).toBeNull();
  });
});
