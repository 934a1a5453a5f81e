import {
  PURCHASE_LINES_MAX,
  PURCHASE_PRICE_MAX_FEN,
  PURCHASE_QUANTITY_MAX,
  PURCHASE_REASON_MAX,
  PURCHASE_REFUND_PREFIX,
  PURCHASE_REFUND_STATUS_LABELS,
  PURCHASE_REMARK_MAX,
  PURCHASE_SOURCES,
  PurchaseMessages,
  purchaseRefundActionRefused,
  purchaseRefundActions,
  PURCHASE_REFUND_MACHINE,
  type PurchaseRefundAction,
  type PurchaseRefundOutboundAction,
  type PurchaseRefundDetail,
  type PurchaseRefundInput,
  type PurchaseRefundLineRecord,
  type PurchaseRefundRecord,
  type PurchaseRefundStatus,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { purchaseScope, type PurchaseScope } from './purchase-scope.ts';
import { warehouseInScope } from '../stock-docs/doc-lines.ts';
import type { DocContext } from '../stock-docs/kind-spec.ts';
import { KIND_SPECS } from '../stock-docs/doc-kinds.service.ts';
import { nextDocNo } from '../../kernel/documents/numbering.ts';
import { withTransaction } from '../../db/transaction.ts';
import { lockForAction, transition, type DocumentDefinition } from '../../kernel/documents/transition.ts';
import { actOnDocIn, createDocIn, lockStockDoc } from '../stock-docs/stock-docs.service.ts';
import * as repo from './purchase-refunds.repo.ts';
import { releaseRefund } from './refund-link.ts';
import type { RefundSortColumn } from './purchase-refunds.schema.ts';

// 采购退货: a draft names the supplier, the warehouse the goods leave from and the lines (from an
// order's received lines at the order's prices, or free lines with prices). Auditing commits the
// quantities against the order and makes a submitted purchase_refund outbound; the warehouse posts
// it (refund-link.ts completes the refund then). Voiding an audited refund voids its outbound.

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toRecord(row: repo.RefundHeaderRow): PurchaseRefundRecord {
  return {
    id: row.id,
    refundNo: row.refund_no,
    supplierId: row.supplier_id,
    supplierCode: row.supplier_code,
    supplierName: row.supplier_name,
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    purchaseOrderId: row.purchase_order_id,
    orderNo: row.order_no ?? '',
    status: row.status,
    statusLabel: PURCHASE_REFUND_STATUS_LABELS[row.status],
    reason: row.reason,
    remark: row.remark,
    lineCount: row.line_count,
    totalQuantity: row.total_quantity,
    totalAmountFen: Number(row.total_amount_fen),
    returnedQuantity: row.returned_quantity,
    outboundId: row.outbound_id,
    outboundNo: row.outbound_no ?? '',
    createdByName: row.created_by_name ?? '',
    createdAt: iso(row.created_at)!,
    auditedByName: row.audited_by_name ?? '',
    auditedAt: iso(row.audited_at),
    doneAt: iso(row.done_at),
    voidedAt: iso(row.voided_at),
    actions: purchaseRefundActions(row.status),
  };
}

function toLineRecord(row: repo.RefundLineRow): PurchaseRefundLineRecord {
  return {
    id: row.id,
    lineNo: row.line_no,
    orderLineId: row.order_line_id,
    skuId: row.sku_id,
    productId: row.product_id,
    styleNo: row.style_no,
    productName: row.product_name,
    colourName: row.colour_name ?? '',
    sizeName: row.size_name ?? '',
    barcode: row.barcode,
    quantity: row.quantity,
    unitPriceFen: row.unit_price_fen,
    amountFen: row.quantity * row.unit_price_fen,
    returnedQuantity: row.returned_quantity,
    remark: row.remark,
  };
}

export async function pageRefunds(db: Db, scope: PurchaseScope, filter: repo.RefundFilter, params: ListParams<RefundSortColumn>) {
  const page = await repo.pageRefunds(db, scope, filter, params);
  return { records: page.records.map(toRecord), total: page.total };
}

/** The refund with this exact number if the scope may read it, else null (a foreign refund is not found either). */
export async function findRefundByNo(db: Db, scope: PurchaseScope, refundNo: string) {
  const row = await repo.findRefundByNo(db, scope, refundNo);
  return row ? { id: row.id, refundNo: row.refund_no, status: row.status, statusLabel: PURCHASE_REFUND_STATUS_LABELS[row.status] } : null;
}

export async function refundDetail(db: Db, scope: PurchaseScope, id: number): Promise<PurchaseRefundDetail> {
  const header = await repo.findRefund(db, scope, id);
  if (!header) throw notFound(PurchaseMessages.refundNotFound);
  return { ...toRecord(header), lines: (await repo.findRefundLines(db, id)).map(toLineRecord) };
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isIntIn = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** 采购退货 as the kernel moves it: the refund row's lock, the purchasing scope, the machine and stamps. */
export const PURCHASE_REFUND_DOCUMENT: DocumentDefinition<repo.RefundRow, PurchaseRefundStatus, PurchaseRefundAction | PurchaseRefundOutboundAction, DocContext> = {
  type: 'purchase_refund',
  machine: PURCHASE_REFUND_MACHINE,
  lock: (trx, id) => repo.lockRefund(trx, id, { kind: 'all' }),
  visible: async (trx, ctx, row) => {
    const scope = purchaseScope(ctx.scope);
    return scope.kind === 'all' || !!(await repo.findRefund(trx, scope, row.id));
  },
  statusOf: (row) => row.status,
  notFound: PurchaseMessages.refundNotFound,
  refused: (row, action) => purchaseRefundActionRefused(row.refund_no, row.status, action),
  save: (trx, id, values) => repo.updateRefundQuery(trx, id, values),
  stamps: {
    audit: (u) => ({ audited_by: u, audited_at: new Date() }),
    void: (u) => ({ voided_by: u, voided_at: new Date() }),
    outbound_post: () => ({ done_at: new Date() }),
    outbound_void: (u) => ({ voided_by: u, voided_at: new Date() }),
  },
};

const ORDER_REFUNDABLE = new Set(['audited', 'partly_received', 'received', 'closed']);

/** Checks and normalises a draft: header, lines, prices (an order's lines take the order's price). */
async function shapeRefund(trx: Db, ctx: DocContext, input: PurchaseRefundInput): Promise<{ header: repo.RefundHeaderValues; lines: repo.RefundLineValues[] }> {
  if (!isId(input.supplierId)) throw badRequest(PurchaseMessages.supplierRequired);
  const supplier = await repo.supplierById(trx, input.supplierId);
  if (!supplier) throw badRequest(PurchaseMessages.supplierNotFound);
  const warehouse = await warehouseInScope(trx, ctx.scope, input.warehouseId, PurchaseMessages.refundWarehouseRequired);
  if (warehouse.type === 'transit') throw badRequest(PurchaseMessages.refundWarehouseTransit);
  const reason = (input.reason ?? '').trim();
  if (!reason) throw badRequest(PurchaseMessages.reasonRequired);
  if (reason.length > PURCHASE_REASON_MAX) throw badRequest(PurchaseMessages.reasonTooLong);
  const remark = (input.remark ?? '').trim();
  if (remark.length > PURCHASE_REMARK_MAX) throw badRequest(PurchaseMessages.remarkTooLong);
  const inputs = Array.isArray(input.lines) ? input.lines : [];
  if (inputs.length === 0) throw badRequest(PurchaseMessages.noLines);
  if (inputs.length > PURCHASE_LINES_MAX) throw badRequest(PurchaseMessages.tooManyLines);

  const orderId = input.purchaseOrderId ?? null;
  let orderLines: Map<number, Awaited<ReturnType<typeof repo.orderLines>>[number]> | null = null;
  if (orderId !== null) {
    const order = isId(orderId) ? await repo.orderById(trx, orderId) : undefined;
    if (!order) throw badRequest(PurchaseMessages.orderNotFound);
    if (order.supplier_id !== supplier.id) throw badRequest(PurchaseMessages.refundOrderSupplier);
    if (!ORDER_REFUNDABLE.has(order.status) || order.received_quantity <= 0) throw badRequest(PurchaseMessages.refundOrderNotReceived);
    orderLines = new Map((await repo.orderLines(trx, order.id)).map((l) => [l.id, l]));
  }

  const seen = new Set<number>();
  const lines: repo.RefundLineValues[] = [];
  const free: { n: number; skuId: number }[] = [];
  inputs.forEach((line, i) => {
    const n = i + 1;
    if (!isIntIn(line.quantity, 1, PURCHASE_QUANTITY_MAX)) throw badRequest(PurchaseMessages.quantityInvalid(n));
    const lineRemark = (line.remark ?? '').trim();
    if (lineRemark.length > PURCHASE_REMARK_MAX) throw badRequest(`第${n}行：${PurchaseMessages.remarkTooLong}`);
    let skuId: number;
    let price: number;
    let orderLineId: number | null = null;
    if (orderLines) {
      const orderLine = isId(line.orderLineId) ? orderLines.get(line.orderLineId) : undefined;
      if (!orderLine || (line.skuId !== undefined && line.skuId !== null && line.skuId !== orderLine.sku_id)) throw badRequest(PurchaseMessages.refundLineNotOnOrder(n));
      skuId = orderLine.sku_id;
      // the order's price counts, whatever the client sent
      price = orderLine.unit_price_fen;
      orderLineId = orderLine.id;
    } else {
      if (line.orderLineId !== undefined && line.orderLineId !== null) throw badRequest(PurchaseMessages.refundLineNotOnOrder(n));
      if (!isId(line.skuId)) throw badRequest(PurchaseMessages.skuRequired(n));
      if (!isIntIn(line.unitPriceFen, 0, PURCHASE_PRICE_MAX_FEN)) throw badRequest(PurchaseMessages.priceInvalid(n));
      skuId = line.skuId;
      price = line.unitPriceFen;
      free.push({ n, skuId });
    }
    if (seen.has(skuId)) throw badRequest(PurchaseMessages.duplicateSku(n));
    seen.add(skuId);
    lines.push({ order_line_id: orderLineId, sku_id: skuId, quantity: line.quantity, unit_price_fen: price, remark: lineRemark });
  });

  if (free.length) {
    const known = new Set(
      (
        await repo.skusByIds(
          trx,
          free.map((f) => f.skuId),
        )
      ).map((s) => s.id),
    );
    const missing = free.find((f) => !known.has(f.skuId));
    if (missing) throw badRequest(PurchaseMessages.skuNotFound(missing.n));
  }
  if (orderLines) {
    // an early, friendly check; the audit re-checks under the order's lock
    for (const line of lines) {
      const orderLine = orderLines.get(line.order_line_id!)!;
      const refundable = Math.max(0, orderLine.received_quantity - orderLine.refund_quantity);
      if (line.quantity > refundable) throw badRequest(PurchaseMessages.refundOver(orderLine.barcode, refundable));
    }
  }
  return { header: { supplier_id: supplier.id, warehouse_id: warehouse.id, purchase_order_id: orderId, reason, remark }, lines };
}

export async function createRefund(db: Db, ctx: DocContext, input: PurchaseRefundInput): Promise<PurchaseRefundDetail> {
  return withTransaction(db, async (trx) => {
    const { header, lines } = await shapeRefund(trx, ctx, input);
    const refundNo = await nextDocNo(trx, PURCHASE_REFUND_PREFIX);
    const id = await repo.insertRefund(trx, { ...header, refund_no: refundNo, created_by: ctx.userId }, lines);
    return refundDetail(trx, purchaseScope(ctx.scope), id);
  });
}

export async function updateRefund(db: Db, ctx: DocContext, id: number, input: PurchaseRefundInput): Promise<PurchaseRefundDetail> {
  await withTransaction(db, async (trx) => {
    await lockForAction(trx, PURCHASE_REFUND_DOCUMENT, ctx, id, 'edit');
    const { header, lines } = await shapeRefund(trx, ctx, input);
    await repo.replaceRefund(trx, id, header, lines);
  });
  return refundDetail(db, purchaseScope(ctx.scope), id);
}

export async function deleteRefund(db: Db, ctx: DocContext, id: number): Promise<void> {
  await withTransaction(db, async (trx) => {
    await lockForAction(trx, PURCHASE_REFUND_DOCUMENT, ctx, id, 'delete');
    await repo.deleteRefund(trx, id);
  });
}

/**
 * 审核: under the refund's and then the order's lock, each order line's refund counter takes the
 * quantity (never past what was received); then the outbound is made and submitted for the
 * warehouse, all in one transaction.
 */
export async function auditRefund(db: Db, ctx: DocContext, id: number): Promise<PurchaseRefundDetail> {
  return withTransaction(db, async (trx) => {
    await transition(trx, PURCHASE_REFUND_DOCUMENT, ctx, id, 'audit', {
      userId: ctx.userId,
      effects: async (refund) => {
        const lines = await repo.refundLinesForUpdate(trx, id);
        if (refund.purchase_order_id !== null) {
          await repo.lockOrder(trx, refund.purchase_order_id);
          const orderLines = new Map((await repo.orderLines(trx, refund.purchase_order_id)).map((l) => [l.id, l]));
          for (const line of lines) {
            const orderLine = orderLines.get(line.order_line_id!);
            const refundable = orderLine ? Math.max(0, orderLine.received_quantity - orderLine.refund_quantity) : 0;
            if (line.quantity > refundable) throw badRequest(PurchaseMessages.refundOver(line.barcode, refundable));
          }
          for (const line of lines) await repo.shiftOrderLine(trx, line.order_line_id!, { refund: line.quantity, returned: 0 });
        }
        const outbound = KIND_SPECS.outbound!;
        const outboundId = await createDocIn(trx, outbound, ctx, {
          header: {
            bizType: PURCHASE_SOURCES.refund,
            warehouseId: refund.warehouse_id,
            supplierId: refund.supplier_id,
            sourceType: PURCHASE_SOURCES.refund,
            sourceId: refund.id,
            sourceNo: refund.refund_no,
            remark: refund.reason,
          },
          lines: lines.map((l) => ({ skuId: l.sku_id, quantity: l.quantity, unitCostFen: l.unit_price_fen })),
        });
        await actOnDocIn(trx, outbound, ctx, outboundId, 'submit');
        await repo.updateRefund(trx, id, { outbound_id: outboundId });
      },
    });
    return refundDetail(trx, purchaseScope(ctx.scope), id);
  });
}

/**
 * 作废 (audited only): the outbound is locked before the refund — the order a concurrent outbound
 * post takes — then the refund turns void, the order's refund counters are released, and the
 * outbound is voided (its hook finds the refund void already and leaves it).
 */
export async function voidRefund(db: Db, ctx: DocContext, id: number, reason: string | undefined): Promise<PurchaseRefundDetail> {
  return withTransaction(db, async (trx) => {
    const peek = await repo.peekRefund(trx, id, purchaseScope(ctx.scope));
    if (!peek) throw notFound(PurchaseMessages.refundNotFound);
    if (peek.outbound_id !== null) await lockStockDoc(trx, peek.outbound_id);
    await transition(trx, PURCHASE_REFUND_DOCUMENT, ctx, id, 'void', {
      userId: ctx.userId,
      reason,
      effects: async (refund) => {
        // audited between the peek and the lock: its outbound was not locked first
        if (refund.outbound_id !== peek.outbound_id) throw conflict(PurchaseMessages.refundChanged);
        await repo.updateRefund(trx, id, { status: 'void' });
        await releaseRefund(trx, refund);
        if (refund.outbound_id !== null) await actOnDocIn(trx, KIND_SPECS.outbound!, ctx, refund.outbound_id, 'void', { reason });
      },
    });
    return refundDetail(trx, purchaseScope(ctx.scope), id);
  });
}
