import { StockKindMessages, type StockDocLineInput, type StockDocLineRecord, type WarehouseType } from '@erp/shared';
import { fromDetailLines, toLineInputs } from '../docs/doc-rules.ts';
import { editorLinesProblem, editorQuantitiesProblem, type EditorLine } from '../../../ui/document/lines-rules.ts';

// 换货 screens: two line lists (退回 shop → HQ, 换出 HQ → shop) sent as one document with legs.

export interface ExchangeLegs {
  in: EditorLine[];
  out: EditorLine[];
}

/** The HQ side is any warehouse but a shop's or the transit one. */
export const isHqSide = (type: WarehouseType) => type !== 'shop' && type !== 'transit';

/** The first problem of the two lists (the server checks too), or null. */
/** The first bad quantity of either list (退回明细第n行：…), or null: it blocks saving. */
export function exchangeQuantitiesProblem(legs: ExchangeLegs): string | null {
  const inProblem = editorQuantitiesProblem(legs.in);
  if (inProblem) return `退回明细${inProblem}`;
  const outProblem = editorQuantitiesProblem(legs.out);
  return outProblem ? `换出明细${outProblem}` : null;
}

export function exchangeLinesProblem(legs: ExchangeLegs): string | null {
  if (legs.in.length === 0 || legs.out.length === 0) return StockKindMessages.exchangeBothLegs;
  const inProblem = editorLinesProblem(legs.in);
  if (inProblem) return `退回明细${inProblem}`;
  const outProblem = editorLinesProblem(legs.out);
  return outProblem ? `换出明细${outProblem}` : null;
}

export function toExchangeInputs(legs: ExchangeLegs): StockDocLineInput[] {
  return [...toLineInputs(legs.in).map((l) => ({ ...l, leg: 'in' as const })), ...toLineInputs(legs.out).map((l) => ({ ...l, leg: 'out' as const }))];
}

/** A saved exchange's lines back into the two lists. */
export function splitLegs(lines: readonly StockDocLineRecord[]): ExchangeLegs {
  return { in: fromDetailLines(lines.filter((l) => l.leg === 'in')), out: fromDetailLines(lines.filter((l) => l.leg === 'out')) };
}

export function legTotals(lines: readonly Pick<StockDocLineRecord, 'leg' | 'quantity'>[]) {
  const totals = { in: 0, out: 0 };
  for (const l of lines) {
    if (l.leg === 'in') totals.in += l.quantity;
    else if (l.leg === 'out') totals.out += l.quantity;
  }
  return totals;
}
