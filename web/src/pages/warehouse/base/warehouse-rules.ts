import {
  WAREHOUSE_CHILD_TYPES,
  WAREHOUSE_TYPE_LABELS,
  WAREHOUSE_TYPES,
  WarehouseMessages,
  warehousePlacementProblem,
  type WarehouseInput,
  type WarehouseRecord,
  type WarehouseTreeNode,
  type WarehouseType,
} from '@erp/shared';

/** Pure views over the warehouse tree for 仓库资料 (search, placement, the form's values). */

export const WAREHOUSE_TYPE_COLORS: Record<WarehouseType, string> = {
  hq: 'blue',
  shop: 'green',
  overseas: 'purple',
  transit: 'gold',
  defective: 'volcano',
};

/** The node and its ancestors, nearest first, the node itself at [0]; [] when it is not in the tree. */
export function pathTo(tree: readonly WarehouseTreeNode[], id: number): WarehouseTreeNode[] {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = pathTo(node.children, id);
    if (below.length) return [...below, node];
  }
  return [];
}

export function findNode(tree: readonly WarehouseTreeNode[], id: number | null | undefined): WarehouseTreeNode | null {
  return id === null || id === undefined ? null : (pathTo(tree, id)[0] ?? null);
}

/** Keys of every node that has children (a search opens everything it found). */
export function expandableIds(tree: readonly WarehouseTreeNode[]): number[] {
  return tree.flatMap((node) => (node.children.length ? [node.id, ...expandableIds(node.children)] : []));
}

/** Nodes whose code or name contains the keyword, with their ancestors; the children of a match stay. */
export function filterTree(tree: readonly WarehouseTreeNode[], keyword: string): WarehouseTreeNode[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...tree];
  return tree.flatMap((node) => {
    if (node.code.toLowerCase().includes(needle) || node.name.toLowerCase().includes(needle)) return [node];
    const children = filterTree(node.children, keyword);
    return children.length ? [{ ...node, children }] : [];
  });
}

/** Levels of a node's subtree (1 for a leaf). */
function depthOf(node: WarehouseTreeNode): number {
  return 1 + Math.max(0, ...node.children.map(depthOf));
}

/**
 * Where a warehouse of `type` may hang under `parentId` (null: top level): the shared rule applied
 * to the tree on screen. `id` is the warehouse being edited, whose own subtree moves with it.
 */
export function placementProblem(tree: readonly WarehouseTreeNode[], args: { id?: number; type: WarehouseType; parentId: number | null }): string | null {
  const ancestors = args.parentId === null ? [] : pathTo(tree, args.parentId);
  if (args.parentId !== null && ancestors.length === 0) return WarehouseMessages.parentNotFound;
  const self = args.id === undefined ? null : findNode(tree, args.id);
  return warehousePlacementProblem({
    id: args.id,
    type: args.type,
    ancestors,
    childTypes: self?.children.map((child) => child.type) ?? [],
    subtreeDepth: self ? depthOf(self) : 1,
  });
}

/** The types a child of `parentId` may have (every type at the top level). */
export function typesUnder(tree: readonly WarehouseTreeNode[], parentId: number | null): readonly WarehouseType[] {
  const parent = findNode(tree, parentId);
  return parent ? WAREHOUSE_CHILD_TYPES[parent.type] : WAREHOUSE_TYPES;
}

export interface ParentOption {
  value: number;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

/**
 * The 上级仓库 picker: the warehouse being edited and its subtree are left out (no cycles); shop
 * warehouses (always leaves) and disabled warehouses show but cannot be picked, except the current parent.
 */
export function parentOptions(tree: readonly WarehouseTreeNode[], selfId: number | null, currentParentId: number | null = null): ParentOption[] {
  return tree
    .filter((node) => node.id !== selfId)
    .map((node) => ({
      value: node.id,
      title: `${node.name}（${node.code}）${node.enabled ? '' : ' · 已停用'}`,
      disabled: node.id !== currentParentId && (node.type === 'shop' || !node.enabled),
      children: parentOptions(node.children, selfId, currentParentId),
    }));
}

/** What the form holds; selects hold undefined when nothing is chosen. */
export interface WarehouseFormValues {
  code: string;
  name: string;
  type?: WarehouseType;
  parentId: number | null;
  shopId: number | null;
  allowNegative: boolean;
  contactName: string;
  phone: string;
  region?: string;
  address: string;
  country: string;
  remark: string;
}

/**
 * The form's first values: the record's, or a new warehouse under `parent` (whose type it takes
 * when that type only nests its own kind: an overseas warehouse's child is overseas).
 */
export function formValuesOf(record: WarehouseRecord | null, parent: WarehouseTreeNode | null = null): WarehouseFormValues {
  if (record) {
    return {
      code: record.code,
      name: record.name,
      type: record.type,
      parentId: record.parentId,
      shopId: record.shopId,
      allowNegative: record.allowNegative,
      contactName: record.contactName,
      phone: record.phone,
      region: record.region || undefined,
      address: record.address,
      country: record.country,
      remark: record.remark,
    };
  }
  const allowed = parent ? WAREHOUSE_CHILD_TYPES[parent.type] : WAREHOUSE_TYPES;
  return {
    code: '',
    name: '',
    type: allowed.length === 1 ? allowed[0] : undefined,
    parentId: parent?.id ?? null,
    shopId: null,
    allowNegative: false,
    contactName: '',
    phone: '',
    region: undefined,
    address: '',
    country: '',
    remark: '',
  };
}

/** The body to send: trimmed, the shop only for a shop warehouse and the country only overseas. */
export function inputOf(values: WarehouseFormValues): WarehouseInput {
  const type = values.type as WarehouseType;
  const text = (value: string | undefined | null) => (value ?? '').trim();
  return {
    code: text(values.code),
    name: text(values.name),
    type,
    parentId: values.parentId ?? null,
    shopId: type === 'shop' ? (values.shopId ?? null) : null,
    allowNegative: values.allowNegative === true,
    contactName: text(values.contactName),
    phone: text(values.phone),
    region: values.region ?? '',
    address: text(values.address),
    country: type === 'overseas' ? text(values.country) : '',
    remark: text(values.remark),
  };
}

const FIELD_MESSAGES: [keyof WarehouseFormValues, (msg: string) => boolean][] = [
  ['code', (msg) => msg.startsWith('仓库编码')],
  ['type', (msg) => msg === WarehouseMessages.typeRequired || msg === WarehouseMessages.typeLockedByStock || msg === WarehouseMessages.transitWithShelves],
  ['parentId', (msg) => msg.startsWith('上级仓库') || msg.includes('下只能建') || msg.startsWith('门店仓不能') || msg === WarehouseMessages.tooDeep],
  ['allowNegative', (msg) => msg.includes('负库存')],
  ['country', (msg) => msg.includes('国家/地区')],
  ['shopId', (msg) => msg.includes('门店')],
];

/** The field a server refusal is about (shown under it as well as in the toast), or null. */
export function fieldOfServerMessage(message: string): keyof WarehouseFormValues | null {
  // 只有总部可以… names several fields: it belongs to the form as a whole
  if (message === WarehouseMessages.hqOnly) return null;
  return FIELD_MESSAGES.find(([, test]) => test(message))?.[0] ?? null;
}

export const typeLabel = (type: WarehouseType) => WAREHOUSE_TYPE_LABELS[type];
