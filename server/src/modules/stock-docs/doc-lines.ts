import {
  STOCK_DOC_BOX_NO_MAX,
  STOCK_DOC_LINES_MAX,
  STOCK_DOC_REMARK_MAX,
  STOCK_QUANTITY_MAX,
  StockDocMessages,
  stockLineMessages,
  STOCK_UNIT_COST_MAX_FEN,
  stockWarehouseDisabled,
  type StockDocLineInput,
} from '@erp/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { precompiled } from '../../db/precompiled.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { warehousesInScope, type WarehouseScope } from '../warehouses/warehouse-scope.ts';
import type { DeferCheck } from './kind-spec.ts';
import type { LineValues } from './stock-docs.repo.ts';

// Checks shared by every kind: line shape, limits, duplicates, and that items and shelves exist.

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isCount = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= STOCK_QUANTITY_MAX;

/**
 * A line as a module that makes documents may give it: besides what the client may send, the
 * selling price and the source document's line (the HTTP schema has neither, so no client sets them).
 */
export interface DocLineInput extends StockDocLineInput {
  unitPriceFen?: number | null;
  sourceLineId?: number | null;
}

/** Shape of each line on its own; `minQuantity` 0 for kinds whose quantity may be zero (stocktake book). */
export function shapeLines(inputs: readonly DocLineInput[], options: { minQuantity?: number; optional?: boolean } = {}): LineValues[] {
  if (!Array.isArray(inputs)) throw badRequest(StockDocMessages.noLines);
  if (inputs.length === 0 && !options.optional) throw badRequest(StockDocMessages.noLines);
  if (inputs.length > STOCK_DOC_LINES_MAX) throw badRequest(StockDocMessages.tooManyLines);
  const min = options.minQuantity ?? 1;
  const seen = new Set<string>();
  return inputs.map((input, i) => {
    const n = i + 1;
    if (!isCount(input.quantity, min)) throw badRequest(StockDocMessages.quantityInvalid(n));
    const actual = input.actualQuantity ?? null;
    if (actual !== null && !isCount(actual, 0)) throw badRequest(StockDocMessages.actualInvalid(n));
    const hasSku = input.skuId !== null && input.skuId !== undefined;
    const hasMaterial = input.materialId !== null && input.materialId !== undefined;
    if (hasSku === hasMaterial) throw badRequest(stockLineMessages.itemOne(n));
    if (hasSku && !isId(input.skuId)) throw badRequest(stockLineMessages.skuNotFound(n));
    if (hasMaterial && !isId(input.materialId)) throw badRequest(stockLineMessages.materialNotFound(n));
    const shelf = input.shelfId ?? null;
    if (shelf !== null && !isId(shelf)) throw badRequest(stockLineMessages.shelfInvalid(n));
    const cost = input.unitCostFen ?? null;
    if (cost !== null && !(Number.isInteger(cost) && cost >= 0 && cost <= STOCK_UNIT_COST_MAX_FEN)) throw badRequest(stockLineMessages.unitCostInvalid(n));
    const leg = input.leg ?? '';
    if (leg !== '' && leg !== 'in' && leg !== 'out') throw badRequest(StockDocMessages.bizTypeInvalid);
    const boxNo = (input.boxNo ?? '').trim();
    if (boxNo.length > STOCK_DOC_BOX_NO_MAX) throw badRequest(`第${n}行：箱号最多${STOCK_DOC_BOX_NO_MAX}个字`);
    const remark = (input.remark ?? '').trim();
    if (remark.length > STOCK_DOC_REMARK_MAX) throw badRequest(`第${n}行：${StockDocMessages.remarkTooLong}`);
    const sourceLine = isId(input.sourceLineId) ? input.sourceLineId : null;
    const price = input.unitPriceFen ?? null;
    if (price !== null && !(Number.isInteger(price) && price >= 0 && price <= STOCK_UNIT_COST_MAX_FEN)) throw badRequest(stockLineMessages.unitCostInvalid(n));
    // lines made from a source's lines may repeat an item (two orders of one SKU): their source line tells them apart
    const key = `${leg}:${input.skuId ?? 0}:${input.materialId ?? 0}:${shelf ?? 0}:${sourceLine ?? 0}`;
    if (seen.has(key)) throw badRequest(StockDocMessages.duplicateLine(n));
    seen.add(key);
    return {
      leg,
      sku_id: hasSku ? input.skuId! : null,
      material_id: hasMaterial ? input.materialId! : null,
      shelf_id: shelf,
      quantity: input.quantity,
      actual_quantity: actual,
      unit_cost_fen: cost,
      box_no: boxNo,
      remark,
      ...(sourceLine !== null || price !== null ? { unit_price_fen: price, source_line_id: sourceLine } : {}),
    };
  });
}

/** The distinct SKUs, materials and shelves the lines name. */
function lineRefIds(lines: readonly LineValues[]) {
  const ids = (pick: (l: LineValues) => number | null) => [...new Set(lines.map(pick).filter(isId))];
  return { skuIds: ids((l) => l.sku_id), materialIds: ids((l) => l.material_id), shelfIds: ids((l) => l.shelf_id) };
}

