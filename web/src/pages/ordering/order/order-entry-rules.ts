import { colourRunsProblem, SALES_ORDER_QUANTITY_MAX, type SalesOrderEntryStyle, type SalesOrderLineInput } from '@erp/shared';
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

/** The lines to send: every SKU of the shown styles with a positive quantity, in style order. */
export function entryLines(styles: readonly SalesOrderEntryStyle[], values: RunValues): SalesOrderLineInput[] {
  return styles.flatMap((style) => style.skus.filter((k) => (values[k.skuId] ?? 0) > 0).map((k) => ({ skuId: k.skuId, quantity: values[k.skuId]! })));
}

/** Pieces and amount (fen) of one style at the buyer's price the server gave. */
export function styleTotals(style: SalesOrderEntryStyle, values: RunValues): { pieces: number; amountFen: number } {
  const pieces = style.skus.reduce((s, k) => s + (Number.isInteger(values[k.skuId]) && values[k.skuId]! > 0 ? values[k.skuId]! : 0), 0);
  return { pieces, amountFen: pieces * style.unitPriceFen };
}
