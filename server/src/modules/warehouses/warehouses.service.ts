import {
  warehouseCodeTaken,
  warehouseHasNegative,
  warehouseHasStock,
  warehouseInputProblem,
  WarehouseMessages,
  warehousePlacementProblem,
  type WarehouseOption,
  type WarehouseRecord,
  type WarehouseTreeNode,
  type WarehouseType,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { isHqScope, type WarehouseScope } from './warehouse-scope.ts';
import * as repo from './warehouses.repo.ts';
import type { WarehouseBody, WarehouseSortColumn } from './warehouses.schema.ts';

// Rules (shared/src/warehouses.ts states them with their messages): codes unique whatever their
// case; the tree has no cycles, nests types by WAREHOUSE_CHILD_TYPES and stays 5 levels deep; a
// shop warehouse names an enabled shop that has no other warehouse. HQ alone creates warehouses and
// changes code, type, parent, shop and the negative-stock flag; an agent or shop granted the edit
// button may change the address fields of a warehouse in its scope. Type and shop are fixed once
// the warehouse has stock moves. allow_negative goes from true to false only when no balance in
// the warehouse is negative (the trigger then copies it onto the balances and the CHECK holds).
// Disabling waits for an empty warehouse and for its children to be disabled first.

const trimmed = (value: string | null | undefined) => value?.trim() ?? '';

function toRecord(row: repo.WarehouseRow): WarehouseRecord {
  return {
    id: row.id,
    parentId: row.parent_id,
    parentName: row.parent_name,
    code: row.code,
    name: row.name,
    type: row.type,
    shopId: row.shop_id,
    shopName: row.shop_name,
    allowNegative: row.allow_negative,
    contactName: row.contact_name,
    phone: row.phone,
    region: row.region,
    address: row.address,
    country: row.country,
    remark: row.remark,
    enabled: row.enabled,
    childCount: Number(row.child_count ?? 0),
    shelfCount: Number(row.shelf_count ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function pageWarehouses(db: Db, scope: WarehouseScope, filter: repo.WarehouseFilter, params: ListParams<WarehouseSortColumn>) {
  const { records, total } = await repo.pageWarehouses(db, scope, filter, params);
  return { total, records: records.map(toRecord) };
}

export async function getWarehouse(db: Db, scope: WarehouseScope, id: number) {
  const row = await repo.findWarehouse(db, scope, id);
  if (!row) throw notFound(WarehouseMessages.notFound);
  const stock = await repo.stockOf(db, id);
  return { ...toRecord(row), stockRows: stock.rows, stockQuantity: stock.quantity };
}

/** Children of a warehouse in scope (an unknown or foreign parent is 404). */
export async function childrenOf(db: Db, scope: WarehouseScope, id: number): Promise<WarehouseRecord[]> {
  if (!(await repo.findWarehouse(db, scope, id))) throw notFound(WarehouseMessages.notFound);
  return (await repo.listWarehouses(db, scope, { parentId: id })).map(toRecord);
}

/** The tree of the warehouses in scope; one whose parent is out of scope (or filtered out) is a root. */
export async function warehouseTree(db: Db, scope: WarehouseScope, filter: { enabled?: boolean }): Promise<WarehouseTreeNode[]> {
  const rows = await repo.listWarehouseNodes(db, scope, filter);
  const nodes = new Map<number, WarehouseTreeNode>(
    rows.map((r) => [r.id, { id: r.id, parentId: r.parent_id, code: r.code, name: r.name, type: r.type, shopId: r.shop_id, enabled: r.enabled, children: [] }]),
  );
  const roots: WarehouseTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Enabled warehouses in scope for pickers. */
export async function warehouseOptions(db: Db, scope: WarehouseScope, filter: { type?: WarehouseType; shopId?: number }): Promise<WarehouseOption[]> {
  const rows = await repo.listWarehouseNodes(db, scope, { ...filter, enabled: true });
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, type: r.type, shopId: r.shop_id, allowNegative: r.allow_negative }));
}

/** Checks the body and returns the columns to store (structure checks follow in the transaction). */
function valuesOf(body: WarehouseBody, current?: repo.LockedWarehouse): repo.WarehouseValues {
  const problem = warehouseInputProblem(body);
  if (problem) throw badRequest(problem);
  const type = body.type as WarehouseType;
  return {
    parent_id: body.parentId ?? null,
    code: trimmed(body.code),
    name: trimmed(body.name),
    type,
    shop_id: type === 'shop' ? (body.shopId ?? null) : null,
    allow_negative: typeof body.allowNegative === 'boolean' ? body.allowNegative : (current?.allow_negative ?? false),
    contact_name: trimmed(body.contactName),
    phone: trimmed(body.phone),
    region: trimmed(body.region),
    address: trimmed(body.address),
    country: type === 'overseas' ? trimmed(body.country) : '',
    remark: trimmed(body.remark),
    // PUT keeps the status: 启用 / 停用 have their own rules and calls
    enabled: current ? current.enabled : (body.enabled ?? true),
  };
}

/** Parent, depth, types and shop: the checks that read other rows. */
async function assertStructure(trx: Db, values: repo.WarehouseValues, current?: repo.LockedWarehouse) {
  const id = current?.id;
  const parentChanged = values.parent_id !== (current?.parent_id ?? null);
  // one structure change at a time: two moves checked side by side could close a cycle
  if (parentChanged || values.type !== current?.type) await repo.lockTree(trx);
  const ancestors = values.parent_id === null ? [] : await repo.ancestorsOf(trx, values.parent_id);
  if (values.parent_id !== null && ancestors.length === 0) throw badRequest(WarehouseMessages.parentNotFound);
  const sub = id === undefined ? { depth: 1, childTypes: [] } : await repo.subtreeOf(trx, id);
  const placement = warehousePlacementProblem({ id, type: values.type, ancestors, childTypes: sub.childTypes, subtreeDepth: sub.depth });
  if (placement) throw badRequest(placement);
  if (parentChanged && ancestors[0] && !ancestors[0].enabled) throw conflict(WarehouseMessages.parentDisabled);
  if (values.shop_id !== null && values.shop_id !== current?.shop_id) {
    const shop = await repo.findShop(trx, values.shop_id);
    if (!shop) throw badRequest(WarehouseMessages.shopNotFound);
    if (!shop.enabled) throw conflict(WarehouseMessages.shopDisabled);
    if (await repo.shopWarehouseOf(trx, values.shop_id, id)) throw conflict(WarehouseMessages.shopTaken);
  }
}

/** A unique index that trips on a concurrent save becomes the same 409 as the check. */
async function guarded<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = repo.uniqueViolation(error);
    if (constraint === 'warehouses_shop_key') throw conflict(WarehouseMessages.shopTaken);
    if (constraint !== null) throw conflict(warehouseCodeTaken(code));
    throw error;
  }
}

