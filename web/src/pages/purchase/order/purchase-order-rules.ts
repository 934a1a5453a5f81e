import {
  PURCHASE_LINES_MAX,
  PURCHASE_ORDER_ACTION_CODES,
  PURCHASE_PRICE_MAX_FEN,
  PURCHASE_QUANTITY_MAX,
  PurchaseMessages,
  quantityProblem,
  type QuantityRule,
  type PermissionCode,
  type PurchaseOrderAction,
  type PurchaseOrderDetail,
  type PurchaseOrderLineInput,
  type PurchaseOrderLineRecord,
  type PurchaseReceiveInput,
} from '@erp/shared';
import type { PickedSku, SizeGrid } from '../../../ui/document/lines-rules.ts';

// Pure rules of the purchase order screens: editor lines by style, totals, the checks the server
// makes (same messages), the 收货 quantities and the actions a user is offered.

/** One order line being entered. */
export interface OrderEditorLine extends PickedSku {
  /** as typed: null when empty, NaN when no number (QuantityInput) */
  quantity: number | null;
  unitPriceFen: number;
  remark: string;
}

/** A line's quantity: 1 to PURCHASE_QUANTITY_MAX pieces, required. */
export const ORDER_QUANTITY_RULE: QuantityRule = { min: 1, max: PURCHASE_QUANTITY_MAX, required: true };

/**
 * The grid's SKUs with a quantity added to the lines: a SKU already there gets the quantity added
 * (its price stays); new SKUs take `unitPriceFen` (the style's price). New styles go to the end.
 */
export function addGridLines(lines: readonly OrderEditorLine[], skus: readonly PickedSku[], grid: SizeGrid, unitPriceFen: number): OrderEditorLine[] {
  const next = [...lines];
  for (const sku of skus) {
    const quantity = grid[sku.skuId];
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0) continue;
    const at = next.findIndex((l) => l.skuId === sku.skuId);
    // never capped: a sum past the limit shows red on its line
    if (at >= 0) next[at] = { ...next[at]!, quantity: (next[at]!.quantity ?? 0) + quantity };
    else next.push({ ...sku, quantity, unitPriceFen, remark: '' });
  }
  // keep a style's lines together (a style added twice grows where it already is)
  const order = [...new Set(next.map((l) => l.styleNo))];
  return order.flatMap((style) => next.filter((l) => l.styleNo === style));
}

/** The price a newly added style starts with: its price already on the order, else the product's cost price. */
export function stylePrice(lines: readonly OrderEditorLine[], styleNo: string, costPriceFen: number | null | undefined): number {
  return lines.find((l) => l.styleNo === styleNo)?.unitPriceFen ?? costPriceFen ?? 0;
}

export function updateOrderLine(
  lines: readonly OrderEditorLine[],
  skuId: number,
  patch: Partial<Pick<OrderEditorLine, 'quantity' | 'unitPriceFen' | 'remark'>>,
): OrderEditorLine[] {
  return lines.map((l) => (l.skuId === skuId ? { ...l, ...patch } : l));
}

/** One price for every line of a style. */
export function setStylePrice(lines: readonly OrderEditorLine[], styleNo: string, unitPriceFen: number): OrderEditorLine[] {
  return lines.map((l) => (l.styleNo === styleNo ? { ...l, unitPriceFen } : l));
}

export function removeOrderLine(lines: readonly OrderEditorLine[], skuId: number): OrderEditorLine[] {
  return lines.filter((l) => l.skuId !== skuId);
}

export function removeStyle(lines: readonly OrderEditorLine[], styleNo: string): OrderEditorLine[] {
  return lines.filter((l) => l.styleNo !== styleNo);
}

const validQuantity = (q: number | null): q is number => quantityProblem(q, ORDER_QUANTITY_RULE) === null;
const validPrice = (p: number) => Number.isInteger(p) && p >= 0 && p <= PURCHASE_PRICE_MAX_FEN;
export const lineAmount = (l: Pick<OrderEditorLine, 'quantity' | 'unitPriceFen'>) => (validQuantity(l.quantity) && validPrice(l.unitPriceFen) ? l.quantity * l.unitPriceFen : 0);

/** A style's lines with their subtotal. */
export interface StyleGroup {
  styleNo: string;
  productName: string;
  lines: OrderEditorLine[];
  quantity: number;
  amountFen: number;
  /** the one price of its lines, or null when they differ */
  unitPriceFen: number | null;
}

export function groupByStyle(lines: readonly OrderEditorLine[]): StyleGroup[] {
  const groups = new Map<string, StyleGroup>();
  for (const line of lines) {
    const group = groups.get(line.styleNo) ?? { styleNo: line.styleNo, productName: line.productName, lines: [], quantity: 0, amountFen: 0, unitPriceFen: line.unitPriceFen };
    group.lines.push(line);
    group.quantity += validQuantity(line.quantity) ? line.quantity : 0;
    group.amountFen += lineAmount(line);
    if (group.unitPriceFen !== line.unitPriceFen) group.unitPriceFen = null;
    groups.set(line.styleNo, group);
  }
  return [...groups.values()];
}

export function orderTotals(lines: readonly OrderEditorLine[]): { lines: number; styles: number; quantity: number; amountFen: number } {
  return {
    lines: lines.length,
    styles: new Set(lines.map((l) => l.styleNo)).size,
    quantity: lines.reduce((sum, l) => sum + (validQuantity(l.quantity) ? l.quantity : 0), 0),
    amountFen: lines.reduce((sum, l) => sum + lineAmount(l), 0),
  };
}