/**
 * What checkLineRefs checks that the lines' foreign keys do not, as a condition of the statement
 * that writes them: every shelf belongs to `shelfWarehouseId`. SKUs and materials are the foreign
 * keys' to refuse (23503, see LINE_REF_KEYS): a second lookup of each would double the database's
 * work on every creation. Null when there is nothing to add. A creation writes only when it holds,
 * and asks checkLineRefs which line is wrong only when it did not (no read of its own).
 */
export function lineRefsHold(lines: readonly LineValues[], shelfWarehouseId: number): RawBuilder<boolean> | null {
  const { shelfIds } = lineRefIds(lines);
  if (!shelfIds.length) return null;
  return sql<boolean>`((SELECT count(*) FROM shelves WHERE id = ANY(${shelfIds}::bigint[]) AND warehouse_id = ${shelfWarehouseId}) = ${shelfIds.length})`;
}

/** The lines' foreign keys whose refusal checkLineRefs turns into the line's own message. */
export const LINE_REF_KEYS: ReadonlySet<string> = new Set(['stock_doc_lines_sku_id_fkey', 'stock_doc_lines_material_id_fkey', 'stock_doc_lines_shelf_id_fkey']);

/** Items exist; shelves exist and belong to `warehouseId` (the side the shelf names). */
export async function checkLineRefs(trx: Db, lines: readonly LineValues[], shelfWarehouseId: number): Promise<void> {
  const { skuIds, materialIds, shelfIds } = lineRefIds(lines);
  const skus = new Set(skuIds.length ? (await trx.selectFrom('skus').select('id').where('id', 'in', skuIds).execute()).map((r) => r.id) : []);
  const materials = new Set(materialIds.length ? (await trx.selectFrom('materials').select('id').where('id', 'in', materialIds).execute()).map((r) => r.id) : []);
  const shelves = new Map(
    shelfIds.length ? (await trx.selectFrom('shelves').select(['id', 'warehouse_id', 'code']).where('id', 'in', shelfIds).execute()).map((r) => [r.id, r]) : [],
  );
  lines.forEach((l, i) => {
    const n = i + 1;
    if (l.sku_id && !skus.has(l.sku_id)) throw badRequest(stockLineMessages.skuNotFound(n));
    if (l.material_id && !materials.has(l.material_id)) throw badRequest(stockLineMessages.materialNotFound(n));
    if (l.shelf_id) {
      const shelf = shelves.get(l.shelf_id);
      if (!shelf) throw badRequest(stockLineMessages.shelfNotFound(n));
      if (shelf.warehouse_id !== shelfWarehouseId) throw badRequest(`第${n}行：货架“${shelf.code}”不属于本单仓库`);
    }
  });
}

/** Conditions that must all hold for the writing statement to write. */
export function allHold(conditions: readonly (RawBuilder<boolean> | null)[]): RawBuilder<boolean> | null {
  const present = conditions.filter((c): c is RawBuilder<boolean> => c !== null);
  return present.length ? sql<boolean>`(${sql.join(present, sql` AND `)})` : null;
}

/**
 * warehouseInScope, and not the virtual transit one, handed to the statement that writes as its
 * condition (KindSpec.header's defer) instead of read now; answers the id.
 */
export function deferWarehouseInScope(trx: Db, scope: WarehouseScope, id: number | null | undefined, defer: DeferCheck): number {
  if (!isId(id)) throw badRequest(StockDocMessages.warehouseRequired);
  defer(usableWarehouse(trx, scope)({ id }) as RawBuilder<boolean>);
  return id;
}

// the condition's text per data scope, built once (it is part of every creation)
const usableWarehouses = new Map<string, (values: { id: unknown }) => RawBuilder<unknown>>();
function usableWarehouse(trx: Db, scope: WarehouseScope) {
  const key = JSON.stringify(scope);
  let condition = usableWarehouses.get(key);
  if (!condition) {
    if (usableWarehouses.size >= 1000) usableWarehouses.clear();
    condition = precompiled<'id'>(
      trx,
      (mark) =>
        sql<boolean>`EXISTS (${trx
          .selectFrom('warehouses')
          .select(sql<number>`1`.as('one'))
          .where('warehouses.id', '=', mark('id') as number)
          .where('warehouses.enabled', '=', true)
          .where('warehouses.type', '<>', 'transit')
          .where((eb) => warehousesInScope(eb, scope))})`,
    );
    usableWarehouses.set(key, condition);
  }
  return condition;
}

/** A warehouse the caller may use (404 outside the scope, like a missing one). */
export async function warehouseInScope(trx: Db, scope: WarehouseScope, id: number | null | undefined, missing: string = StockDocMessages.warehouseRequired) {
  if (!isId(id)) throw badRequest(missing);
  const row = await trx
    .selectFrom('warehouses')
    .select(['warehouses.id', 'warehouses.name', 'warehouses.type', 'warehouses.shop_id', 'warehouses.enabled'])
    .where('warehouses.id', '=', id)
    .where((eb) => warehousesInScope(eb, scope))
    .executeTakeFirst();
  if (!row) throw notFound(StockDocMessages.warehouseNotFound);
  if (!row.enabled) throw badRequest(stockWarehouseDisabled(row.name));
  return row;
}
