import { openPurchaseBySku } from '../purchasing/purchase-order-read.service.ts';
import {
  colourRunsProblem,
  priceLine,
  quotaProblem,
  SALES_ORDER_LINES_MAX,
  SalesOrderInputMessages as M,
  shanghaiToday,
  type CartAnswer,
  type CartGroup,
  type CartOrder,
  type CartQuota,
  type CartStyle,
  type PricingStyle,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { pricingContext, pricingStyles } from '../planning/price-simulation.service.ts';
import { runOptions } from '../product-master/size-runs.service.ts';
import { orderableStockBySku } from '../stock/stock-read.service.ts';
import { orderParties } from './sales-orders.service.ts';
import type { SalesOrderContext } from './sales-orders-read.service.ts';
import { orderableStyles, seasonOpenToday, type OrderableStyle } from '../ordering/catalogue.service.ts';
import { allowedBrandIds, brandAllowed } from '../ordering/buyer-brands.service.ts';
import type { CartRow } from './cart.repo.ts';
import { quotaLeftFor } from '../ordering/quotas.service.ts';

// The cart as the buyer reads it: its lines grouped into future orders (season + buyer + receiving
// shop), styles and colours, every style priced at today's rules by planning's rules through the
// shared pricing function — the order's own path, so the order made at checkout shows the same
// prices — with HQ's available stock per SKU (spot), the run rules, and the quota left for each
// buyer and season before and after the cart. Nothing that went stale (a season closed, a style
// withdrawn, a brand no longer among the buyer's 可订品牌, a shop out of reach) hides a line: it is shown with the reason it cannot be ordered.
// The reads are per season, buyer, size group and order, never per line.

const unique = <T>(values: readonly T[]) => [...new Set(values)];
/** A refusal (4xx) becomes null; anything else (the database gone) still fails the read. */
const refusedAsNull = (error: unknown): null => {
  if (error instanceof AppError && error.status < 500) return null;
  throw error;
};

type Runs = Map<number, { id: number; name: string; counts: Record<string, number> }[]>;

interface Lookups {
  open: Map<number, boolean>;
  offered: Map<number, Map<number, OrderableStyle>>;
  pricing: Map<number, PricingStyle>;
  contexts: Map<string, Awaited<ReturnType<typeof pricingContext>> | null>;
  runs: Runs;
  stock: Map<number, number>;
  /** 预计到货 of pre-order styles */
  expected: Map<number, number>;
  /** 可订品牌 per buyer (null: every brand) */
  allowed: Map<string, number[] | null>;
}

const buyerKey = (r: { buyer_type: string; buyer_id: number }) => `${r.buyer_type}:${r.buyer_id}`;
const orderKey = (r: CartRow) => `${r.season_id}|${buyerKey(r)}|${r.shop_id}`;
const seasonBuyerKey = (r: { season_id: number; buyer_type: string; buyer_id: number }) => `${r.season_id}|${buyerKey(r)}`;

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

async function lookups(db: Db, rows: readonly CartRow[], day: string): Promise<Lookups> {
  const seasonIds = unique(rows.map((r) => r.season_id));
  const productIds = unique(rows.map((r) => r.product_id));
  const buyers = unique(rows.map(buyerKey));
  const spotIds = unique(rows.filter((r) => r.season_kind === 'spot').map((r) => r.product_id));
  const preorderIds = unique(rows.filter((r) => r.season_kind !== 'spot').map((r) => r.product_id));
  const [open, offered, pricing, contexts, runs, stock, expected, allowed] = await Promise.all([
    Promise.all(seasonIds.map(async (id) => [id, (await seasonOpenToday(db, id)) !== null] as const)),
    Promise.all(seasonIds.map(async (id) => [id, await orderableStyles(db, id, unique(rows.filter((r) => r.season_id === id).map((r) => r.product_id)))] as const)),
    pricingStyles(db, productIds),
    Promise.all(
      buyers.map(async (key) => {
        const [buyerType, id] = key.split(':') as ['agent' | 'shop', string];
        return [key, await pricingContext(db, { buyerType, buyerId: Number(id), day }).catch(refusedAsNull)] as const;
      }),
    ),
    Promise.all(
      unique(rows.map((r) => r.size_group_id)).map(
        async (groupId) =>
          [groupId, (await runOptions(db, groupId)).map((r) => ({ id: r.id, name: r.name, counts: Object.fromEntries(r.counts.map((c) => [c.sizeName, c.count])) }))] as const,
      ),
    ),
    spotIds.length > 0 ? orderableStockBySku(db, spotIds) : Promise.resolve(new Map<number, number>()),
    preorderIds.length > 0 ? openPurchaseBySku(db, preorderIds) : Promise.resolve(new Map<number, number>()),
    Promise.all(
      buyers.map(async (key) => {
        const [buyerType, id] = key.split(':') as ['agent' | 'shop', string];
        return [key, await allowedBrandIds(db, { buyerType, buyerId: Number(id) })] as const;
      }),
    ),
  ]);
  return { open: new Map(open), offered: new Map(offered), pricing, contexts: new Map(contexts), runs: new Map(runs), stock, expected, allowed: new Map(allowed) };
}

/** Why a style × colour of the cart cannot be ordered today, or null. */
function groupProblem(style: OrderableStyle | undefined, rows: readonly CartRow[], runs: Runs, allowed: readonly number[] | null): string | null {
  const first = rows[0]!;
  if (!style) return M.styleNotOffered;
  if (!brandAllowed(allowed, style.brandId)) return M.styleBrandNotAllowed(first.style_no);
  const gone = rows.find((r) => !style.skus.some((k) => k.sku_id === r.sku_id));
  if (gone) return `${first.style_no} ${gone.colour_name} ${gone.size_name}：该SKU已停用，请从购物车移除`;
  const run = style.sizeRunId === null ? null : (runs.get(style.sizeGroupId)?.find((r) => r.id === style.sizeRunId)?.counts ?? null);
  const sizes = unique(style.skus.map((k) => k.size_name));
  const quantities = Object.fromEntries(rows.map((r) => [r.size_name, r.quantity]));
  return colourRunsProblem(`${first.style_no} ${first.colour_name}`, quantities, { run, sizes, wholeRuns: style.wholeRuns, minRuns: style.minRuns });
}

function toGroup(rows: readonly CartRow[], unitPriceFen: number, problem: string | null): CartGroup {
  const first = rows[0]!;
  const sameRun = first.size_run_id !== null && first.run_count !== null && rows.every((r) => r.size_run_id === first.size_run_id && r.run_count === first.run_count);
  const pieces = rows.reduce((s, r) => s + r.quantity, 0);
  return {
    colourId: first.colour_id,
    colourName: first.colour_name,
    sizeRunId: sameRun ? first.size_run_id : null,
    sizeRunName: sameRun ? first.size_run_name : null,
    runCount: sameRun ? first.run_count : null,
    pieces,
    amountFen: pieces * unitPriceFen,
    problem,
    lines: rows.map((r) => ({ id: r.id, skuId: r.sku_id, sizeName: r.size_name, quantity: r.quantity, amountFen: r.quantity * unitPriceFen })),
  };
}

function toStyle(rows: readonly CartRow[], look: Lookups): CartStyle {
  const first = rows[0]!;
  const offered = look.offered.get(first.season_id)?.get(first.product_id);
  const context = look.contexts.get(buyerKey(first)) ?? null;
  const pricingStyle = look.pricing.get(first.product_id) ?? {
    productId: first.product_id,
    wholesalePriceFen: first.wholesale_price_fen,
    brandId: 0,
    categoryIds: [],
    season: '',
    tagIds: [],
  };
  const price = context ? priceLine(context.buyer, pricingStyle, context.rules, context.day) : null;
  const unitPriceFen = price?.unitPriceFen ?? first.wholesale_price_fen;
  const colourIds = unique(rows.map((r) => r.colour_id));
  const spot = first.season_kind === 'spot';
  const available = (skuId: number) => (spot ? (look.stock.get(skuId) ?? 0) : null);
  const expected = (skuId: number) => (spot ? null : (look.expected.get(skuId) ?? 0));
  // the grid shows every size of the cart's colours (a size not in the cart yet can be added in place)
  const skus = offered
    ? offered.skus
        .filter((k) => colourIds.includes(k.colour_id))
        .map((k) => ({
          skuId: k.sku_id,
          barcode: k.barcode,
          colourId: k.colour_id,
          colourName: k.colour_name,
          sizeName: k.size_name,
          sizeSort: k.size_sort,
          available: available(k.sku_id),
          expected: expected(k.sku_id),
        }))
    : rows.map((r) => ({
        skuId: r.sku_id,
        barcode: r.barcode,
        colourId: r.colour_id,
        colourName: r.colour_name,
        sizeName: r.size_name,
        sizeSort: r.size_sort,
        available: available(r.sku_id),
        expected: expected(r.sku_id),
      }));
  const groups = [...groupBy(rows, (r) => String(r.colour_id)).values()].map((g) =>
    toGroup(g, unitPriceFen, groupProblem(offered, g, look.runs, look.allowed.get(buyerKey(first)) ?? null)),
  );
  return {
    productId: first.product_id,
    styleNo: first.style_no,
    name: first.style_name,
    mainImage: first.main_image,
    seasonKind: first.season_kind,
    unitPriceFen,
    wholesalePriceFen: first.wholesale_price_fen,
    steps: price?.steps ?? [],
    sizeRunId: offered?.sizeRunId ?? first.style_run_id,
    wholeRuns: offered?.wholeRuns ?? first.whole_runs,
    minRuns: offered?.minRuns ?? first.min_runs,
    runs: look.runs.get(first.size_group_id) ?? [],
    skus,
    pieces: groups.reduce((s, g) => s + g.pieces, 0),
    amountFen: groups.reduce((s, g) => s + g.amountFen, 0),
    groups,
  };
}

type QuotaLeft = { limitFen: number | null; limitPieces: number | null; leftFen: number | null; leftPieces: number | null } | null;

function toQuota(left: QuotaLeft, wholeCart: { pieces: number; amountFen: number }, order: { pieces: number; amountFen: number }): CartQuota | null {
  if (!left) return null;
  const after = (value: number | null, used: number) => (value === null ? null : value - used);
  return {
    ...left,
    afterFen: after(left.leftFen, wholeCart.amountFen),
    afterPieces: after(left.leftPieces, wholeCart.pieces),
    problem: quotaProblem({ amountFen: left.leftFen, pieces: left.leftPieces }, { amountFen: order.amountFen, pieces: order.pieces }),
  };
}

/** The caller's cart, priced for today. */
export async function cartOf(db: Db, ctx: SalesOrderContext, rows: readonly CartRow[]): Promise<CartAnswer> {
  const day = shanghaiToday();
  if (rows.length === 0) return { day, orders: [], groupCount: 0, pieces: 0, amountFen: 0 };
  const look = await lookups(db, rows, day);
  const byOrder = [...groupBy(rows, orderKey).values()];
  const [parties, quotas] = await Promise.all([
    Promise.all(
      byOrder.map((o) =>
        orderParties(db, ctx, { seasonId: o[0]!.season_id, buyerType: o[0]!.buyer_type, buyerId: o[0]!.buyer_id, shopId: o[0]!.shop_id }).then(
          () => null,
          (error: unknown) => {
            if (error instanceof AppError && error.status < 500) return error.message;
            throw error;
          },
        ),
      ),
    ),
    Promise.all(
      unique(rows.map(seasonBuyerKey)).map(async (key) => {
        const r = rows.find((row) => seasonBuyerKey(row) === key)!;
        const found = await quotaLeftFor(db, ctx.scope, { seasonId: r.season_id, buyerType: r.buyer_type, buyerId: r.buyer_id }).catch(refusedAsNull);
        const q = found?.quota;
        return [key, q ? { limitFen: q.limitFen, limitPieces: q.limitPieces, leftFen: q.leftFen, leftPieces: q.leftPieces } : null] as const;
      }),
    ),
  ]);
  const quotaOf = new Map<string, QuotaLeft>(quotas);

  const orders = byOrder.map((orderRows, i): CartOrder => {
    const first = orderRows[0]!;
    const styles = [...groupBy(orderRows, (r) => String(r.product_id)).values()].map((s) => toStyle(s, look));
    const pieces = styles.reduce((s, st) => s + st.pieces, 0);
    const amountFen = styles.reduce((s, st) => s + st.amountFen, 0);
    const problem =
      (look.open.get(first.season_id) ? null : M.seasonNotOpen) ??
      parties[i] ??
      (look.contexts.get(buyerKey(first)) ? null : M.shopNotFound) ??
      (orderRows.length > SALES_ORDER_LINES_MAX ? M.tooManyLines : null) ??
      styles.flatMap((s) => s.groups).find((g) => g.problem)?.problem ??
      null;
    return {
      seasonId: first.season_id,
      seasonName: first.season_name,
      seasonKind: first.season_kind,
      buyerType: first.buyer_type,
      buyerId: first.buyer_id,
      buyerName: first.buyer_name,
      shopId: first.shop_id,
      shopName: first.shop_name,
      pieces,
      amountFen,
      lineCount: orderRows.length,
      problem,
      quota: null,
      styles,
    };
  });
  // the quota's "after" counts every order of the same buyer and season in the cart
  for (const order of orders) {
    const key = seasonBuyerKey({ season_id: order.seasonId, buyer_type: order.buyerType, buyer_id: order.buyerId });
    const same = orders.filter((o) => o.seasonId === order.seasonId && o.buyerType === order.buyerType && o.buyerId === order.buyerId);
    const whole = { pieces: same.reduce((s, o) => s + o.pieces, 0), amountFen: same.reduce((s, o) => s + o.amountFen, 0) };
    order.quota = toQuota(quotaOf.get(key) ?? null, whole, order);
  }
  return {
    day,
    orders,
    groupCount: orders.reduce((s, o) => s + o.styles.reduce((n, st) => n + st.groups.length, 0), 0),
    pieces: orders.reduce((s, o) => s + o.pieces, 0),
    amountFen: orders.reduce((s, o) => s + o.amountFen, 0),
  };
}
