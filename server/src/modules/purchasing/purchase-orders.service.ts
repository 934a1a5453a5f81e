import {
  isCalendarDay,
  PURCHASE_LINES_MAX,
  PURCHASE_ORDER_PREFIX,
  PURCHASE_PRICE_MAX_FEN,
  PURCHASE_QUANTITY_MAX,
  PURCHASE_REASON_MAX,
  PURCHASE_REMARK_MAX,
  PURCHASE_TOLERANCE_MAX,
  purchaseOrderActionRefused,
  PurchaseMessages,
  PURCHASE_ORDER_MACHINE,
  type PurchaseOrderAction,
  type PurchaseOrderReceiptAction,
  type PurchaseOrderDetail,
  type PurchaseOrderInput,
  type PurchaseOrderStatus,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict } from '../../http/app-error.ts';
import { warehouseInScope } from '../stock-docs/doc-lines.ts';
import { nextDocNo } from '../../kernel/documents/numbering.ts';
import { withTransaction } from '../../db/transaction.ts';
import { lockForAction as lockDocument, transition, type DocumentDefinition } from '../../kernel/documents/transition.ts';
import { orderDetail, type PurchaseContext } from './purchase-order-read.service.ts';
import { findOrder } from './purchase-order-read.repo.ts';
import * as repo from './purchase-orders.repo.ts';

// 采购订单: checking the form, numbering, the status machine (under the order row's lock) and the
// supplier's confirmation. Receiving lives in purchase-receive.service.ts.

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** A real calendar day yyyy-mm-dd (2026-02-30 is refused), else null. */
export function validDay(value: unknown): string | null {
  return isCalendarDay(value) ? value : null;
}

/** The warehouse an order receives into: in the caller's scope, enabled, not the virtual transit one. */
export async function receivingWarehouse(trx: Db, ctx: PurchaseContext, id: unknown): Promise<number> {
  if (!isId(id)) throw badRequest(PurchaseMessages.warehouseRequired);
  const warehouse = await warehouseInScope(trx, ctx.scope, id, PurchaseMessages.warehouseRequired).catch((error: unknown) => {
    // outside the scope reads like a missing warehouse
    throw error instanceof AppError && error.status === 404 ? badRequest(PurchaseMessages.warehouseInvalid) : error;
  });
  if (warehouse.type === 'transit') throw badRequest(PurchaseMessages.warehouseInvalid);
  return warehouse.id;
}

async function checkedInput(trx: Db, ctx: PurchaseContext, input: PurchaseOrderInput) {
  if (input.supplierId === null || input.supplierId === undefined) throw badRequest(PurchaseMessages.supplierRequired);
  const supplier = isId(input.supplierId) ? await repo.supplierRow(trx, input.supplierId) : undefined;
  if (!supplier) throw badRequest(PurchaseMessages.supplierNotFound);
  if (!supplier.enabled) throw badRequest(PurchaseMessages.supplierDisabled);
  const warehouseId = await receivingWarehouse(trx, ctx, input.warehouseId);
  if (!input.expectedDate) throw badRequest(PurchaseMessages.expectedDateRequired);
  const expectedDate = validDay(input.expectedDate);
  if (!expectedDate) throw badRequest(PurchaseMessages.dateInvalid);
  const tolerance = input.tolerancePercent ?? 0;
  if (!isInt(tolerance, 0, PURCHASE_TOLERANCE_MAX)) throw badRequest(PurchaseMessages.toleranceInvalid);
  const remark = (input.remark ?? '').trim();
  if (remark.length > PURCHASE_REMARK_MAX) throw badRequest(PurchaseMessages.remarkTooLong);
  const inputs = Array.isArray(input.lines) ? input.lines : [];
  if (inputs.length === 0) throw badRequest(PurchaseMessages.noLines);
  if (inputs.length > PURCHASE_LINES_MAX) throw badRequest(PurchaseMessages.tooManyLines);
  const seen = new Set<number>();
  const lines: repo.OrderLineValues[] = inputs.map((l, i) => {
    const n = i + 1;
    if (l.skuId === null || l.skuId === undefined) throw badRequest(PurchaseMessages.skuRequired(n));
    if (!isId(l.skuId)) throw badRequest(PurchaseMessages.skuNotFound(n));
    if (!isInt(l.quantity, 1, PURCHASE_QUANTITY_MAX)) throw badRequest(PurchaseMessages.quantityInvalid(n));
    if (!isInt(l.unitPriceFen, 0, PURCHASE_PRICE_MAX_FEN)) throw badRequest(PurchaseMessages.priceInvalid(n));
    const lineRemark = (l.remark ?? '').trim();
    if (lineRemark.length > PURCHASE_REMARK_MAX) throw badRequest(`第${n}行：${PurchaseMessages.remarkTooLong}`);
    if (seen.has(l.skuId)) throw badRequest(PurchaseMessages.duplicateSku(n));
    seen.add(l.skuId);
    return { sku_id: l.skuId, quantity: l.quantity, unit_price_fen: l.unitPriceFen, remark: lineRemark };
  });
  const skus = new Map((await repo.skuStates(trx, [...seen])).map((s) => [s.id, s]));
  lines.forEach((l, i) => {
    const sku = skus.get(l.sku_id);
    if (!sku) throw badRequest(PurchaseMessages.skuNotFound(i + 1));
    if (sku.status !== 'active' || sku.product_status !== 'on_sale') throw badRequest(PurchaseMessages.skuDisabled(i + 1, sku.barcode));
  });
  const header: repo.OrderHeaderValues = { supplier_id: supplier.id, warehouse_id: warehouseId, expected_date: expectedDate, tolerance_percent: tolerance, remark };
  return { header, lines };
}

