import {
  ALLOCATION_ORDERS_MAX,
  ALLOCATION_TARGET_RATE_DEFAULT,
  allocate,
  AllocationMessages as M,
  type AllocateInput,
  type AllocateResult,
  type AllocationDemand,
  PURCHASE_SOURCES,
  type ReleaseResult,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, forbidden } from '../../http/app-error.ts';
import type { GoodsReceived } from '../../kernel/documents/receipt-listeners.ts';
import { agentLevelRanks } from '../parties/agents.service.ts';
import { purchaseLineIdsBySku } from '../purchasing/purchase-order-read.service.ts';
import { runCountsByIds } from '../product-master/size-runs.service.ts';
import { lockedQuantitiesOfSkus } from '../stock/stock-read.service.ts';
import { linesOfSourceLines } from '../stock-docs/stock-docs.service.ts';
import { lockWarehouseForAllocation } from '../warehouses/warehouses.service.ts';
import * as repo from './allocation.repo.ts';
import type { SalesOrderContext } from './sales-orders-read.service.ts';

// 配货 (issue 17, "Allocation and shipping"): HQ sets stock of one of its warehouses aside for
// audited orders, by the shared rule (priority by agent level, then submission time; a style-colour
// filled in proportion to the target rate or not at all), as rows of the allocation ledger. One
// 配货 per warehouse at a time (the warehouse's row lock): two runs never hand out the same pieces,
// and what a run finds is the warehouse's stock less what earlier runs set aside and did not ship.

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
/** Orders served after every agent level: HQ's own and franchise shops ordering for themselves. */
const PRIORITY_WITHOUT_LEVEL = 1_000;
const PRIORITY_WITHOUT_AGENT = 2_000;
export const SALES_SOURCE = 'sales_order';

export function assertHq(ctx: SalesOrderContext): void {
  if (ctx.scope.kind !== 'all') throw forbidden(M.hqOnly);
}

/** The order ids named (none: all), checked. */
export function orderIdsOf(value: unknown): number[] | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every(isId)) throw badRequest(M.ordersInvalid);
  if (value.length > ALLOCATION_ORDERS_MAX) throw badRequest(M.tooManyOrders);
  return [...new Set(value)];
}

/** The HQ warehouse goods are allocated from, locked for this 配货. */
export async function lockSourceWarehouse(trx: Db, warehouseId: unknown) {
  if (warehouseId === null || warehouseId === undefined) throw badRequest(M.warehouseRequired);
  const warehouse = isId(warehouseId) ? await lockWarehouseForAllocation(trx, warehouseId) : undefined;
  if (!warehouse?.enabled) throw badRequest(M.warehouseInvalid);
  if (warehouse.type !== 'hq') throw badRequest(M.warehouseNotHq);
  return warehouse;
}

/** Pieces of each line already on a 配货出库 that has not shipped (draft or submitted), per line. */
export async function onPendingDeliveries(trx: Db, lineIds: readonly number[], warehouseId?: number): Promise<Map<number, number>> {
  const pending = new Map<number, number>();
  for (const row of await linesOfSourceLines(trx, SALES_SOURCE, lineIds)) {
    if (row.status !== 'draft' && row.status !== 'submitted') continue;
    if (warehouseId !== undefined && row.warehouse_id !== warehouseId) continue;
    pending.set(row.source_line_id!, (pending.get(row.source_line_id!) ?? 0) + row.quantity);
  }
  return pending;
}

/** 配货: allocates the warehouse's free stock to the open orders' waiting lines. */
export async function allocateStock(db: Db, ctx: SalesOrderContext, input: AllocateInput): Promise<AllocateResult> {
  assertHq(ctx);
  const rate = input.targetRatePercent ?? ALLOCATION_TARGET_RATE_DEFAULT;
  if (!Number.isInteger(rate) || rate < 0 || rate > 100) throw badRequest(M.rateInvalid);
  const orderIds = orderIdsOf(input.orderIds);
  if (input.seasonId !== null && input.seasonId !== undefined && !isId(input.seasonId)) throw badRequest(M.ordersInvalid);
  return withTransaction(db, async (trx) => {
    const warehouse = await lockSourceWarehouse(trx, input.warehouseId);
    const orders = await repo.lockOpenOrders(trx, { orderIds, seasonId: input.seasonId ?? undefined });
    if (orders.length === 0) throw badRequest(M.noOpenOrders);
    const result = await allocateIn(
      trx,
      warehouse.id,
      orders.map((o) => o.id),
      rate,
      ctx.userId,
    );
    const names = await repo.groupNames(
      trx,
      result.skipped.map((s) => s.orderId),
    );
    return {
      orderCount: new Set(result.allocations.map((a) => a.orderId)).size,
      lineCount: result.allocations.length,
      pieces: result.allocations.reduce((sum, a) => sum + a.quantity, 0),
      skipped: result.skipped.map((s) => ({
        orderNo: names.orders.get(s.orderId) ?? '',
        styleNo: names.styles.get(s.styleId) ?? '',
        colourName: s.colourKey,
        ratePercent: Math.floor(s.rateBp / 100),
      })),
    };
  });
}

/**
 * The rule applied inside the caller's transaction, the warehouse and the orders locked already:
 * the orders' waiting lines get the warehouse's stock less what is set aside, and the ledger its rows.
 */
