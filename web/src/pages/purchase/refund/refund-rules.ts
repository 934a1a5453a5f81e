import {
  PURCHASE_PRICE_MAX_FEN,
  PURCHASE_QUANTITY_MAX,
  PURCHASE_REFUND_ACTION_CODES,
  PurchaseMessages,
  quantityProblem,
  type PermissionCode,
  type PurchaseOrderLineRecord,
  type PurchaseRefundAction,
  type PurchaseRefundDetail,
  type PurchaseRefundLineInput,
  type QuantityRule,
} from '@erp/shared';
import type { Dayjs } from 'dayjs';
import type { ListParams } from '../../../api/list-params.ts';
import { editorQuantitiesProblem, lineKey, type EditorLine } from '../../../ui/document/lines-rules.ts';
import type { RefundFilters } from '../purchase-refunds-api.ts';

// Pure rules of the refund screens: the lines entered from an order or by SKU, limits, totals.

/** 退货数量 typed per order line id (empty or 0: the line is not returned). */
export type OrderQuantities = Readonly<Record<number, number | null | undefined>>;

/** A line entered without an order: the stock editor's line (no shelf) with a unit price (fen, typed in yuan). */
export type FreeLine = EditorLine;

const positive = (q: number | null | undefined): q is number => typeof q === 'number' && Number.isInteger(q) && q > 0;

/** A line's price in fen when it is one (a whole, not negative number), else null. */
const priceOf = (line: FreeLine): number | null => (typeof line.priceFen === 'number' && Number.isSafeInteger(line.priceFen) && line.priceFen >= 0 ? line.priceFen : null);

/** 退货数量 of an order line: empty or 0 to 可退. */
export const refundRule = (line: Pick<PurchaseOrderLineRecord, 'refundableQuantity'>): QuantityRule => ({
  min: 0,
  max: PURCHASE_QUANTITY_MAX,
  cap: { name: '可退', value: Math.max(0, line.refundableQuantity) },
});

/** A line entered by SKU: 1 to PURCHASE_QUANTITY_MAX pieces, required. */
export const FREE_QUANTITY_RULE: QuantityRule = { min: 1, max: PURCHASE_QUANTITY_MAX, required: true };

/** What is wrong with one order line's 退货数量 (超出可退数量4, …); null when fine. */
export const orderLineProblem = (line: PurchaseOrderLineRecord, quantity: number | null | undefined) => quantityProblem(quantity ?? null, refundRule(line));

/** The first bad 退货数量, named by line (第n行：…), or null: it blocks saving. */
export function orderQuantitiesProblem(lines: readonly PurchaseOrderLineRecord[], quantities: OrderQuantities): string | null {
  for (const line of lines) {
    const problem = orderLineProblem(line, quantities[line.id]);
    if (problem) return `第${line.lineNo}行：${problem}`;
  }
  return null;
}

/** The first problem of the lines entered from an order, or null. */
export function orderLinesProblem(lines: readonly PurchaseOrderLineRecord[], quantities: OrderQuantities): string | null {
  return orderQuantitiesProblem(lines, quantities) ?? (lines.some((l) => positive(quantities[l.id])) ? null : PurchaseMessages.noLines);
}

/** Lines left at 0 are not sent; the order's price counts, so none is sent. */
export function orderLineInputs(lines: readonly PurchaseOrderLineRecord[], quantities: OrderQuantities): PurchaseRefundLineInput[] {
  return lines.filter((l) => positive(quantities[l.id])).map((l) => ({ orderLineId: l.id, skuId: l.skuId, quantity: quantities[l.id]! }));
}

export function orderLineTotals(lines: readonly PurchaseOrderLineRecord[], quantities: OrderQuantities) {
  let quantity = 0;
  let amountFen = 0;
  let count = 0;
  for (const line of lines) {
    const q = quantities[line.id];
    if (!positive(q)) continue;
    count += 1;
    quantity += q;
    amountFen += q * line.unitPriceFen;
  }
  return { lines: count, quantity, amountFen };
}

/** The first problem of lines entered by SKU (the server's messages), or null. */
export function freeLinesProblem(lines: readonly FreeLine[]): string | null {
  if (lines.length === 0) return PurchaseMessages.noLines;
  const quantities = editorQuantitiesProblem(lines, FREE_QUANTITY_RULE);
  if (quantities) return quantities;
  for (const [i, line] of lines.entries()) {
    // prices are typed in yuan here: say so, rather than the server's fen wording
    if (line.priceFen === null || line.priceFen === undefined) return `第${i + 1}行：请填写单价（元）`;
    const fen = priceOf(line);
    if (fen === null || fen > PURCHASE_PRICE_MAX_FEN) return `第${i + 1}行：单价须为0-${PURCHASE_PRICE_MAX_FEN / 100}元，最多两位小数`;
  }
  return null;
}

export function freeLineInputs(lines: readonly FreeLine[]): PurchaseRefundLineInput[] {
  return lines.map((l) => ({ orderLineId: null, skuId: l.skuId, quantity: l.quantity ?? 0, unitPriceFen: priceOf(l) ?? 0 }));
}

export function freeLineTotals(lines: readonly FreeLine[]) {
  return lines.reduce(
    (sum, l) => ({
      lines: sum.lines + 1,
      quantity: sum.quantity + (positive(l.quantity) ? l.quantity : 0),
      amountFen: sum.amountFen + (positive(l.quantity) ? l.quantity : 0) * (priceOf(l) ?? 0),
    }),
    { lines: 0, quantity: 0, amountFen: 0 },
  );
}

/** A saved draft back into the editor: quantities by order line, or SKU lines with their prices. */
export function fromRefundDetail(refund: PurchaseRefundDetail): { quantities: Record<number, number>; free: FreeLine[] } {
  const quantities: Record<number, number> = {};
  const free: FreeLine[] = [];
  for (const l of refund.lines) {
    if (l.orderLineId !== null) quantities[l.orderLineId] = l.quantity;
    else
      free.push({
        key: lineKey(l.skuId, null),
        skuId: l.skuId,
        styleNo: l.styleNo,
        productName: l.productName,
        colourName: l.colourName,
        sizeName: l.sizeName,
        barcode: l.barcode,
        shelfId: null,
        quantity: l.quantity,
        boxNo: '',
        remark: '',
        priceFen: l.unitPriceFen,
      });
  }
  return { quantities, free };
}

/** The row actions a user gets: those the status opens and whose code the route grants. */
export function allowedRefundActions(actions: readonly PurchaseRefundAction[], can: (code: PermissionCode) => boolean): PurchaseRefundAction[] {
  return actions.filter((a) => can(PURCHASE_REFUND_ACTION_CODES[a] as PermissionCode));
}

/** The list form's values → the query (a created-date range → from/to). */
export interface RefundListFilters extends Omit<RefundFilters, 'from' | 'to'> {
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function toRefundQuery({ range, ...rest }: ListParams<RefundListFilters>): ListParams<RefundFilters> {
  const [from, to] = range ?? [];
  return { ...rest, ...(from ? { from: from.format('YYYY-MM-DD') } : {}), ...(to ? { to: to.format('YYYY-MM-DD') } : {}) };
}

export const refundPath = (page: 'index' | 'add' | 'info', query?: { id?: number; orderId?: number }) => {
  const base = page === 'index' ? '/erp/purchase/refund' : `/erp/purchase/refund/${page}`;
  if (query?.id) return `${base}?id=${query.id}`;
  if (query?.orderId) return `${base}?orderId=${query.orderId}`;
  return base;
};
