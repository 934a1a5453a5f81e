import { formatYuan, type CartColourInput, type CartOrder, type CartQuota, type SalesOrderEntryStyle } from '@erp/shared';
import type { RunValues } from '../../../ui/document/size-run-rules.ts';
import { colourRun } from '../order/order-entry-rules.ts';
import type { CartOrderRef } from './cart-api.ts';

/**
 * The cart page's rules (the server applies the same ones again): what the grid shows of a style,
 * what a save sends, and what blocks 保存为草稿 and 提交订单. Amounts shown are the server's prices
 * times the pieces typed; nothing here invents a price.
 */

export const orderRef = (o: Pick<CartOrder, 'seasonId' | 'buyerType' | 'buyerId' | 'shopId'>): CartOrderRef => ({
  seasonId: o.seasonId,
  buyerType: o.buyerType,
  buyerId: o.buyerId,
  shopId: o.shopId,
});
export const orderKeyOf = (o: Pick<CartOrder, 'seasonId' | 'buyerType' | 'buyerId' | 'shopId'>) => `${o.seasonId}-${o.buyerType}-${o.buyerId}-${o.shopId}`;

/** The quantities the cart holds of a style's SKUs (the grid's starting values). */
export function savedValues(style: { groups: { lines: { skuId: number; quantity: number }[] }[] }): Record<number, number> {
  return Object.fromEntries(style.groups.flatMap((g) => g.lines.map((l) => [l.skuId, l.quantity])));
}

/** Whether typed values differ from what the cart holds (an emptied cell equals a missing one). */
export function differs(style: Pick<SalesOrderEntryStyle, 'skus'>, typed: RunValues, saved: RunValues): boolean {
  return style.skus.some((k) => (typed[k.skuId] ?? 0) !== (saved[k.skuId] ?? 0));
}

/**
 * What a save sends: every colour of the style shown — as its run (配码 × 手数) when the cells are
 * whole runs of a saved one, so the cart and the order keep 标准配码 × 2; else each cell (an empty
 * cell as 0, which removes it).
 */
export function coloursInput(style: Pick<SalesOrderEntryStyle, 'skus' | 'runs' | 'sizeRunId'>, typed: RunValues): CartColourInput[] {
  const colourIds = [...new Set(style.skus.map((k) => k.colourId))];
  return colourIds.map((colourId) => {
    const run = colourRun(style, colourId, typed);
    if (run) return { colourId, run };
    return { colourId, cells: style.skus.filter((k) => k.colourId === colourId).map((k) => ({ skuId: k.skuId, quantity: typed[k.skuId] ?? 0 })) };
  });
}

/** Pieces and amount (fen) of one colour row at the style's price. */
export function colourTotals(style: Pick<SalesOrderEntryStyle, 'skus' | 'unitPriceFen'>, colourId: number, typed: RunValues) {
  const pieces = style.skus
    .filter((k) => k.colourId === colourId)
    .reduce((s, k) => {
      const q = typed[k.skuId];
      return s + (typeof q === 'number' && Number.isInteger(q) && q > 0 ? q : 0);
    }, 0);
  return { pieces, amountFen: pieces * style.unitPriceFen };
}

/** 额度 as words: ¥ and 件 for the measures that are limited. */
export function quotaFigures(fen: number | null, pieces: number | null): string {
  return [fen === null ? null : formatYuan(fen), pieces === null ? null : `${pieces} 件`].filter(Boolean).join(' · ');
}

/** What is left after the cart (剩余 ¥ · 件), or by how much it overdraws (超出) a measure. */
export function afterFigures(q: Pick<CartQuota, 'afterFen' | 'afterPieces'>): string {
  if (!overdrawn(q)) return `剩余 ${quotaFigures(q.afterFen, q.afterPieces)}`;
  const fen = q.afterFen === null ? null : q.afterFen < 0 ? `超出 ${formatYuan(-q.afterFen)}` : `剩余 ${formatYuan(q.afterFen)}`;
  const pieces = q.afterPieces === null ? null : q.afterPieces < 0 ? `超出 ${-q.afterPieces} 件` : `剩余 ${q.afterPieces} 件`;
  return [fen, pieces].filter(Boolean).join(' · ');
}

/** Whether the cart overdraws the quota (what is left after it is below zero). */
export const overdrawn = (q: Pick<CartQuota, 'afterFen' | 'afterPieces'>) => (q.afterFen !== null && q.afterFen < 0) || (q.afterPieces !== null && q.afterPieces < 0);

/** Why 保存为草稿 cannot run (the server's problem, unsaved edits), or null. */
export function draftBlock(order: Pick<CartOrder, 'problem' | 'lineCount'>, editing: boolean): string | null {
  if (editing) return '有未保存的修改，请先保存或撤销';
  if (order.lineCount === 0) return '购物车为空';
  return order.problem;
}

/** Why 提交订单 cannot run: what blocks a draft, or a quota the order does not fit in. */
export function submitBlock(order: Pick<CartOrder, 'problem' | 'lineCount' | 'quota'>, editing: boolean): string | null {
  return draftBlock(order, editing) ?? order.quota?.problem ?? null;
}
