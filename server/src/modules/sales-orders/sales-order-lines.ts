import {
  colourRunsProblem,
  priceLine,
  SALES_ORDER_LINES_MAX,
  SALES_ORDER_QUANTITY_MAX,
  SALES_ORDER_RUNS_MAX,
  SalesOrderInputMessages as M,
  wholeRunsIn,
  type BuyerType,
  type PriceStep,
  type SalesOrderLineInput,
  type SalesOrderRunInput,
  type SizeRun,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { allowedBrandIds, brandAllowed } from '../ordering/buyer-brands.service.ts';
import { orderableStyles, styleIdsOfSkus, type OrderableStyle } from '../ordering/catalogue.service.ts';
import { pricingContext, pricingStyles } from '../planning/price-simulation.service.ts';
import { runOptions } from '../product-master/size-runs.service.ts';

// 订货单 lines, checked and priced by the server: every SKU of an on-sale style the season offers
// and of a brand the buyer may order (可订品牌), quantities whole and within limits, each style-colour meeting its style's run rules (整手订货,
// 起订手数), and every unit price from planning's rules through the shared pricing function (the
// client never sends a price; any it sends was already dropped by the schema). Lines remember the
// run they were entered in: the run named (entry by run), or the style's run when the colour's
// quantities are whole runs of it.

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** A line as checking takes it: from the form, expanded from a run, or read back from a draft. */
export interface WantedLine {
  skuId: number;
  quantity: number;
  run?: { sizeRunId: number; runCount: number } | null;
}

export interface PricedLine {
  product_id: number;
  sku_id: number;
  colour_name: string;
  size_name: string;
  size_run_id: number | null;
  run_count: number | null;
  ordered: number;
  unit_price_fen: number;
  amount_fen: number;
  steps: PriceStep[];
}

type RunOption = { id: number; name: string; counts: SizeRun };

/** The saved runs of the styles' size groups, by run id (one read per group). */
async function runsOfGroups(db: Db, groupIds: readonly number[]): Promise<Map<number, RunOption & { groupId: number }>> {
  const runs = new Map<number, RunOption & { groupId: number }>();
  for (const groupId of new Set(groupIds)) {
    for (const run of await runOptions(db, groupId)) {
      runs.set(run.id, { id: run.id, groupId, name: run.name, counts: Object.fromEntries(run.counts.map((c) => [c.sizeName, c.count])) });
    }
  }
  return runs;
}

/** The form's lines and runs, shape-checked, as wanted lines (runs still by style and colour). */
function readInput(lines: readonly SalesOrderLineInput[], runs: readonly SalesOrderRunInput[]) {
  if (lines.length === 0 && runs.length === 0) throw badRequest(M.noLines);
  if (lines.length + runs.length > SALES_ORDER_LINES_MAX) throw badRequest(M.tooManyLines);
  lines.forEach((l, i) => {
    if (l.skuId === null || l.skuId === undefined) throw badRequest(M.skuRequired(i + 1));
    if (!isId(l.skuId)) throw badRequest(M.skuNotOffered(i + 1));
    if (!isInt(l.quantity, 1, SALES_ORDER_QUANTITY_MAX)) throw badRequest(M.quantityInvalid(i + 1));
  });
  runs.forEach((r, i) => {
    if (!isId(r.productId) || !isId(r.colourId) || !isId(r.sizeRunId)) throw badRequest(M.runInvalid(i + 1));
    if (!isInt(r.runCount, 1, SALES_ORDER_RUNS_MAX)) throw badRequest(M.runCountInvalid(i + 1));
  });
}

/**
 * Checks and prices an order's lines for `buyer` in `seasonId` (open today: the caller checked).
 * Answers the lines in style, colour and size order, or throws a 400 naming the first problem.
 */
export async function checkedLines(
  db: Db,
  seasonId: number,
  buyer: { buyerType: BuyerType; buyerId: number },
  input: { lines?: readonly (SalesOrderLineInput | WantedLine)[] | null; runs?: readonly SalesOrderRunInput[] | null },
): Promise<PricedLine[]> {
  const lines = (Array.isArray(input.lines) ? input.lines : []) as readonly WantedLine[];
  const runs = Array.isArray(input.runs) ? input.runs : [];
  readInput(lines, runs);
  const styleOfSku = await styleIdsOfSkus(
    db,
    lines.map((l) => l.skuId),
  );
  const productIds = [...lines.map((l) => styleOfSku.get(l.skuId) ?? 0).filter((id) => id > 0), ...runs.map((r) => r.productId)];
  const [styles, allowed] = await Promise.all([orderableStyles(db, seasonId, productIds), allowedBrandIds(db, buyer)]);
  const savedRuns = await runsOfGroups(
    db,
    [...styles.values()].map((s) => s.sizeGroupId),
  );

  // every SKU once, with the style it belongs to
  const wanted = new Map<number, { style: OrderableStyle; sku: OrderableStyle['skus'][number]; quantity: number; run: WantedLine['run'] }>();
  lines.forEach((line, i) => {
    const style = styles.get(styleOfSku.get(line.skuId) ?? 0);
    const sku = style?.skus.find((k) => k.sku_id === line.skuId);
    if (!style || !sku) throw badRequest(M.skuNotOffered(i + 1));
    if (!brandAllowed(allowed, style.brandId)) throw badRequest(M.brandNotAllowed(i + 1, style.styleNo));
    if (wanted.has(line.skuId)) throw badRequest(M.duplicateSku(i + 1));
    wanted.set(line.skuId, { style, sku, quantity: line.quantity, run: line.run ?? null });
  });
  runs.forEach((r, i) => {
    const style = styles.get(r.productId);
    const skus = style?.skus.filter((k) => k.colour_id === r.colourId) ?? [];
    if (!style || skus.length === 0) throw badRequest(M.runNotOffered(i + 1));
    if (!brandAllowed(allowed, style.brandId)) throw badRequest(M.runBrandNotAllowed(i + 1, style.styleNo));
    const run = savedRuns.get(r.sizeRunId);
    if (!run || run.groupId !== style.sizeGroupId) throw badRequest(M.runNotFound(i + 1));
    let pieces = 0;
    for (const sku of skus) {
      const quantity = (run.counts[sku.size_name] ?? 0) * r.runCount;
      if (quantity === 0) continue;
      if (quantity > SALES_ORDER_QUANTITY_MAX) throw badRequest(M.runCountInvalid(i + 1));
      if (wanted.has(sku.sku_id)) throw badRequest(M.duplicateSku(lines.length + i + 1));
      wanted.set(sku.sku_id, { style, sku, quantity, run: { sizeRunId: run.id, runCount: r.runCount } });
      pieces += quantity;
    }
    if (pieces === 0) throw badRequest(M.runNotFound(i + 1));
  });
  if (wanted.size > SALES_ORDER_LINES_MAX) throw badRequest(M.tooManyLines);

  // each style-colour against its style's rules; a colour of whole runs of the style's run remembers it
  const byColour = new Map<string, { style: OrderableStyle; colourName: string; entries: typeof wanted extends Map<number, infer E> ? E[] : never }>();
  for (const entry of wanted.values()) {
    const key = `${entry.style.productId}:${entry.sku.colour_id}`;
    const group = byColour.get(key) ?? { style: entry.style, colourName: entry.sku.colour_name, entries: [] };
    group.entries.push(entry);
    byColour.set(key, group);
  }
  for (const { style, colourName, entries } of byColour.values()) {
    const quantities: Record<string, number> = Object.fromEntries(entries.map((e) => [e.sku.size_name, e.quantity]));
    const sizes = [...new Set(style.skus.map((k) => k.size_name))];
    const styleRun = style.sizeRunId === null ? null : (savedRuns.get(style.sizeRunId) ?? null);
    const problem = colourRunsProblem(`${style.styleNo} ${colourName}`, quantities, { run: styleRun?.counts ?? null, sizes, wholeRuns: style.wholeRuns, minRuns: style.minRuns });
    if (problem) throw badRequest(problem);
    const inferred = styleRun && entries.every((e) => !e.run) ? wholeRunsIn(quantities, styleRun.counts) : null;
    if (styleRun && inferred) for (const e of entries) e.run = { sizeRunId: styleRun.id, runCount: inferred };
  }

  // prices: the buyer's rules once, every style through the shared function
  const [context, pricing] = await Promise.all([pricingContext(db, buyer), pricingStyles(db, [...styles.keys()])]);
  const priceOf = new Map(
    [...styles.values()].map((s) => {
      const style = pricing.get(s.productId) ?? { productId: s.productId, wholesalePriceFen: s.wholesalePriceFen, brandId: 0, categoryIds: [], season: '', tagIds: [] };
      return [s.productId, priceLine(context.buyer, style, context.rules, context.day)] as const;
    }),
  );
  const order = (e: { style: OrderableStyle; sku: OrderableStyle['skus'][number] }) => [e.style.styleNo, e.style.skus.indexOf(e.sku)] as const;
  return [...wanted.values()]
    .sort((a, b) => {
      const [sa, ia] = order(a);
      const [sb, ib] = order(b);
      return sa === sb ? ia - ib : sa < sb ? -1 : 1;
    })
    .map((e) => {
      const price = priceOf.get(e.style.productId)!;
      return {
        product_id: e.style.productId,
        sku_id: e.sku.sku_id,
        colour_name: e.sku.colour_name,
        size_name: e.sku.size_name,
        size_run_id: e.run?.sizeRunId ?? null,
        run_count: e.run?.runCount ?? null,
        ordered: e.quantity,
        unit_price_fen: price.unitPriceFen,
        amount_fen: price.unitPriceFen * e.quantity,
        steps: price.steps,
      };
    });
}
