import { quantityProblem, STOCK_QUANTITY_MAX, StockDocMessages, type QuantityRule, type StockDocDetail, type StockDocLineRecord } from '@erp/shared';

// Pure rules of the 调拨 screens: what a receipt defaults to, its differences and its request.

/** Received per line id, as typed in the receive dialog (null: left empty). */
export type ReceivedInput = Readonly<Record<number, number | null | undefined>>;

/** What the server takes as received when nothing is typed: scanned once scanning started, else shipped. */
export const defaultReceived = (doc: Pick<StockDocDetail, 'scanStarted'>, line: Pick<StockDocLineRecord, 'quantity' | 'actualQuantity'>) =>
  doc.scanStarted ? (line.actualQuantity ?? 0) : line.quantity;

/** The dialog's starting values: each line's default received quantity. */
export function initialReceived(doc: Pick<StockDocDetail, 'scanStarted' | 'lines'>): Record<number, number> {
  return Object.fromEntries(doc.lines.map((l) => [l.id, defaultReceived(doc, l)]));
}

export const receivedOf = (input: ReceivedInput, line: Pick<StockDocLineRecord, 'id'>) => input[line.id];

/** 实收 of a line: 0 to STOCK_QUANTITY_MAX, required (the server's 实际数量 wording). */
export const RECEIVED_RULE: QuantityRule = { min: 0, max: STOCK_QUANTITY_MAX, label: '实际数量', required: true };

/** The first problem of the typed quantities (第n行：…), or null: it blocks 确认收货. */
export function receivedProblem(doc: Pick<StockDocDetail, 'lines'>, input: ReceivedInput): string | null {
  for (const line of doc.lines) {
    const problem = quantityProblem(input[line.id] ?? null, RECEIVED_RULE);
    if (problem) return `第${line.lineNo}行：${problem}`;
  }
  return null;
}

// a bad typed quantity counts as nothing in the totals (it blocks the receipt anyway)
const counted = (q: number | null | undefined) => (typeof q === 'number' && Number.isFinite(q) ? q : 0);

/** Totals of the receipt: shipped, received, short (missing) and over. */
export function receiptTotals(doc: Pick<StockDocDetail, 'lines'>, input: ReceivedInput) {
  return doc.lines.reduce(
    (t, l) => {
      const q = counted(input[l.id]);
      return { shipped: t.shipped + l.quantity, received: t.received + q, short: t.short + Math.max(0, l.quantity - q), over: t.over + Math.max(0, q - l.quantity) };
    },
    { shipped: 0, received: 0, short: 0, over: 0 },
  );
}

export const receiptDiffers = (doc: Pick<StockDocDetail, 'lines'>, input: ReceivedInput) => doc.lines.some((l) => (input[l.id] ?? 0) !== l.quantity);

/** The receive request: every line's received quantity, and the reason when anything differs. */
export function receiveBody(doc: Pick<StockDocDetail, 'lines'>, input: ReceivedInput, reason: string) {
  const text = reason.trim();
  return {
    actuals: doc.lines.map((l) => ({ lineId: l.id, actualQuantity: input[l.id] ?? 0 })),
    ...(text ? { reason: text } : {}),
  };
}

/** Source and destination as the form has them: the first problem, or null. */
export function transferHeaderProblem(warehouseId: number | null | undefined, toWarehouseId: number | null | undefined): string | null {
  if (!warehouseId) return StockDocMessages.warehouseRequired;
  if (!toWarehouseId) return StockDocMessages.toWarehouseRequired;
  if (warehouseId === toWarehouseId) return StockDocMessages.sameWarehouse;
  return null;
}