export async function allocateIn(
  trx: Db,
  warehouseId: number,
  orderIds: readonly number[],
  ratePercent: number,
  userId: number,
  /** where a SKU's goods come from (default: the warehouse's stock) */
  sourceOf: (skuId: number) => { source: 'stock' | 'purchase'; sourceLineId: number | null } = () => ({ source: 'stock', sourceLineId: null }),
) {
  const lines = await repo.waitingLines(trx, orderIds);
  const skuIds = [...new Set(lines.map((l) => l.sku_id))];
  const stock = await lockedQuantitiesOfSkus(trx, warehouseId, skuIds);
  const setAside = await repo.allocatedInWarehouse(trx, warehouseId, skuIds);
  const ranks = await agentLevelRanks(trx, [...new Set(lines.map((l) => l.agent_id).filter(isId))]);
  // a colour entered in whole runs (整手) is sent in whole runs of that 配码
  const runs = await runCountsByIds(trx, [...new Set(lines.map((l) => l.size_run_id).filter(isId))]);
  const supply = new Map(skuIds.map((id) => [id, Math.max(0, (stock.get(id) ?? 0) - (setAside.get(id) ?? 0))]));
  const demands: AllocationDemand[] = lines.map((l) => ({
    orderId: l.order_id,
    lineId: l.id,
    priority: l.agent_id === null ? PRIORITY_WITHOUT_AGENT : (ranks.get(l.agent_id) ?? PRIORITY_WITHOUT_LEVEL),
    orderedAt: l.submitted_at ? new Date(l.submitted_at).toISOString() : '',
    styleId: l.product_id,
    colourKey: l.colour_name,
    skuId: l.sku_id,
    sizeName: l.size_name,
    outstanding: Number(l.outstanding),
    run: l.size_run_id === null ? null : (runs.get(l.size_run_id) ?? null),
  }));
  const result = allocate(demands, supply, { targetRateBp: ratePercent * 100 });
  await repo.applyMoves(
    trx,
    result.allocations.map((a) => ({
      orderId: a.orderId,
      lineId: a.lineId,
      skuId: a.skuId,
      warehouseId,
      ...sourceOf(a.skuId),
      move: 'allocate' as const,
      allocated: a.quantity,
      shipped: 0,
      docId: null,
    })),
    userId,
  );
  return result;
}

/**
 * 期货 allocated when goods arrive (issue 17): a posted receipt into an HQ warehouse serves the
 * pre-orders waiting for the SKUs it brought, by the same rule and the default 配码完整率, inside
 * the receipt's transaction. A short receipt serves what came; what is still missing waits for
 * the next receipt, which allocates again by the same rule.
 */
export async function allocatePreordersOnReceipt(trx: Db, event: GoodsReceived): Promise<void> {
  const waiting = await repo.preordersWaitingFor(trx, event.skuIds);
  if (waiting.length === 0) return;
  const warehouse = await lockWarehouseForAllocation(trx, event.warehouseId);
  if (!warehouse?.enabled || warehouse.type !== 'hq') return;
  const orders = await repo.lockOpenOrders(trx, { orderIds: waiting });
  if (orders.length === 0) return;
  // goods of a purchase order's receipt are recorded against its lines (采购在单 → 到货)
  const purchaseLines = event.sourceType === PURCHASE_SOURCES.order && event.sourceId !== null ? await purchaseLineIdsBySku(trx, event.sourceId) : new Map<number, number>();
  const received = new Set(event.skuIds);
  await allocateIn(
    trx,
    warehouse.id,
    orders.map((o) => o.id),
    ALLOCATION_TARGET_RATE_DEFAULT,
    event.userId,
    (skuId) => (received.has(skuId) && purchaseLines.has(skuId) ? { source: 'purchase', sourceLineId: purchaseLines.get(skuId)! } : { source: 'stock', sourceLineId: null }),
  );
}

/**
 * Gives back what the orders' lines hold and no 配货出库 carries yet (inside the caller's
 * transaction, the orders locked): 释放 on the page, and what closing an order does.
 */
export async function releaseFree(trx: Db, orderIds: readonly number[], userId: number): Promise<number> {
  const lineIds = await repo.lineIdsOf(trx, orderIds);
  const open = await repo.openAllocations(trx, lineIds);
  const pending = await onPendingDeliveries(
    trx,
    open.map((a) => a.order_line_id),
  );
  const moves: repo.AllocationMove[] = [];
  for (const a of open) {
    // pieces on a pending 配货出库 stay with it: they leave when it ships, or come back when it is voided
    const carried = Math.min(a.allocated, pending.get(a.order_line_id) ?? 0);
    pending.set(a.order_line_id, (pending.get(a.order_line_id) ?? 0) - carried);
    const free = a.allocated - carried;
    if (free <= 0) continue;
    moves.push({
      orderId: a.order_id,
      lineId: a.order_line_id,
      skuId: a.sku_id,
      warehouseId: a.warehouse_id,
      source: a.source,
      move: 'release',
      allocated: -free,
      shipped: 0,
      docId: null,
    });
  }
  await repo.applyMoves(trx, moves, userId);
  return moves.reduce((sum, m) => sum - m.allocated, 0);
}

/** 释放: the orders' allocations no 配货出库 carries go back to the warehouse's free stock. */
export async function releaseAllocations(db: Db, ctx: SalesOrderContext, input: { orderIds?: number[] | null }): Promise<ReleaseResult> {
  assertHq(ctx);
  const orderIds = orderIdsOf(input.orderIds);
  if (!orderIds || orderIds.length === 0) throw badRequest(M.ordersInvalid);
  return withTransaction(db, async (trx) => {
    const orders = await repo.lockOpenOrders(trx, { orderIds });
    const pieces = await releaseFree(
      trx,
      orders.map((o) => o.id),
      ctx.userId,
    );
    if (pieces === 0) throw badRequest(M.nothingToRelease);
    return { orderCount: orders.length, pieces };
  });
}
