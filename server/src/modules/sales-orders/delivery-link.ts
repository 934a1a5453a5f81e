import { SALES_ORDER_OPEN_STATUSES, salesOrderStatusAfterShipping, type SalesOrderStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { registerSourceHooks, type SourceEvent } from '../../kernel/documents/source-hooks.ts';
import { postEntries, reverseEntries, type EntryInput } from '../../kernel/ledgers/money.ts';
import { transition } from '../../kernel/documents/transition.ts';
import { sourceLinesOfDoc } from '../stock-docs/stock-docs.service.ts';
import { allocatePreordersOnReceipt, SALES_SOURCE } from './allocation.service.ts';
import { onGoodsReceived } from '../../kernel/documents/receipt-listeners.ts';
import * as repo from './allocation.repo.ts';
import { registerAllocationHolds } from './allocation-holds.ts';
import { recordDifferences, voidDifferences } from './delivery-differences.service.ts';
import { SALES_ORDER_DOCUMENT } from './sales-orders.service.ts';

// What a 配货出库 (a transfer made from orders, DESIGN §9: sources are hooks) does to its orders,
// inside the transfer's own transaction:
// - 发货: the pieces leave the allocation for shipped (ledger 'ship'), each order's status follows
//   its quantities, and the billed party's receivable is charged at the lines' prices (an agent for
//   its own and its shops' orders, a franchise shop under HQ for its own; HQ's direct shops are not
//   charged). No credit check here: the order's amount was checked at submission and audit, and
//   shipping turns it from committed into receivable.
// - 收货: what arrived is added to the lines' received pieces.
// - 作废 after shipping: shipped and received are taken back (ledger 'unship'; the goods return to
//   the warehouse and the lines wait for a new 配货), the orders' statuses follow, the charge is reversed.

const HQ = { userId: 0, scope: { kind: 'all' as const }, permissions: new Set<string>() };
// open orders and shipped ones (a voided 配货出库 takes a shipped order back)
const FOLLOWING: ReadonlySet<SalesOrderStatus> = new Set([...SALES_ORDER_OPEN_STATUSES, 'shipped']);

/** Each order's status from its quantities, through the kernel (an event per order that changed hands). */
async function followQuantities(trx: Db, orders: readonly { id: number; status: SalesOrderStatus }[], userId: number, reason: string): Promise<void> {
  // a closed order keeps its status: its quantities still change with a voided delivery
  const following = orders.filter((o) => FOLLOWING.has(o.status)).map((o) => o.id);
  const quantities = await repo.quantitiesOf(trx, following);
  for (const orderId of following) {
    const lines = quantities.filter((q) => q.order_id === orderId);
    await transition(trx, SALES_ORDER_DOCUMENT, { ...HQ, userId }, orderId, 'ship', {
      userId,
      reason,
      status: () => salesOrderStatusAfterShipping(lines),
    });
  }
}

async function shipped(trx: Db, event: SourceEvent): Promise<void> {
  const wanted = new Map<number, number>();
  for (const l of event.lines) if (l.sourceLineId && l.quantity > 0) wanted.set(l.sourceLineId, (wanted.get(l.sourceLineId) ?? 0) + l.quantity);
  const lines = await repo.linesWithOrders(trx, [...wanted.keys()]);
  const orderIds = [...new Set(lines.map((l) => l.order_id))];
  // the orders' rows first, in id order, as every other writer of them takes them
  const orders = await repo.lockOrders(trx, orderIds);
  await repo.applyMoves(
    trx,
    lines.map((l) => ({
      orderId: l.order_id,
      lineId: l.id,
      skuId: l.sku_id,
      warehouseId: event.document.warehouseId,
      source: 'stock' as const,
      move: 'ship' as const,
      allocated: -wanted.get(l.id)!,
      shipped: wanted.get(l.id)!,
      docId: event.document.id,
    })),
    event.userId,
  );
  await followQuantities(trx, orders, event.userId, `配货出库${event.document.docNo}发货`);
  const charges = new Map<number, EntryInput>();
  for (const l of lines) {
    if (!l.billed_type || !l.billed_id) continue;
    const q = wanted.get(l.id)!;
    const entry = charges.get(l.order_id) ?? {
      partyType: l.billed_type,
      partyId: l.billed_id,
      accountKind: 'receivable' as const,
      amountFen: 0,
      quantity: 0,
      entryType: 'sales_delivery',
      origin: { type: 'sales_order', id: l.order_id },
      memo: `订货单${l.order_no} 配货出库${event.document.docNo}`,
    };
    entry.amountFen += q * l.unit_price_fen;
    entry.quantity = (entry.quantity ?? 0) + q;
    charges.set(l.order_id, entry);
  }
  const entries = [...charges.values()].filter((e) => e.amountFen > 0);
  if (entries.length) await postEntries(trx, { document: { type: 'stock_doc', id: event.document.id }, userId: event.userId, entries });
}

async function received(trx: Db, event: SourceEvent): Promise<void> {
  const arrived = new Map<number, number>();
  for (const l of event.lines) if (l.sourceLineId) arrived.set(l.sourceLineId, (arrived.get(l.sourceLineId) ?? 0) + l.quantity);
  await repo.addReceived(trx, arrived);
  // what arrived short waits for HQ (收货差异): the charge stands until HQ confirms it
  await recordDifferences(trx, event, arrived, await repo.linesWithOrders(trx, [...arrived.keys()]));
}

async function voided(trx: Db, event: SourceEvent): Promise<void> {
  const { status, id, docNo } = event.document;
  // before shipping nothing left: the allocation stays and may go on a new 配货出库
  if (status !== 'shipped' && status !== 'posted') return;
  const docLines = await sourceLinesOfDoc(trx, id);
  const lines = await repo.linesWithOrders(
    trx,
    docLines.map((l) => l.source_line_id!),
  );
  const byId = new Map(lines.map((l) => [l.id, l]));
  const orderIds = [...new Set(lines.map((l) => l.order_id))];
  const orders = await repo.lockOrders(trx, orderIds);
  const moves: repo.AllocationMove[] = [];
  const back = new Map<number, number>();
  for (const d of docLines) {
    const line = byId.get(d.source_line_id!)!;
    moves.push({
      orderId: line.order_id,
      lineId: line.id,
      skuId: line.sku_id,
      warehouseId: event.document.warehouseId,
      source: 'stock',
      move: 'unship',
      allocated: 0,
      shipped: -d.quantity,
      docId: id,
    });
    if (status === 'posted') back.set(line.id, (back.get(line.id) ?? 0) - (d.actual_quantity ?? d.quantity));
  }
  // received first: a line's received never exceeds its shipped
  await repo.addReceived(trx, back);
  await repo.applyMoves(trx, moves, event.userId);
  await followQuantities(trx, orders, event.userId, `配货出库${docNo}作废`);
  await reverseEntries(trx, { type: 'stock_doc', id }, event.userId, { optional: true });
  await voidDifferences(trx, id);
}

/** Registers what 配货出库 made from orders do to them, the pre-orders' allocation on receipts and the hold on allocated stock (once, with the routes). */
export function registerSalesSources(): void {
  registerSourceHooks(SALES_SOURCE, { shipped, received, voided });
  onGoodsReceived('sales-preorders', allocatePreordersOnReceipt);
  registerAllocationHolds();
}
