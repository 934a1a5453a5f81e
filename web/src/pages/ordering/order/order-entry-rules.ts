import { colourRunsProblem, SALES_ORDER_QUANTITY_MAX, type SalesOrderEntryStyle, type SalesOrderLineInput, type SalesOrderRunInput } from '@erp/shared';
import { cellProblem, type RunValues } from '../../../ui/document/size-run-rules.ts';

/**
 * Order entry's rules as the buyer types (the server applies the same ones): every cell a whole
 * number within the limit, each style-colour meeting its style's runs, at least one piece. Prices
 * shown are the server's; the totals here only add up what it answered.
 */

/** The first problem of one style's cells, naming the colour, or null. */
export function styleEntryProblem(style: SalesOrderEntryStyle, values: RunValues): string | null {
  for (const sku of style.skus) {
    const problem = cellProblem(values[sku.skuId], SALES_ORDER_QUANTITY_MAX);
    if (problem) return `${style.styleNo} ${sku.colourName} ${sku.sizeName}：${problem}`;
  }
  const run = style.runs.find((r) => r.id === style.sizeRunId)?.counts ?? null;
  const sizes = [...new Set(style.skus.map((k) => k.sizeName))];
  const colours = [...new Set(style.skus.map((k) => k.colourName))];
  for (const colour of colours) {
    const quantities = Object.fromEntries(style.skus.filter((k) => k.colourName === colour).map((k) => [k.sizeName, values[k.skuId] ?? 0]));
    const problem = colourRunsProblem(`${style.styleNo} ${colour}`, quantities, { run, sizes, wholeRuns: style.wholeRuns, minRuns: style.minRuns });
    if (problem) return problem;
  }
  return null;
}

/**
 * The run (配码 × 手数) a colour's cells are, or null: its quantities are exactly `count` times one
 * of the size group's saved runs (the style's own run first, then the run of most pieces, so the
 * fewest runs). The grid fills a colour by run; this is how the order and the cart remember it
 * (标准配码 × 2) instead of sending bare cells that forget it.
 */
export function colourRun(style: Pick<SalesOrderEntryStyle, 'skus' | 'runs' | 'sizeRunId'>, colourId: number, values: RunValues): { sizeRunId: number; runCount: number } | null {
  const skus = style.skus.filter((k) => k.colourId === colourId);
  const sizes = new Set(skus.map((k) => k.sizeName));
  const piecesOf = (counts: Record<string, number>) => Object.values(counts).reduce((s, n) => s + n, 0);
  const runs = [...style.runs].sort((a, b) => (a.id === style.sizeRunId ? -1 : b.id === style.sizeRunId ? 1 : piecesOf(b.counts) - piecesOf(a.counts)));
  for (const run of runs) {
    if (Object.entries(run.counts).some(([size, n]) => n > 0 && !sizes.has(size))) continue;
    let count: number | null = null;
    const fits = skus.every((k) => {
      const q = values[k.skuId] ?? 0;
      const n = run.counts[k.sizeName] ?? 0;
      if (!Number.isInteger(q) || q < 0) return false;
      if (n === 0) return q === 0;
      if (q % n !== 0) return false;
      count ??= q / n;
      return q / n === count;
    });
    if (fits && count !== null && count > 0) return { sizeRunId: run.id, runCount: count };
  }
  return null;
}

/** The colours of a style entered as whole runs of a saved 配码. */
function runColours(style: SalesOrderEntryStyle, values: RunValues): SalesOrderRunInput[] {
  const colourIds = [...new Set(style.skus.map((k) => k.colourId))];
  return colourIds.flatMap((colourId) => {
    const run = colourRun(style, colourId, values);
    return run ? [{ productId: style.productId, colourId, ...run }] : [];
  });
}

/** The runs to send: each colour that is whole runs of a saved 配码 (its cells then go as the run). */
export function entryRuns(styles: readonly SalesOrderEntryStyle[], values: RunValues): SalesOrderRunInput[] {
  return styles.flatMap((style) => runColours(style, values));
}

/** The lines to send: every SKU of the shown styles with a positive quantity, in style order (colours sent as runs left out). */
export function entryLines(styles: readonly SalesOrderEntryStyle[], values: RunValues): SalesOrderLineInput[] {
  return styles.flatMap((style) => {
    const byRun = new Set(runColours(style, values).map((r) => r.colourId));
    return style.skus.filter((k) => !byRun.has(k.colourId) && (values[k.skuId] ?? 0) > 0).map((k) => ({ skuId: k.skuId, quantity: values[k.skuId]! }));
  });
}

/** Pieces and amount (fen) of one style at the buyer's price the server gave. */
export function styleTotals(style: SalesOrderEntryStyle, values: RunValues): { pieces: number; amountFen: number } {
  const pieces = style.skus.reduce((s, k) => s + (Number.isInteger(values[k.skuId]) && values[k.skuId]! > 0 ? values[k.skuId]! : 0), 0);
  return { pieces, amountFen: pieces * style.unitPriceFen };
}
