import { describe, expect, it } from 'vitest';
import { warehouseCodeTaken, warehouseHasNegative, warehouseInputProblem, WarehouseMessages, type WarehouseRecord, type WarehouseTreeNode, type WarehouseType } from '@erp/shared';
import { expandableIds, fieldOfServerMessage, filterTree, formValuesOf, inputOf, parentOptions, pathTo, placementProblem, typesUnder } from './warehouse-rules.ts';

const node = (id: number, code: string, name: string, type: WarehouseType, children: WarehouseTreeNode[] = [], enabled = true): WarehouseTreeNode => ({
  id,
  parentId: null,
  code,
  name,
  type,
  shopId: type === 'shop' ? id : null,
  enabled,
  children: children.map((child) => ({ ...child, parentId: id })),
});

// 杭州总仓 > (次品仓 > 次品二区, A区 > 门店仓), 在途仓, 海外仓
const tree = [
  node(1, 'WH-HZ', '杭州总仓', 'hq', [
    node(2, 'WH-HZ-DEF', '杭州次品仓', 'defective', [node(3, 'WH-HZ-DEF2', '次品二区', 'defective')]),
    node(4, 'WH-HZ-A', 'A区', 'hq', [node(5, 'WH-SH001', '湖滨店仓', 'shop')]),
  ]),
  node(6, 'WH-TRANSIT', '在途仓', 'transit'),
  node(7, 'WH-US', '洛杉矶仓', 'overseas', [], false),
];

describe('warehouse tree views', () => {
  it('finds paths, expandable nodes and search hits with their ancestors', () => {
    expect(pathTo(tree, 5).map((n) => n.id)).toEqual([5, 4, 1]);
    expect(pathTo(tree, 99)).toEqual([]);
    expect(expandableIds(tree)).toEqual([1, 2, 4]);
    const hit = filterTree(tree, ' def2 ');
    expect(hit.map((n) => n.code)).toEqual(['WH-HZ']);
    expect(hit[0]!.children.map((n) => n.code)).toEqual(['WH-HZ-DEF']);
    expect(hit[0]!.children[0]!.children.map((n) => n.code)).toEqual(['WH-HZ-DEF2']);
    // a matching node keeps all its children
    expect(filterTree(tree, '杭州次品')[0]!.children[0]!.children).toHaveLength(1);
    expect(filterTree(tree, '洛杉矶').map((n) => n.id)).toEqual([7]);
    expect(filterTree(tree, '')).toHaveLength(3);
    expect(filterTree(tree, 'nothing')).toEqual([]);
  });

  it('offers the types a parent takes and checks placement with the shared rule', () => {
    expect(typesUnder(tree, null)).toHaveLength(5);
    expect(typesUnder(tree, 1)).toHaveLength(5);
    expect(typesUnder(tree, 2)).toEqual(['defective']);
    expect(typesUnder(tree, 5)).toEqual([]);
    expect(placementProblem(tree, { type: 'shop', parentId: 4 })).toBeNull();
    expect(placementProblem(tree, { type: 'hq', parentId: 2 })).toBe('次品仓下只能建次品仓');
    expect(placementProblem(tree, { type: 'shop', parentId: 5 })).toBe('门店仓不能有下级仓库');
    expect(placementProblem(tree, { type: 'hq', parentId: 99 })).toBe(WarehouseMessages.parentNotFound);
    // moving A区 below itself or below its own child
    expect(placementProblem(tree, { id: 4, type: 'hq', parentId: 4 })).toBe(WarehouseMessages.parentSelf);
    expect(placementProblem(tree, { id: 1, type: 'hq', parentId: 4 })).toBe(WarehouseMessages.parentCycle);
    // A区 holds a shop warehouse: it cannot turn into a defective store
    expect(placementProblem(tree, { id: 4, type: 'defective', parentId: 1 })).toBe('次品仓下只能建次品仓');
    const deep = [
      node(10, 'L1', 'L1', 'hq', [node(11, 'L2', 'L2', 'hq', [node(12, 'L3', 'L3', 'hq', [node(13, 'L4', 'L4', 'hq')])])]),
      node(20, 'M1', 'M1', 'hq', [node(21, 'M2', 'M2', 'hq')]),
    ];
    expect(placementProblem(deep, { type: 'hq', parentId: 13 })).toBeNull();
    // M1 brings a two-level subtree: under L3 it ends at level 5, under L4 at level 6
    expect(placementProblem(deep, { id: 20, type: 'hq', parentId: 12 })).toBeNull();
    expect(placementProblem(deep, { id: 20, type: 'hq', parentId: 13 })).toBe(WarehouseMessages.tooDeep);
  });

  it('leaves the edited subtree out of the parent picker and locks shop and disabled warehouses', () => {
    const options = parentOptions(tree, 4);
    expect(options[0]!.children.map((o) => o.value)).toEqual([2]);
    expect(options.find((o) => o.value === 7)).toMatchObject({ disabled: true, title: '洛杉矶仓（WH-US） · 已停用' });
    expect(parentOptions(tree, null)[0]!.children[1]!.children[0]).toMatchObject({ value: 5, disabled: true });
    // the current parent stays pickable even when disabled
    expect(parentOptions(tree, null, 7).find((o) => o.value === 7)!.disabled).toBe(false);
  });
});

