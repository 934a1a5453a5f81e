import {
  ALLOCATION_MOVE_LABELS,
  SALES_ORDER_OPEN_STATUSES,
  ALLOCATION_SOURCE_LABELS,
  SALES_ORDER_STATUS_LABELS,
  type AllocationBoardRecord,
  type SalesOrderStatus,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { assertHq, onPendingDeliveries } from './allocation.service.ts';
import * as repo from './allocation.repo.ts';
import * as read from './sales-orders-read.repo.ts';
import type { SalesOrderContext } from './sales-orders-read.service.ts';
import type { SalesOrderSort } from './sales-orders.schema.ts';

// 配货发货's reading: the orders waiting for goods with their pieces (approved, allocated, on a
// 配货出库, shipped, received, waiting), and an order's allocation ledger.

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function pageBoard(db: Db, ctx: SalesOrderContext, filter: read.OrderFilter, params: ListParams<SalesOrderSort>) {
  assertHq(ctx);
  const page = await read.pageOrders(db, ctx.scope, { ...filter, statuses: filter.status ? undefined : SALES_ORDER_OPEN_STATUSES }, params);
  const ids = page.records.map((r) => r.id);
  const [figures, lineIds] = await Promise.all([repo.figuresOf(db, ids), repo.lineIdsOf(db, ids)]);
  const pending = await onPendingDeliveries(db, lineIds);
  const lineOrder = await repo.linesWithOrders(db, [...pending.keys()]);
  const onDelivery = new Map<number, number>();
  for (const l of lineOrder) onDelivery.set(l.order_id, (onDelivery.get(l.order_id) ?? 0) + (pending.get(l.id) ?? 0));
  const byOrder = new Map(figures.map((f) => [f.order_id, f]));
  const records: AllocationBoardRecord[] = page.records.map((r) => {
    const f = byOrder.get(r.id);
    const approved = f?.approved ?? 0;
    const allocated = f?.allocated ?? 0;
    const shipped = f?.shipped ?? 0;
    return {
      orderId: r.id,
      orderNo: r.order_no,
      kind: r.kind,
      status: r.status,
      statusLabel: SALES_ORDER_STATUS_LABELS[r.status],
      seasonName: r.season_name,
      buyerName: r.buyer_name,
      shopName: r.shop_name,
      warehouseName: r.warehouse_name ?? '',
      submittedAt: iso(r.submitted_at),
      approved,
      allocated,
      onDelivery: onDelivery.get(r.id) ?? 0,
      shipped,
      received: f?.received ?? 0,
      waiting: (SALES_ORDER_OPEN_STATUSES as readonly SalesOrderStatus[]).includes(r.status) ? Math.max(0, approved - shipped - allocated) : 0,
    };
  });
  return { ...page, records };
}

/** An order's allocation ledger, newest first. */
export async function orderMoves(db: Db, ctx: SalesOrderContext, orderId: number) {
  assertHq(ctx);
  if (!(await read.findOrder(db, ctx.scope, orderId))) throw notFound('订货单不存在');
  const rows = await repo.orderMoves(db, orderId);
  return rows.map((r) => ({
    id: r.id,
    move: r.move,
    moveLabel: ALLOCATION_MOVE_LABELS[r.move],
    sourceLabel: ALLOCATION_SOURCE_LABELS[r.source],
    allocated: r.allocated,
    shipped: r.shipped,
    lineNo: r.line_no,
    colourName: r.colour_name,
    sizeName: r.size_name,
    warehouseName: r.warehouse_name,
    docId: r.doc_id,
    docNo: r.doc_no ?? '',
    userName: r.user_name ?? '',
    at: iso(r.created_at)!,
  }));
}