export async function createOrder(db: Db, ctx: PurchaseContext, input: PurchaseOrderInput): Promise<PurchaseOrderDetail> {
  return withTransaction(db, async (trx) => {
    const { header, lines } = await checkedInput(trx, ctx, input);
    const orderNo = await nextDocNo(trx, PURCHASE_ORDER_PREFIX);
    const id = await repo.insertOrder(trx, { ...header, order_no: orderNo, created_by: ctx.userId });
    await repo.replaceLines(trx, id, lines);
    return orderDetail(trx, ctx, id);
  });
}

export type StatusAction = 'submit' | 'withdraw' | 'audit' | 'close';

/** 采购订单 as the kernel moves it: the order row's lock, the purchasing scope, the machine and stamps. */
export const PURCHASE_ORDER_DOCUMENT: DocumentDefinition<repo.OrderRow, PurchaseOrderStatus, PurchaseOrderAction | PurchaseOrderReceiptAction, PurchaseContext> = {
  type: 'purchase_order',
  machine: PURCHASE_ORDER_MACHINE,
  lock: (trx, id) => repo.lockOrder(trx, id),
  visible: async (trx, ctx, row) => ctx.purchase.kind === 'all' || !!(await findOrder(trx, row.id, ctx.purchase)),
  statusOf: (row) => row.status,
  notFound: PurchaseMessages.orderNotFound,
  refused: (row, action) => purchaseOrderActionRefused(row.order_no, row.status, action),
  save: (trx, id, values) => repo.updateOrderQuery(trx, id, values),
  stamps: {
    submit: (u) => ({ submitted_by: u, submitted_at: new Date() }),
    withdraw: () => ({ submitted_by: null, submitted_at: null }),
    audit: (u) => ({ audited_by: u, audited_at: new Date() }),
    close: (u, reason) => ({ closed_by: u, closed_at: new Date(), close_reason: reason }),
  },
};

/**
 * Locks an order in the caller's scope (404 otherwise, like a missing one) and checks the machine
 * allows the action (409 naming the order and its status otherwise). Answers the row and next status.
 */
export async function lockForAction(trx: Db, ctx: PurchaseContext, id: number, action: PurchaseOrderAction): Promise<{ order: repo.OrderRow; next: PurchaseOrderStatus }> {
  const { row, next } = await lockDocument(trx, PURCHASE_ORDER_DOCUMENT, ctx, id, action);
  return { order: row, next };
}

export async function updateOrder(db: Db, ctx: PurchaseContext, id: number, input: PurchaseOrderInput): Promise<PurchaseOrderDetail> {
  await withTransaction(db, async (trx) => {
    await lockForAction(trx, ctx, id, 'edit');
    const { header, lines } = await checkedInput(trx, ctx, input);
    await repo.updateOrder(trx, id, { ...header });
    await repo.replaceLines(trx, id, lines);
  });
  return orderDetail(db, ctx, id);
}

export async function deleteOrder(db: Db, ctx: PurchaseContext, id: number): Promise<void> {
  await withTransaction(db, async (trx) => {
    await lockForAction(trx, ctx, id, 'delete');
    await repo.deleteOrder(trx, id);
  });
}

/** submit / withdraw / audit / close: lock, check the machine, stamp, flip the status. */
export async function actOnOrder(db: Db, ctx: PurchaseContext, id: number, action: StatusAction, input: { reason?: string } = {}): Promise<PurchaseOrderDetail> {
  const reason = (input.reason ?? '').trim();
  if (reason.length > PURCHASE_REASON_MAX) throw badRequest(PurchaseMessages.reasonTooLong);
  return withTransaction(db, async (trx) => {
    await transition(trx, PURCHASE_ORDER_DOCUMENT, ctx, id, action, {
      userId: ctx.userId,
      reason,
      effects: async (order) => {
        if (action === 'submit' && order.line_count === 0) throw badRequest(PurchaseMessages.noLines);
        if (action === 'close') {
          // receipts still open would post into a closed order: they are finished or voided first
          const pending = await repo.unpostedReceiptNos(trx, id);
          if (pending.length > 0) throw conflict(PurchaseMessages.closePending(pending.join('、')));
        }
      },
    });
    return orderDetail(trx, ctx, id);
  });
}

/** 确认交期: the supplier promises a delivery day (again to change it) while the order is open. */
export async function confirmOrder(db: Db, ctx: PurchaseContext, id: number, input: { promisedDate?: string | null }): Promise<PurchaseOrderDetail> {
  await withTransaction(db, async (trx) => {
    const { order } = await lockForAction(trx, ctx, id, 'confirm');
    if (!input.promisedDate) throw badRequest(PurchaseMessages.promisedDateRequired);
    const promised = validDay(input.promisedDate);
    if (!promised) throw badRequest(PurchaseMessages.dateInvalid);
    if (promised < order.order_date) throw badRequest(PurchaseMessages.promisedDateTooEarly);
    await repo.updateOrder(trx, id, { promised_date: promised, confirmed_by: ctx.userId, confirmed_at: new Date() });
  });
  return orderDetail(db, ctx, id);
}
