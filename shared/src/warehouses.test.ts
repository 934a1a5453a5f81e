import { describe, expect, it } from 'vitest';
import { shelfBatchCodes, shelfInputProblem, warehouseChildTypeProblem, warehouseInputProblem, warehousePlacementProblem, WAREHOUSE_TYPES } from './warehouses.ts';

const form = (overrides: Record<string, unknown> = {}) => ({ code: 'WH-01', name: '杭州总仓', type: 'hq', shopId: null, ...overrides });

describe('warehouse form', () => {
  it('accepts a complete form and reports the first problem in form order', () => {
    expect(warehouseInputProblem(form({ phone: '0571-86901234', region: 'east', allowNegative: true }))).toBeNull();
    expect(warehouseInputProblem(form({ code: '', name: '' }))).toBe('请输入仓库编码');
    expect(warehouseInputProblem(form({ code: '-WH' }))).toBe('仓库编码须为2-32位字母、数字、下划线或短横线，且以字母或数字开头');
    expect(warehouseInputProblem(form({ name: 'x'.repeat(65) }))).toBe('仓库名称不能超过64个字符');
    expect(warehouseInputProblem(form({ type: '总仓' }))).toBe('请选择仓库类型');
    expect(warehouseInputProblem(form({ allowNegative: 1 }))).toBe('请选择是否允许负库存');
    expect(warehouseInputProblem(form({ phone: '110' }))).toMatch('联系电话');
    expect(warehouseInputProblem(form({ region: 'moon' }))).toBe('请选择正确的区域');
    expect(warehouseInputProblem(form({ remark: 'x'.repeat(201) }))).toBe('备注不能超过200个字符');
  });

  it('ties shops to shop warehouses and countries to overseas ones', () => {
    expect(warehouseInputProblem(form({ type: 'shop' }))).toBe('门店仓须选择所属门店');
    expect(warehouseInputProblem(form({ type: 'shop', shopId: 0 }))).toBe('门店仓须选择所属门店');
    expect(warehouseInputProblem(form({ type: 'shop', shopId: 3 }))).toBeNull();
    expect(warehouseInputProblem(form({ type: 'transit', shopId: 3 }))).toBe('只有门店仓属于门店，请清空所属门店');
    expect(warehouseInputProblem(form({ type: 'overseas' }))).toBe('海外仓须填写国家/地区');
    expect(warehouseInputProblem(form({ type: 'overseas', country: '美国' }))).toBeNull();
    expect(warehouseInputProblem(form({ country: '美国' }))).toBe('只有海外仓填写国家/地区，请清空');
  });
});

describe('warehouse tree', () => {
  it('nests types: HQ anything, overseas/transit/defective their own kind, shop nothing', () => {
    for (const child of WAREHOUSE_TYPES) expect(warehouseChildTypeProblem('hq', child)).toBeNull();
    expect(warehouseChildTypeProblem('transit', 'transit')).toBeNull();
    expect(warehouseChildTypeProblem('transit', 'hq')).toBe('在途仓(虚拟)下只能建在途仓(虚拟)');
    expect(warehouseChildTypeProblem('overseas', 'defective')).toBe('海外仓下只能建海外仓');
    expect(warehouseChildTypeProblem('defective', 'shop')).toBe('次品仓下只能建次品仓');
    expect(warehouseChildTypeProblem('shop', 'shop')).toBe('门店仓不能有下级仓库');
  });

  it('refuses itself, its own descendants, a type clash with its children and a sixth level', () => {
    const chain = (...ids: number[]) => ids.map((id) => ({ id, type: 'hq' as const }));
    expect(warehousePlacementProblem({ id: 1, type: 'hq', ancestors: chain(1) })).toBe('上级仓库不能是自己');
    expect(warehousePlacementProblem({ id: 1, type: 'hq', ancestors: chain(5, 3, 1) })).toBe('上级仓库不能是自己的下级仓库');
    expect(warehousePlacementProblem({ id: 1, type: 'hq', ancestors: chain(5, 3) })).toBeNull();
    expect(warehousePlacementProblem({ type: 'hq', ancestors: [{ id: 2, type: 'overseas' }] })).toBe('海外仓下只能建海外仓');
    expect(warehousePlacementProblem({ id: 1, type: 'transit', ancestors: [], childTypes: ['hq'] })).toBe('在途仓(虚拟)下只能建在途仓(虚拟)');
    expect(warehousePlacementProblem({ id: 1, type: 'shop', ancestors: [], childTypes: ['shop'] })).toBe('门店仓不能有下级仓库');
    expect(warehousePlacementProblem({ type: 'hq', ancestors: chain(4, 3, 2, 1) })).toBeNull();
    expect(warehousePlacementProblem({ type: 'hq', ancestors: chain(5, 4, 3, 2, 1) })).toBe('仓库最多5级');
    expect(warehousePlacementProblem({ id: 9, type: 'hq', ancestors: chain(2, 1), subtreeDepth: 4 })).toBe('仓库最多5级');
    expect(warehousePlacementProblem({ id: 9, type: 'hq', ancestors: chain(1), subtreeDepth: 4 })).toBeNull();
  });
});

