import { quantityProblem, STOCK_QUANTITY_MAX, type QuantityRule, type StockDocLineRecord } from '@erp/shared';

// Pure rules of the 盘点 screens: the blind view, the variance review and its request.

/** A counted line as the blind counting view may show it: no book quantity, no difference. */
export type BlindLine = Omit<StockDocLineRecord, 'quantity' | 'difference'>;

/** Lines counted so far, stripped of the book (blind counting must never show it). */
export function blindLines(lines: readonly StockDocLineRecord[]): BlindLine[] {
  return lines.filter((l) => (l.actualQuantity ?? 0) > 0).map(({ quantity: _book, difference: _difference, ...rest }) => rest);
}

/** The scope of a count: 整仓 or the shelf codes. */
export function scopeText(shelfIds: readonly number[], codeOf: (id: number) => string | undefined): string {
  if (shelfIds.length === 0) return '整仓';
  return shelfIds.map((id) => codeOf(id) ?? `#${id}`).join('、');
}

/**
 * 开始盘点 freezes its scope for every other document: the confirmation names the warehouse and
 * what of it stops moving until the count is posted or voided.
 */
export function startCountConfirm(warehouse: string, shelfIds: readonly number[], codeOf: (id: number) => string | undefined): string {
  const frozen = shelfIds.length === 0 ? `仓库“${warehouse}”整仓（含未上架的库存）` : `仓库“${warehouse}”的货架 ${scopeText(shelfIds, codeOf)}`;
  const place = shelfIds.length === 0 ? '该仓库' : '这些货架';
  return `开始盘点将冻结${frozen}：盘点期间${place}不能出入库，审核过账或作废后解冻。确定开始盘点？`;
}

/** Counted quantities typed in the review, by line id (null or absent: keep what was scanned; NaN: no number). */
export type CountEdits = Readonly<Record<number, number | null | undefined>>;

/** 实盘 as typed: 0 to STOCK_QUANTITY_MAX (the server's 实际数量 wording); empty keeps the scan. */
export const COUNT_RULE: QuantityRule = { min: 0, max: STOCK_QUANTITY_MAX, label: '实际数量' };

/** What a line posts as counted: typed, else scanned, else 0 (not found); a bad typed value counts as the scan until mended. */
export const countedOf = (line: Pick<StockDocLineRecord, 'id' | 'actualQuantity'>, edits: CountEdits) => {
  const typed = edits[line.id];
  return typeof typed === 'number' && quantityProblem(typed, COUNT_RULE) === null ? typed : (line.actualQuantity ?? 0);
};

export interface VarianceRow {
  line: StockDocLineRecord;
  book: number;
  counted: number;
  /** counted − book */
  difference: number;
}

export function varianceRows(lines: readonly StockDocLineRecord[], edits: CountEdits, onlyDiffering = false): VarianceRow[] {
  const rows = lines.map((line) => {
    const counted = countedOf(line, edits);
    return { line, book: line.quantity, counted, difference: counted - line.quantity };
  });
  return onlyDiffering ? rows.filter((r) => r.difference !== 0) : rows;
}

/** Book, counted, gains (盘盈) and losses (盘亏) over the rows. */
export function varianceTotals(rows: readonly VarianceRow[]) {
  return rows.reduce((t, r) => ({ book: t.book + r.book, counted: t.counted + r.counted, gain: t.gain + Math.max(0, r.difference), loss: t.loss + Math.max(0, -r.difference) }), {
    book: 0,
    counted: 0,
    gain: 0,
    loss: 0,
  });
}

/** The first bad typed count (line no.), or null. */
export function editsProblem(lines: readonly StockDocLineRecord[], edits: CountEdits): string | null {
  for (const line of lines) {
    const problem = quantityProblem(edits[line.id] ?? null, COUNT_RULE);
    if (problem) return `第${line.lineNo}行：${problem}`;
  }
  return null;
}

/** The post request: the typed counts that change a line (the server counts the rest as scanned or 0). */
export function postBody(lines: readonly StockDocLineRecord[], edits: CountEdits) {
  const actuals = lines
    .filter((l) => edits[l.id] !== undefined && edits[l.id] !== null && edits[l.id] !== (l.actualQuantity ?? 0))
    .map((l) => ({ lineId: l.id, actualQuantity: edits[l.id]! }));
  return actuals.length ? { actuals } : {};
}
