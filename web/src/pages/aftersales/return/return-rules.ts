import { RETURN_QUANTITY_MAX, ReturnMessages, type ReturnableAnswer, type ReturnableSku, type ReturnDetail, type ReturnLineInput } from '@erp/shared';
import type { RunCell, RunValues } from '../../../ui/document/size-run-rules.ts';

// What the 退货/换货 form works out before it asks the server (which checks it all again): the
// returnable SKUs as grids per style, a scanned code as one more piece, the lines, their figures
// against what is left of the allowance, and the first problem in the server's words.

export type ReturnCell = ReturnableSku & RunCell;

export interface ReturnStyleGroup {
  productId: number;
  styleNo: string;
  productName: string;
  cells: ReturnCell[];
}

/** The returnable SKUs by style (first-seen order), each a grid's cells. */
export function styleGroups(skus: readonly ReturnableSku[]): ReturnStyleGroup[] {
  const groups = new Map<number, ReturnStyleGroup>();
  for (const sku of skus) {
    const group = groups.get(sku.productId) ?? { productId: sku.productId, styleNo: sku.styleNo, productName: sku.productName, cells: [] };
    group.cells.push({ ...sku, colourKey: sku.colourName });
    groups.set(sku.productId, group);
  }
  return [...groups.values()];
}

const positive = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** The lines to send: positive whole quantities, by SKU. */
export function linesOf(values: RunValues): ReturnLineInput[] {
  return Object.entries(values)
    .filter(([, q]) => positive(q))
    .map(([skuId, quantity]) => ({ skuId: Number(skuId), quantity: quantity as number }));
}

/** Pieces and (estimated, at each SKU's newest order price) amount of what is being sent back. */
export function backTotals(skus: readonly ReturnableSku[], values: RunValues): { pieces: number; amountFen: number } {
  const price = new Map(skus.map((k) => [k.skuId, k.unitPriceFen]));
  return linesOf(values).reduce((t, l) => ({ pieces: t.pieces + l.quantity, amountFen: t.amountFen + l.quantity * (price.get(l.skuId) ?? 0) }), { pieces: 0, amountFen: 0 });
}

/** The first problem of the pieces sent back, or null. */
export function backProblem(answer: ReturnableAnswer | undefined, values: RunValues, kind: 'return' | 'swap'): string | null {
  if (!answer) return null;
  for (const sku of answer.skus) {
    const q = values[sku.skuId];
    if (q === null || q === undefined || q === 0) continue;
    if (!Number.isInteger(q) || q < 0 || q > RETURN_QUANTITY_MAX) return `${sku.barcode}：数量须为整数`;
    if (sku.blocked) return `${sku.barcode}：${sku.blocked}`;
    if (q > sku.returnable) return ReturnMessages.over(sku.barcode, sku.returnable);
  }
  const lines = linesOf(values);
  if (lines.length === 0) return ReturnMessages.noLines;
  const { amountFen } = backTotals(answer.skus, values);
  if (amountFen > answer.allowance.leftFen) return ReturnMessages.allowanceOver(kind === 'return' ? '退货' : '换货', answer.allowance.leftFen, amountFen);
  return null;
}

/** One scanned piece: +1 on its SKU, or why not (the values stay as they were). */
export function scanOne(answer: ReturnableAnswer | undefined, values: RunValues, barcode: string): { values: RunValues; problem: string | null; sku: ReturnableSku | null } {
  const code = barcode.trim();
  const sku = answer?.skus.find((k) => k.barcode === code) ?? null;
  if (!sku) return { values, problem: `条码${code}不是该门店本季从总部收到的货品`, sku: null };
  if (sku.blocked) return { values, problem: `${code}：${sku.blocked}`, sku };
  const now = values[sku.skuId] ?? 0;
  if (now + 1 > sku.returnable) return { values, problem: ReturnMessages.over(code, sku.returnable), sku };
  return { values: { ...values, [sku.skuId]: now + 1 }, problem: null, sku };
}

/** A saved return back into the form: back and out quantities by SKU (lines of one SKU on several orders add up). */
export function valuesOf(detail: ReturnDetail): { back: Record<number, number>; out: Record<number, number>; outStyles: number[] } {
  const back: Record<number, number> = {};
  const out: Record<number, number> = {};
  for (const l of detail.lines) {
    const into = l.leg === 'back' ? back : out;
    into[l.skuId] = (into[l.skuId] ?? 0) + l.quantity;
  }
  return { back, out, outStyles: [...new Set(detail.lines.filter((l) => l.leg === 'out').map((l) => l.productId))] };
}
