import { shelfBatchCodes, shelfCodesTaken, shelfCodeTaken, shelfHasStock, shelfInputProblem, ShelfMessages, WarehouseMessages, type ShelfRecord } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import * as repo from './shelves.repo.ts';
import type { ShelfBatchBody, ShelfBody, ShelfSortColumn } from './shelves.schema.ts';
import type { WarehouseScope } from './warehouse-scope.ts';
import * as warehouses from './warehouses.repo.ts';

// 货架 (bins): codes unique per warehouse whatever their case; a shelf belongs to an enabled,
// real warehouse (the in-transit warehouse is virtual and has none); a shelf is disabled only
// once it is empty. Whoever may read a warehouse and holds the shelf 编辑 code manages its shelves.

const trimmed = (value: string | null | undefined) => value?.trim() ?? '';

function toRecord(row: repo.ShelfRow): ShelfRecord {
  return {
    id: row.id,
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    code: row.code,
    name: row.name,
    sort: row.sort,
    enabled: row.enabled,
    quantity: Number(row.quantity ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const isShelfCodeViolation = (error: unknown) => warehouses.uniqueViolation(error) === 'shelves_code_key';

async function assertWarehouseVisible(db: Db, scope: WarehouseScope, warehouseId: number) {
  if (!(await warehouses.findWarehouse(db, scope, warehouseId))) throw notFound(WarehouseMessages.notFound);
}

export async function pageShelves(db: Db, scope: WarehouseScope, warehouseId: number, filter: { keyword?: string; enabled?: boolean }, params: ListParams<ShelfSortColumn>) {
  await assertWarehouseVisible(db, scope, warehouseId);
  const { records, total } = await repo.pageShelves(db, scope, warehouseId, filter, params);
  return { total, records: records.map(toRecord) };
}

export async function getShelf(db: Db, scope: WarehouseScope, id: number): Promise<ShelfRecord> {
  const row = await repo.findShelf(db, scope, id);
  if (!row) throw notFound(ShelfMessages.notFound);
  return toRecord(row);
}

/** The warehouse, locked, that new shelves go into. */
async function lockTargetWarehouse(trx: Db, scope: WarehouseScope, warehouseId: number) {
  const warehouse = await warehouses.lockWarehouse(trx, scope, warehouseId);
  if (!warehouse) throw notFound(WarehouseMessages.notFound);
  if (warehouse.type === 'transit') throw conflict(ShelfMessages.transitHasNoShelves);
  if (!warehouse.enabled) throw conflict(ShelfMessages.warehouseDisabled);
  return warehouse;
}

function shelfValues(body: ShelfBody) {
  const problem = shelfInputProblem(body);
  if (problem) throw badRequest(problem);
  return { code: trimmed(body.code), name: trimmed(body.name), sort: body.sort ?? 0 };
}

export async function createShelf(db: Db, scope: WarehouseScope, warehouseId: number, body: ShelfBody): Promise<number> {
  const values = shelfValues(body);
  try {
    return await db.transaction().execute(async (trx) => {
      await lockTargetWarehouse(trx, scope, warehouseId);
      if ((await repo.takenCodes(trx, warehouseId, [values.code])).length) throw conflict(shelfCodeTaken(values.code));
      const [id] = await repo.insertShelves(trx, [{ ...values, warehouse_id: warehouseId, enabled: body.enabled ?? true }]);
      return id!;
    });
  } catch (error) {
    if (isShelfCodeViolation(error)) throw conflict(shelfCodeTaken(values.code));
    throw error;
  }
}

/** 批量新增: all or nothing; codes already in the warehouse are named and nothing is created. */
export async function createShelfBatch(db: Db, scope: WarehouseScope, warehouseId: number, body: ShelfBatchBody): Promise<{ count: number; codes: string[] }> {
  const batch = shelfBatchCodes(body);
  if (batch.problem !== null) throw badRequest(batch.problem);
  const { codes } = batch;
  try {
    return await db.transaction().execute(async (trx) => {
      await lockTargetWarehouse(trx, scope, warehouseId);
      const taken = await repo.takenCodes(trx, warehouseId, codes);
      if (taken.length) throw conflict(shelfCodesTaken(taken.slice(0, 5), taken.length));
      await repo.insertShelves(
        trx,
        codes.map((code, i) => ({ warehouse_id: warehouseId, code, name: '', sort: i + 1, enabled: true })),
      );
      return { count: codes.length, codes };
    });
  } catch (error) {
    if (isShelfCodeViolation(error)) throw conflict(shelfCodesTaken([], codes.length));
    throw error;
  }
}

export async function updateShelf(db: Db, scope: WarehouseScope, id: number, body: ShelfBody): Promise<ShelfRecord> {
  const values = shelfValues(body);
  try {
    await db.transaction().execute(async (trx) => {
      const current = await repo.lockShelf(trx, scope, id);
      if (!current) throw notFound(ShelfMessages.notFound);
      if ((await repo.takenCodes(trx, current.warehouse_id, [values.code], id)).length) throw conflict(shelfCodeTaken(values.code));
      await repo.updateShelf(trx, id, values);
    });
  } catch (error) {
    if (isShelfCodeViolation(error)) throw conflict(shelfCodeTaken(values.code));
    throw error;
  }
  return getShelf(db, scope, id);
}

export async function setShelfEnabled(db: Db, scope: WarehouseScope, id: number, enabled: boolean): Promise<ShelfRecord> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockShelf(trx, scope, id);
    if (!current) throw notFound(ShelfMessages.notFound);
    if (current.enabled === enabled) throw conflict(enabled ? ShelfMessages.alreadyEnabled : ShelfMessages.alreadyDisabled);
    if (enabled) {
      const warehouse = await warehouses.findWarehouse(trx, scope, current.warehouse_id);
      if (!warehouse?.enabled) throw conflict(ShelfMessages.warehouseDisabled);
    } else {
      const stock = await repo.stockOf(trx, id);
      if (stock.rows > 0) throw conflict(shelfHasStock(current.code, stock.rows, stock.quantity));
    }
    await repo.updateShelf(trx, id, { enabled });
  });
  return getShelf(db, scope, id);
}