describe('shelves', () => {
  it('checks code, name and sort', () => {
    expect(shelfInputProblem({ code: 'A-01-01', name: '近门', sort: 3 })).toBeNull();
    expect(shelfInputProblem({ code: 'A' })).toBeNull();
    expect(shelfInputProblem({ code: ' ' })).toBe('请输入货架编码');
    expect(shelfInputProblem({ code: 'A 01' })).toMatch('货架编码须为1-32位');
    expect(shelfInputProblem({ code: 'A', name: 'x'.repeat(33) })).toBe('货架名称不能超过32个字符');
    expect(shelfInputProblem({ code: 'A', sort: 1.5 })).toBe('排序须为0-9999的整数');
    expect(shelfInputProblem({ code: 'A', sort: 10_000 })).toBe('排序须为0-9999的整数');
  });

  it('makes batch codes prefix-row-level, zero-padded, at most 500', () => {
    const grid = shelfBatchCodes({ prefix: 'A', rowFrom: 1, rowTo: 5, levelFrom: 1, levelTo: 4 });
    expect(grid.codes).toHaveLength(20);
    expect(grid.codes!.slice(0, 5)).toEqual(['A-01-01', 'A-01-02', 'A-01-03', 'A-01-04', 'A-02-01']);
    expect(grid.codes!.at(-1)).toBe('A-05-04');
    expect(shelfBatchCodes({ prefix: 'B2', rowFrom: 9, rowTo: 11 }).codes).toEqual(['B2-09', 'B2-10', 'B2-11']);
    expect(shelfBatchCodes({ prefix: 'C', rowFrom: 99, rowTo: 100 }).codes).toEqual(['C-099', 'C-100']);
    expect(shelfBatchCodes({ prefix: 'D', rowFrom: 1, rowTo: 500 }).codes).toHaveLength(500);
    expect(shelfBatchCodes({ prefix: 'D', rowFrom: 1, rowTo: 501 }).problem).toBe('一次最多生成500个货架');
    expect(shelfBatchCodes({ prefix: 'D', rowFrom: 1, rowTo: 26, levelFrom: 1, levelTo: 20 }).problem).toBe('一次最多生成500个货架');
    expect(shelfBatchCodes({ prefix: '', rowFrom: 1, rowTo: 2 }).problem).toBe('请输入货架编码前缀');
    expect(shelfBatchCodes({ prefix: 'A-', rowFrom: 1, rowTo: 2 }).problem).toMatch('前缀须为');
    expect(shelfBatchCodes({ prefix: 'A', rowFrom: 0, rowTo: 2 }).problem).toMatch('排号须为');
    expect(shelfBatchCodes({ prefix: 'A', rowFrom: 3, rowTo: 2 }).problem).toMatch('排号须为');
    expect(shelfBatchCodes({ prefix: 'A', rowFrom: 1, rowTo: 2, levelFrom: 2 }).problem).toMatch('层号须为');
  });
});
