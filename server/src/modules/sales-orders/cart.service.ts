import {
  CartMessages,
  OrderingMessages,
  SALES_ORDER_LINES_MAX,
  SALES_ORDER_QUANTITY_MAX,
  SalesOrderInputMessages as M,
  type BuyerType,
  type CartAnswer,
  type CartCheckoutAnswer,
  type CartCheckoutInput,
  type CartColourInput,
  type CartParty,
  type CartStyleInput,
  type SalesOrderLineInput,
  type SalesOrderRunInput,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { runOptions } from '../product-master/size-runs.service.ts';
import { checkedLines } from './sales-order-lines.ts';
import { assertBuyerSide, type SalesOrderContext } from './sales-orders-read.service.ts';
import { actOnOrder, createOrder, orderParties } from './sales-orders.service.ts';
import { allowedBrandIds, brandAllowed } from '../ordering/buyer-brands.service.ts';
import { orderableStyles, seasonOpenToday, type OrderableStyle } from '../ordering/catalogue.service.ts';
import { cartOf } from './cart-view.ts';
import * as repo from './cart.repo.ts';

// 购物车: one cart per user on the server. Every change is the user's own lines only; the buyer and
// the receiving shop are checked as the order checks them (sales-orders' orderParties: an agent
// for itself or its own shops, a shop for itself, HQ for any buyer; another party's shop answers
// 404), and the quantities by the order's own line rules (checkedLines: whole numbers within the
// limit, SKUs of an on-sale style the open season offers, of a brand the buyer may order (可订品牌),
// 整手订货 / 起订手数). Checkout turns one season + buyer + shop into a 订货单 through the
// sales-orders service, in one transaction that removes exactly the lines it used, under the cart's
// lock: a second checkout finds nothing.

export type CartContext = SalesOrderContext;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export async function cart(db: Db, ctx: CartContext): Promise<CartAnswer> {
  assertBuyerSide(ctx.scope);
  return cartOf(db, ctx, await repo.cartRows(db, ctx.userId));
}

/** The future order a call is about: the buyer and shop checked as the order checks them. */
async function checkedKey(trx: Db, ctx: CartContext, party: CartParty): Promise<repo.CartKey> {
  const { buyer, header } = await orderParties(trx, ctx, party);
  return { userId: ctx.userId, seasonId: party.seasonId, buyerType: buyer.buyerType, buyerId: buyer.buyerId, shopId: header.shop_id };
}

async function openSeason(db: Db, seasonId: unknown) {
  if (seasonId === null || seasonId === undefined) throw badRequest(M.seasonRequired);
  const season = isId(seasonId) ? await seasonOpenToday(db, seasonId) : null;
  if (!season) throw badRequest(M.seasonNotOpen);
  return season;
}

/** The colours as the grid sent them, checked cell by cell (numbered as sent), as order lines and runs. */
function readColours(style: OrderableStyle, colours: readonly CartColourInput[]) {
  const lines: SalesOrderLineInput[] = [];
  const runs: SalesOrderRunInput[] = [];
  const seenColours = new Set<number>();
  const seenSkus = new Set<number>();
  let n = 0;
  colours.forEach((colour, i) => {
    if (!isId(colour.colourId) || !style.skus.some((k) => k.colour_id === colour.colourId)) throw badRequest(CartMessages.colourNotOffered(i + 1));
    if (seenColours.has(colour.colourId)) throw badRequest(CartMessages.colourDuplicate(i + 1));
    seenColours.add(colour.colourId);
    const cells = colour.cells ?? [];
    if (colour.run && cells.length > 0) throw badRequest(CartMessages.runAndCells(i + 1));
    if (colour.run) runs.push({ productId: style.productId, colourId: colour.colourId, sizeRunId: colour.run.sizeRunId, runCount: colour.run.runCount });
    for (const cell of cells) {
      n += 1;
      // 0 takes the cell out of the cart; anything else must be a quantity an order line may have
      if (!isInt(cell.quantity, 0, SALES_ORDER_QUANTITY_MAX)) throw badRequest(M.quantityInvalid(n));
      if (!style.skus.some((k) => k.sku_id === cell.skuId && k.colour_id === colour.colourId)) throw badRequest(M.skuNotOffered(n));
      if (seenSkus.has(cell.skuId)) throw badRequest(M.duplicateSku(n));
      seenSkus.add(cell.skuId);
      if (cell.quantity > 0) lines.push({ skuId: cell.skuId, quantity: cell.quantity });
    }
  });
  return { lines, runs, colourIds: [...seenColours] };
}

/** PUT: the listed colours of one style replace what the cart held of them for that season, buyer and shop. */
export async function putStyle(db: Db, ctx: CartContext, productId: number, input: CartStyleInput): Promise<CartAnswer> {
  assertBuyerSide(ctx.scope);
  const colours = Array.isArray(input.colours) ? input.colours : [];
  await withTransaction(db, async (trx) => {
    const season = await openSeason(trx, input.seasonId);
    if (colours.length === 0) throw badRequest(CartMessages.coloursRequired);
    await repo.lockCart(trx, ctx.userId);
    const key = await checkedKey(trx, ctx, { ...input, seasonId: season.id });
    const style = (await orderableStyles(trx, season.id, [productId])).get(productId);
    if (!style) throw badRequest(M.styleNotOffered);
    const { lines, runs, colourIds } = readColours(style, colours);
    // 可订品牌: nothing of a brand the buyer may not order goes in (taking it out still may)
    if (lines.length + runs.length > 0 && !brandAllowed(await allowedBrandIds(trx, key), style.brandId)) throw badRequest(M.styleBrandNotAllowed(style.styleNo));
    const priced = lines.length + runs.length > 0 ? await checkedLines(trx, season.id, key, { lines, runs }) : [];
    const colourOf = new Map(style.skus.map((k) => [k.sku_id, k.colour_id]));
    const values = priced.map((l) => ({
      product_id: l.product_id,
      colour_id: colourOf.get(l.sku_id)!,
      sku_id: l.sku_id,
      size_run_id: l.size_run_id,
      run_count: l.run_count,
      quantity: l.ordered,
    }));
    await repo.replaceColours(trx, key, productId, colourIds, values);
    if ((await repo.countLines(trx, key)) > SALES_ORDER_LINES_MAX) throw badRequest(M.tooManyLines);
  });
  return cart(db, ctx);
}

/** The buyer a removal names, defaulted as the catalogue does (no lookups: the lines are the user's own). */
function namedBuyer(scope: PartyScope, q: { buyerType?: BuyerType; buyerId?: number }): { buyerType: BuyerType; buyerId: number } {
  assertBuyerSide(scope);
  if (scope.kind === 'agent') {
    const buyerType = q.buyerType ?? 'agent';
    const buyerId = q.buyerId ?? (buyerType === 'agent' ? scope.agentId : undefined);
    if (buyerId === undefined) throw badRequest(OrderingMessages.buyerRequired);
    return { buyerType, buyerId };
  }
  if (scope.kind === 'shop') return { buyerType: q.buyerType ?? 'shop', buyerId: q.buyerId ?? scope.shopId };
  if (!q.buyerType || q.buyerId === undefined) throw badRequest(OrderingMessages.buyerRequired);
  return { buyerType: q.buyerType, buyerId: q.buyerId };
}

export async function removeLine(db: Db, ctx: CartContext, id: number): Promise<CartAnswer> {
  assertBuyerSide(ctx.scope);
  // another user's line reads like a missing one
  if ((await repo.deleteLine(db, ctx.userId, id)) === 0) throw notFound(CartMessages.lineNotFound);
  return cart(db, ctx);
}

export async function removeGroup(
  db: Db,
  ctx: CartContext,
  q: { seasonId: number; buyerType?: BuyerType; buyerId?: number; shopId?: number; productId: number; colourId?: number },
): Promise<CartAnswer> {
  const buyer = namedBuyer(ctx.scope, q);
  const shopId = q.shopId ?? (buyer.buyerType === 'shop' ? buyer.buyerId : undefined);
  if (shopId === undefined) throw badRequest(M.shopRequired);
  await repo.deleteGroup(db, { userId: ctx.userId, seasonId: q.seasonId, ...buyer, shopId }, q.productId, q.colourId);
  return cart(db, ctx);
}

/** 清空购物车 of a season and buyer (every receiving shop, or the one named). */
export async function clearCart(db: Db, ctx: CartContext, q: { seasonId: number; buyerType?: BuyerType; buyerId?: number; shopId?: number }): Promise<CartAnswer> {
  const buyer = namedBuyer(ctx.scope, q);
  await repo.deleteCart(db, ctx.userId, q.seasonId, buyer.buyerType, buyer.buyerId, q.shopId);
  return cart(db, ctx);
}

type TakenLine = Awaited<ReturnType<typeof repo.takeLines>>[number];

/**
 * The taken lines as the order's input: a colour entered by a run (配码 × 手数) goes as that run
 * when the run still gives exactly the cart's quantities (the order then remembers it); any other
 * colour goes cell by cell (the order infers the style's run when the cells are whole runs of it).
 */
async function orderInput(trx: Db, seasonId: number, taken: readonly TakenLine[]) {
  const styles = await orderableStyles(trx, seasonId, [...new Set(taken.map((l) => l.product_id))]);
  const runsOf = new Map<number, Awaited<ReturnType<typeof runOptions>>>();
  const lines: SalesOrderLineInput[] = [];
  const runs: SalesOrderRunInput[] = [];
  const groups = new Map<string, TakenLine[]>();
  for (const l of taken) groups.set(`${l.product_id}:${l.colour_id}`, [...(groups.get(`${l.product_id}:${l.colour_id}`) ?? []), l]);
  for (const group of groups.values()) {
    const first = group[0]!;
    const style = styles.get(first.product_id);
    const byRun = first.size_run_id !== null && first.run_count !== null && group.every((l) => l.size_run_id === first.size_run_id && l.run_count === first.run_count);
    if (style && byRun) {
      if (!runsOf.has(style.sizeGroupId)) runsOf.set(style.sizeGroupId, await runOptions(trx, style.sizeGroupId));
      const run = runsOf.get(style.sizeGroupId)!.find((r) => r.id === first.size_run_id);
      const counts = new Map(run?.counts.map((c) => [c.sizeName, c.count]) ?? []);
      const quantityOf = new Map(group.map((l) => [l.sku_id, l.quantity]));
      const colourSkus = style.skus.filter((k) => k.colour_id === first.colour_id);
      const same =
        run !== undefined &&
        group.every((l) => colourSkus.some((k) => k.sku_id === l.sku_id)) &&
        colourSkus.every((k) => (counts.get(k.size_name) ?? 0) * first.run_count! === (quantityOf.get(k.sku_id) ?? 0));
      if (same) {
        runs.push({ productId: first.product_id, colourId: first.colour_id, sizeRunId: first.size_run_id!, runCount: first.run_count! });
        continue;
      }
    }
    for (const l of group) lines.push({ skuId: l.sku_id, quantity: l.quantity });
  }
  return { lines, runs };
}

/**
 * 保存为草稿 / 提交订单: one season + buyer + shop of the cart becomes a 订货单 (submitted at once
 * with `submit`: the quota is reserved and re-checked), and exactly those lines leave the cart. All
 * in one transaction: a refusal leaves the cart as it was; a second checkout finds it empty.
 */
export async function checkout(db: Db, ctx: CartContext, input: CartCheckoutInput): Promise<CartCheckoutAnswer> {
  assertBuyerSide(ctx.scope);
  if (input.seasonId === null || input.seasonId === undefined) throw badRequest(M.seasonRequired);
  if (!isId(input.seasonId)) throw badRequest(M.seasonNotOpen);
  return withTransaction(db, async (trx) => {
    await repo.lockCart(trx, ctx.userId);
    const key = await checkedKey(trx, ctx, input);
    const taken = await repo.takeLines(trx, key);
    if (taken.length === 0) throw badRequest(CartMessages.empty);
    const { lines, runs } = await orderInput(trx, key.seasonId, taken);
    let order = await createOrder(trx, ctx, {
      seasonId: key.seasonId,
      buyerType: key.buyerType,
      buyerId: key.buyerId,
      shopId: key.shopId,
      remark: input.remark ?? '',
      lines,
      runs,
    });
    if (input.submit === true) order = await actOnOrder(trx, ctx, order.id, 'submit');
    return { orderId: order.id, orderNo: order.orderNo, status: order.status, totalQuantity: order.totalQuantity, totalAmountFen: order.totalAmountFen };
  });
}