/** The first line whose quantity is bad, named (第n行：…), or null: it blocks saving. */
export function orderQuantitiesProblem(lines: readonly OrderEditorLine[]): string | null {
  for (const [i, line] of lines.entries()) {
    const problem = quantityProblem(line.quantity, ORDER_QUANTITY_RULE);
    if (problem) return `第${i + 1}行：${problem}`;
  }
  return null;
}

/** The first problem of the lines, in the server's words (line numbers as sent), or null. */
export function orderLinesProblem(lines: readonly OrderEditorLine[]): string | null {
  if (lines.length === 0) return PurchaseMessages.noLines;
  if (lines.length > PURCHASE_LINES_MAX) return PurchaseMessages.tooManyLines;
  const quantities = orderQuantitiesProblem(lines);
  if (quantities) return quantities;
  for (const [i, line] of lines.entries()) {
    if (!validPrice(line.unitPriceFen)) return PurchaseMessages.priceInvalid(i + 1);
  }
  return null;
}

export function toOrderLineInputs(lines: readonly OrderEditorLine[]): PurchaseOrderLineInput[] {
  return lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity ?? 0, unitPriceFen: l.unitPriceFen, ...(l.remark.trim() ? { remark: l.remark.trim() } : {}) }));
}

export function fromOrderLines(lines: readonly PurchaseOrderLineRecord[]): OrderEditorLine[] {
  return lines.map((l) => ({
    skuId: l.skuId,
    styleNo: l.styleNo,
    productName: l.productName,
    colourName: l.colourName,
    sizeName: l.sizeName,
    barcode: l.barcode,
    quantity: l.quantity,
    unitPriceFen: l.unitPriceFen,
    remark: l.remark,
  }));
}

/** The actions to offer: the ones the status opens and the user's codes allow. */
export function offeredActions(actions: readonly PurchaseOrderAction[], can: (code: PermissionCode) => boolean): PurchaseOrderAction[] {
  return actions.filter((a) => can(PURCHASE_ORDER_ACTION_CODES[a] as PermissionCode));
}

// ── 收货 ──────────────────────────────────────────────────────────────────────

/** 本次收货 per order line id (null: cleared input). */
export type ReceiveQuantities = Record<number, number | null>;

/** Each line starts at what is still open, never past what it may take. */
export function initialReceive(lines: readonly PurchaseOrderLineRecord[]): ReceiveQuantities {
  return Object.fromEntries(lines.map((l) => [l.id, Math.max(0, Math.min(l.openQuantity, l.receivableQuantity))]));
}

export function clearedReceive(lines: readonly PurchaseOrderLineRecord[]): ReceiveQuantities {
  return Object.fromEntries(lines.map((l) => [l.id, 0]));
}

const q = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The pieces to receive; with the lines, a bad 本次收货 (over 可收, no whole number) counts nothing. */
export function receiveTotal(quantities: ReceiveQuantities, lines?: readonly PurchaseOrderLineRecord[]): number {
  if (lines) return lines.reduce((sum, l) => sum + (quantityProblem(quantities[l.id] ?? null, receiveRule(l)) ? 0 : q(quantities[l.id])), 0);
  return Object.values(quantities).reduce<number>((sum, v) => sum + Math.max(0, q(v)), 0);
}

/** 本次收货 of a line: empty or 0 to 可收 (the order's tolerance included). */
export const receiveRule = (line: Pick<PurchaseOrderLineRecord, 'receivableQuantity'>): QuantityRule => ({
  min: 0,
  max: PURCHASE_QUANTITY_MAX,
  cap: { name: '可收', value: line.receivableQuantity },
});

/** The first bad 本次收货, named by line (第n行：超出可收数量10), or null: it blocks 确认收货. */
export function receiveQuantitiesProblem(lines: readonly PurchaseOrderLineRecord[], quantities: ReceiveQuantities): string | null {
  for (const line of lines) {
    const problem = quantityProblem(quantities[line.id] ?? null, receiveRule(line));
    if (problem) return `第${line.lineNo}行：${problem}`;
  }
  return null;
}

/** Why the receipt cannot be sent, or null. */
export function receiveProblem(order: Pick<PurchaseOrderDetail, 'lines'>, quantities: ReceiveQuantities): string | null {
  return receiveQuantitiesProblem(order.lines, quantities) ?? (receiveTotal(quantities) > 0 ? null : PurchaseMessages.receiveNothing);
}

/** The lines with a quantity, with their shelves, as the server takes them. */
export function receiveBody(
  order: Pick<PurchaseOrderDetail, 'lines'>,
  quantities: ReceiveQuantities,
  shelves: Readonly<Record<number, number | null | undefined>>,
  options: { warehouseId: number | null; remark: string; post: boolean },
): PurchaseReceiveInput {
  const lines = order.lines
    .filter((l) => q(quantities[l.id]) > 0)
    .map((l) => ({ lineId: l.id, quantity: q(quantities[l.id]), ...(shelves[l.id] ? { shelfId: shelves[l.id]! } : {}) }));
  const remark = options.remark.trim();
  return { warehouseId: options.warehouseId, lines, post: options.post, ...(remark ? { remark } : {}) };
}

/** Something received and not yet committed to refunds: a refund can be made. */
export const hasRefundable = (order: Pick<PurchaseOrderDetail, 'lines'>) => order.lines.some((l) => l.refundableQuantity > 0);