export async function createWarehouse(db: Db, scope: WarehouseScope, body: WarehouseBody): Promise<number> {
  if (!isHqScope(scope)) throw forbidden(WarehouseMessages.hqOnly);
  const values = valuesOf(body);
  return guarded(values.code, () =>
    db.transaction().execute(async (trx) => {
      await assertStructure(trx, values);
      if (await repo.codeTaken(trx, values.code)) throw conflict(warehouseCodeTaken(values.code));
      return repo.insertWarehouse(trx, values);
    }),
  );
}

const HQ_FIELDS = ['code', 'type', 'parent_id', 'shop_id', 'allow_negative'] as const;

export async function updateWarehouse(db: Db, scope: WarehouseScope, id: number, body: WarehouseBody) {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockWarehouse(trx, scope, id);
    if (!current) throw notFound(WarehouseMessages.notFound);
    const values = valuesOf(body, current);
    const changed = (field: (typeof HQ_FIELDS)[number]) => values[field] !== current[field];
    if (!isHqScope(scope) && HQ_FIELDS.some(changed)) throw forbidden(WarehouseMessages.hqOnly);
    if ((changed('type') || changed('shop_id')) && (await repo.hasMoves(trx, id))) throw conflict(WarehouseMessages.typeLockedByStock);
    if (changed('type') && values.type === 'transit' && (await repo.hasShelves(trx, id))) throw conflict(WarehouseMessages.transitWithShelves);
    await assertStructure(trx, values, current);
    if (current.allow_negative && !values.allow_negative) {
      const stock = await repo.stockOf(trx, id);
      if (stock.negative > 0) throw conflict(warehouseHasNegative(current.name, stock.negative));
    }
    if (await repo.codeTaken(trx, values.code, id)) throw conflict(warehouseCodeTaken(values.code));
    await guarded(values.code, () => repo.updateWarehouse(trx, id, values));
  });
  return getWarehouse(db, scope, id);
}

/** 启用 / 停用 (HQ): disabling waits for an empty warehouse whose children are all disabled. */
export async function setWarehouseEnabled(db: Db, scope: WarehouseScope, id: number, enabled: boolean) {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockWarehouse(trx, scope, id);
    if (!current) throw notFound(WarehouseMessages.notFound);
    if (!isHqScope(scope)) throw forbidden(WarehouseMessages.hqOnly);
    if (current.enabled === enabled) throw conflict(enabled ? WarehouseMessages.alreadyEnabled : WarehouseMessages.alreadyDisabled);
    if (!enabled) {
      const stock = await repo.stockOf(trx, id);
      if (stock.rows > 0) throw conflict(warehouseHasStock(current.name, stock.rows, stock.quantity));
      if ((await repo.subtreeOf(trx, id)).enabledChildren > 0) throw conflict(WarehouseMessages.hasEnabledChildren);
    } else if (current.parent_id !== null) {
      const [parent] = await repo.ancestorsOf(trx, current.parent_id);
      if (parent && !parent.enabled) throw conflict(WarehouseMessages.parentDisabled);
    }
    await repo.updateWarehouse(trx, id, { enabled });
  });
  return getWarehouse(db, scope, id);
}

/** One 配货 at a time per warehouse (see repo.lockForAllocation). */
export const lockWarehouseForAllocation = repo.lockForAllocation;