describe('warehouse form values', () => {
  const record: WarehouseRecord = {
    id: 5,
    parentId: 4,
    parentName: 'A区',
    code: 'WH-SH001',
    name: '湖滨店仓',
    type: 'shop',
    shopId: 11,
    shopName: '湖滨银泰店',
    allowNegative: true,
    contactName: '王晓燕',
    phone: '13800000003',
    region: '',
    address: '湖滨路 1 号',
    country: '',
    remark: '',
    enabled: true,
    childCount: 0,
    shelfCount: 3,
    createdAt: '',
    updatedAt: '',
  };

  it('round-trips a record and sends only the fields its type has', () => {
    const values = formValuesOf(record);
    expect(values.region).toBeUndefined();
    const input = inputOf({ ...values, name: ' 湖滨店仓 ', country: '美国' });
    expect(input).toMatchObject({ name: '湖滨店仓', shopId: 11, country: '', region: '', allowNegative: true, parentId: 4 });
    expect(warehouseInputProblem(input)).toBeNull();
    const overseas = inputOf({ ...values, type: 'overseas', country: ' 美国 ' });
    expect(overseas).toMatchObject({ shopId: null, country: '美国' });
    expect(warehouseInputProblem(overseas)).toBeNull();
  });

  it('starts a child with its parent and takes the only type a parent allows', () => {
    expect(formValuesOf(null)).toMatchObject({ parentId: null, type: undefined, allowNegative: false });
    expect(formValuesOf(null, tree[0]!)).toMatchObject({ parentId: 1, type: undefined });
    expect(formValuesOf(null, tree[0]!.children[0]!)).toMatchObject({ parentId: 2, type: 'defective' });
  });

  it('puts a server refusal under the field it is about', () => {
    expect(fieldOfServerMessage(warehouseCodeTaken('WH-HZ'))).toBe('code');
    expect(fieldOfServerMessage(WarehouseMessages.shopTaken)).toBe('shopId');
    expect(fieldOfServerMessage(WarehouseMessages.shopDisabled)).toBe('shopId');
    expect(fieldOfServerMessage(WarehouseMessages.parentDisabled)).toBe('parentId');
    expect(fieldOfServerMessage('次品仓下只能建次品仓')).toBe('parentId');
    expect(fieldOfServerMessage('门店仓不能有下级仓库')).toBe('parentId');
    expect(fieldOfServerMessage(WarehouseMessages.tooDeep)).toBe('parentId');
    expect(fieldOfServerMessage(WarehouseMessages.typeLockedByStock)).toBe('type');
    expect(fieldOfServerMessage(warehouseHasNegative('杭州总仓', 2))).toBe('allowNegative');
    expect(fieldOfServerMessage(WarehouseMessages.hqOnly)).toBeNull();
    expect(fieldOfServerMessage('网络异常')).toBeNull();
  });
});
