import {
  priceLine,
  RETURN_LINES_MAX,
  RETURN_QUANTITY_MAX,
  RETURN_REASON_MAX,
  RETURN_REMARK_MAX,
  returnAllowance,
  returnBuyerKey,
  ReturnMessages as M,
  SalesOrderInputMessages as OrderLineMessages,
  shanghaiToday,
  spreadOverLines,
  withinWindow,
  type ReturnableAnswer,
  type ReturnInput,
  type ReturnKind,
  type ReturnLineInput,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { allowedBrandIds, brandAllowed } from '../ordering/buyer-brands.service.ts';
import { orderableStyles, styleIdsOfSkus } from '../ordering/catalogue.service.ts';
import { afterSalesPolicy, pricingContext, pricingStyles } from '../planning/price-simulation.service.ts';
import { lastReceiptDays, receivedLines, seasonsReceived, shippedAmount, type ReceivedLineRow } from '../sales-orders/received-lines.service.ts';
import { type BuyerGroup, buyerGroups, buyerOptions } from './returns-buyers.ts';
import { noReturnStyles } from '../tags/tag-links.service.ts';
import * as repo from './returns.repo.ts';
import { optionalText } from '../../http/text-input.ts';

// A 退货单/换货单 as the server makes it from what the client sends (a shop, a season, SKUs and
// quantities): every back line is spread over the order lines the shop received the SKU on, at
// those lines' prices; nothing comes back that the shop did not receive (less what other returns
// hold), from a style tagged 不可退换, past the policy's window, or beyond the season's allowance.
// A swap's out lines obey an order line's rules (season, on sale, 可订品牌) and are priced today
// for the buyer by the shared pricing function.

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isQuantity = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= RETURN_QUANTITY_MAX;

export interface ShapedReturn {
  header: repo.ReturnHeaderValues;
  lines: repo.ReturnLineValues[];
}

/** The shop in the caller's scope with its warehouse (a shop outside the scope is not found). */
export async function shopInScope(db: Db, scope: PartyScope, shopId: unknown) {
  if (shopId === undefined || shopId === null) throw badRequest(M.shopRequired);
  const shop = isId(shopId) ? await repo.shopWithWarehouse(db, shopId) : undefined;
  const visible = shop && (scope.kind === 'all' || (scope.kind === 'agent' && shop.agent_id === scope.agentId) || (scope.kind === 'shop' && shop.id === scope.shopId));
  if (!shop || !visible) throw notFound(M.shopNotFound);
  if (shop.warehouse_id === null) throw badRequest(M.shopNoWarehouse(shop.name));
  return { ...shop, warehouse_id: shop.warehouse_id };
}

export async function seasonOf(db: Db, seasonId: unknown) {
  if (seasonId === undefined || seasonId === null) throw badRequest(M.seasonRequired);
  const season = isId(seasonId) ? await repo.seasonById(db, seasonId) : undefined;
  if (!season) throw badRequest(M.seasonNotFound);
  return season;
}

/** Checks a line list's shape: positive whole quantities, known SKU ids, each SKU once. */
function shapeInputs(inputs: unknown, offset = 0): ReturnLineInput[] {
  const list = Array.isArray(inputs) ? (inputs as ReturnLineInput[]) : [];
  const seen = new Set<number>();
  list.forEach((line, i) => {
    const n = offset + i + 1;
    if (!isId(line?.skuId)) throw badRequest(M.skuInvalid(n));
    if (!isQuantity(line.quantity)) throw badRequest(M.quantityInvalid(n));
    if (seen.has(line.skuId)) throw badRequest(M.duplicateSku(n));
    seen.add(line.skuId);
  });
  return list;
}

/** The rate of a kind from the buyer's policy. */
const rateOf = (kind: ReturnKind, policy: { returnRateBp: number; swapRateBp: number }) => (kind === 'return' ? policy.returnRateBp : policy.swapRateBp);

/**
 * Each received order line with its last receipt day, the pieces other returns do not hold, and
 * whether the policy's window still lets it back (what 可退 shows and what a return is spread over).
 */
async function openLines(db: Db, rows: readonly ReceivedLineRow[], windowDays: number, exceptId: number | null) {
  const ids = rows.map((r) => r.order_line_id);
  // one statement at a time: inside a transaction the connection takes one query at once
  const days = await lastReceiptDays(db, ids);
  const held = await repo.heldByOrderLines(db, ids, exceptId);
  const today = shanghaiToday();
  return rows.map((row) => {
    const day = days.get(row.order_line_id) ?? '';
    return { row, day, free: Math.max(0, row.received - (held.get(row.order_line_id) ?? 0)), inWindow: !!day && withinWindow(day, today, windowDays) };
  });
}

/**
 * What a shop may still send back in a season: per SKU, received less held, with the newest
 * price, the last receipt day and why it may not come back at all; and the buyer's allowance.
 */
export async function returnable(
  db: Db,
  scope: PartyScope,
  kind: ReturnKind,
  query: { shopId?: unknown; seasonId?: unknown; exceptId?: number | null; buyerKey?: string | null },
): Promise<ReturnableAnswer> {
  const shop = await shopInScope(db, scope, query.shopId);
  const season = await seasonOf(db, query.seasonId);
  const groups = buyerGroups(await receivedLines(db, { shopId: shop.id, seasonId: season.id }), shop.id);
  // the buyer asked for, or the one a return without a choice is for (the shop's own orders first)
  const buyer = query.buyerKey ? groups.find((g) => g.key === query.buyerKey) : groups[0];
  if (query.buyerKey && !buyer && groups.length > 0) throw badRequest(M.buyerInvalid);
  if (!buyer) {
    return {
      buyerKey: '',
      buyers: [],
      buyerType: 'shop',
      buyerId: shop.id,
      buyerName: shop.name,
      allowance: { policyName: '', rateBp: 0, windowDays: 0, shippedFen: 0, allowanceFen: 0, usedFen: 0, leftFen: 0 },
      skus: [],
    };
  }
  const mine = buyer.rows;
  const exceptId = query.exceptId ?? null;
  const [{ buyerName, policy }, blocked, shippedFen, usedFen] = await Promise.all([
    afterSalesPolicy(db, buyer),
    noReturnStyles(db, [...new Set(mine.map((r) => r.product_id))]),
    shippedAmount(db, { seasonId: season.id, buyerType: buyer.buyerType, buyerId: buyer.buyerId }),
    repo.usedAllowance(db, { kind, seasonId: season.id, buyerType: buyer.buyerType, buyerId: buyer.buyerId, exceptId }),
  ]);
  const windowDays = policy?.windowDays ?? 0;
  const rateBp = policy ? rateOf(kind, policy) : 0;
  const bySku = new Map<number, ReturnableAnswer['skus'][number]>();
  for (const { row, day, free, inWindow } of await openLines(db, mine, windowDays, exceptId)) {
    const sku = bySku.get(row.sku_id) ?? {
      skuId: row.sku_id,
      productId: row.product_id,
      styleNo: row.style_no,
      productName: row.product_name,
      colourName: row.colour_name,
      sizeName: row.size_name,
      barcode: row.barcode,
      received: 0,
      returned: 0,
      returnable: 0,
      unitPriceFen: row.unit_price_fen,
      lastReceivedDay: day,
      blocked: '',
    };
    sku.received += row.received;
    sku.returned += row.received - free;
    if (inWindow) sku.returnable += free;
    if (day > sku.lastReceivedDay) {
      sku.lastReceivedDay = day;
      sku.unitPriceFen = row.unit_price_fen;
    }
    bySku.set(row.sku_id, sku);
  }
  for (const sku of bySku.values()) {
    const tag = blocked.get(sku.productId);
    if (tag) sku.blocked = `不可退换（${tag}）`;
    else if (sku.returnable === 0 && sku.received > sku.returned) sku.blocked = `已超过收货后${windowDays}天`;
    if (sku.blocked) sku.returnable = 0;
  }
  return {
    buyerKey: buyer.key,
    buyers: await buyerOptions(db, groups),
    buyerType: buyer.buyerType,
    buyerId: buyer.buyerId,
    buyerName,
    allowance: { policyName: policy?.name ?? '', rateBp, windowDays, shippedFen, ...returnAllowance(shippedFen, rateBp, usedFen) },
    skus: [...bySku.values()],
  };
}

/** Season choices: those the shop received goods in (newest first), or every season without a shop. */
export async function seasonOptions(db: Db, scope: PartyScope, shopId: number | undefined) {
  if (shopId === undefined) return repo.seasons(db);
  const shop = await shopInScope(db, scope, shopId);
  return seasonsReceived(db, shop.id);
}

/**
 * Checks and prices a swap's out lines for the buyer today. The out leg is goods the buyer gets,
 * so an order line's rules apply, through ordering's own services and in its words: a style the
 * season offers and that is on sale, an active SKU of it, a brand the buyer may order (可订品牌).
 */
async function outLines(
  db: Db,
  seasonId: number,
  buyer: { buyerType: 'agent' | 'shop'; buyerId: number },
  inputs: readonly ReturnLineInput[],
  offset: number,
): Promise<repo.ReturnLineValues[]> {
  const styleOf = await styleIdsOfSkus(
    db,
    inputs.map((l) => l.skuId),
  );
  const productIds = [...new Set(styleOf.values())];
  const offered = await orderableStyles(db, seasonId, productIds);
  const allowed = await allowedBrandIds(db, buyer);
  inputs.forEach((line, i) => {
    const style = offered.get(styleOf.get(line.skuId) ?? 0);
    if (!style?.skus.some((k) => k.sku_id === line.skuId)) throw badRequest(OrderLineMessages.skuNotOffered(offset + i + 1));
    if (!brandAllowed(allowed, style.brandId)) throw badRequest(OrderLineMessages.brandNotAllowed(offset + i + 1, style.styleNo));
  });
  const [context, styles] = await Promise.all([pricingContext(db, buyer), pricingStyles(db, productIds)]);
  return inputs.map((line, i) => {
    const style = styles.get(styleOf.get(line.skuId) ?? 0);
    if (!style) throw badRequest(M.skuNotFound(offset + i + 1));
    const price = priceLine(context.buyer, style, context.rules, context.day);
    if (price.unitPriceFen <= 0) throw badRequest(M.outPriceMissing(offset + i + 1));
    return { leg: 'out' as const, order_line_id: null, product_id: style.productId, sku_id: line.skuId, quantity: line.quantity, unit_price_fen: price.unitPriceFen };
  });
}

/**
 * Checks and prices a return or swap (a draft's save, and again under the locks at submission):
 * `exceptId` is the return itself, whose own holding does not count against it.
 */
export async function shapeReturn(db: Db, scope: PartyScope, kind: ReturnKind, input: ReturnInput, exceptId: number | null): Promise<ShapedReturn> {
  const shop = await shopInScope(db, scope, input.shopId);
  const season = await seasonOf(db, input.seasonId);
  const reason = optionalText(input.reason, '原因', RETURN_REASON_MAX, M.reasonTooLong);
  if (!reason) throw badRequest(M.reasonRequired);
  const remark = optionalText(input.remark, '备注', RETURN_REMARK_MAX, M.remarkTooLong);
  const back = shapeInputs(input.lines);
  if (back.length === 0) throw badRequest(M.noLines);
  const out = kind === 'swap' ? shapeInputs(input.outLines, back.length) : [];
  if (kind === 'swap' && out.length === 0) throw badRequest(M.noOutLines);
  if (back.length + out.length > RETURN_LINES_MAX) throw badRequest(M.tooManyLines);

  const received = await receivedLines(db, {
    shopId: shop.id,
    seasonId: season.id,
    skuIds: back.map((l) => l.skuId),
  });
  const labels = new Map(
    (
      await repo.skuLabels(
        db,
        back.map((l) => l.skuId),
      )
    ).map((k) => [k.id, k]),
  );
  const barcodeOf = (skuId: number) => labels.get(skuId)?.barcode ?? `#${skuId}`;
  back.forEach((line, i) => {
    if (!received.some((r) => r.sku_id === line.skuId)) throw badRequest(M.notReceived(i + 1, barcodeOf(line.skuId)));
  });
  // one buyer's goods: the one chosen, or the first (the shop's own orders first) holding every SKU asked
  const groups = buyerGroups(received, shop.id);
  const holdsAll = (g: BuyerGroup) => back.every((l) => g.rows.some((r) => r.sku_id === l.skuId));
  const key = typeof input.buyerKey === 'string' && input.buyerKey ? input.buyerKey : null;
  const buyer = key ? groups.find((g) => g.key === key) : groups.find(holdsAll);
  if (!buyer) throw badRequest(key ? M.notOfBuyer(1, barcodeOf(back[0]!.skuId)) : M.mixedBuyers);
  back.forEach((line, i) => {
    if (!buyer.rows.some((r) => r.sku_id === line.skuId)) throw badRequest(M.notOfBuyer(i + 1, barcodeOf(line.skuId)));
  });
  const rows = buyer.rows;

  const blocked = await noReturnStyles(db, [...new Set(rows.map((r) => r.product_id))]);
  for (const row of rows) if (blocked.has(row.product_id)) throw badRequest(M.noReturn(row.style_no));
  const { policy } = await afterSalesPolicy(db, buyer);
  if (!policy) throw badRequest(M.noPolicy);

  const open = await openLines(db, rows, policy.windowDays, exceptId);
  const lines: repo.ReturnLineValues[] = [];
  for (const line of back) {
    const ofSku = open.filter((o) => o.row.sku_id === line.skuId);
    const barcode = ofSku[0]!.row.barcode;
    const inWindow = ofSku.filter((o) => o.inWindow);
    if (inWindow.length === 0) throw badRequest(M.windowPassed(barcode, policy.windowDays));
    const candidates = inWindow.map((o) => ({ orderLineId: o.row.order_line_id, returnable: o.free, lastReceivedDay: o.day }));
    const spread = spreadOverLines(line.quantity, candidates);
    if (!spread)
      throw badRequest(
        M.over(
          barcode,
          candidates.reduce((s, c) => s + Math.max(0, c.returnable), 0),
        ),
      );
    for (const part of spread) {
      const { row } = ofSku.find((o) => o.row.order_line_id === part.orderLineId)!;
      lines.push({ leg: 'back', order_line_id: row.order_line_id, product_id: row.product_id, sku_id: row.sku_id, quantity: part.quantity, unit_price_fen: row.unit_price_fen });
    }
  }

  const asked = lines.reduce((s, l) => s + l.quantity * l.unit_price_fen, 0);
  const shippedFen = await shippedAmount(db, { seasonId: season.id, buyerType: buyer.buyerType, buyerId: buyer.buyerId });
  const usedFen = await repo.usedAllowance(db, { kind, seasonId: season.id, buyerType: buyer.buyerType, buyerId: buyer.buyerId, exceptId });
  const { leftFen } = returnAllowance(shippedFen, rateOf(kind, policy), usedFen);
  if (asked > leftFen) throw badRequest(M.allowanceOver(kind === 'return' ? '退货' : '换货', leftFen, asked));

  if (out.length) lines.push(...(await outLines(db, season.id, buyer, out, back.length)));
  return {
    header: {
      kind,
      season_id: season.id,
      shop_id: shop.id,
      warehouse_id: shop.warehouse_id,
      agent_id: shop.agent_id,
      buyer_type: buyer.buyerType,
      buyer_id: buyer.buyerId,
      billed_type: buyer.billedType,
      billed_id: buyer.billedId,
      reason,
      remark,
    },
    lines,
  };
}

/** A stored return as its input again (submission re-checks it under the locks). */
export function inputOf(header: repo.ReturnRow, lines: readonly repo.StoredLine[]): ReturnInput {
  const sum = (leg: 'back' | 'out') => {
    const bySku = new Map<number, number>();
    for (const l of lines) if (l.leg === leg) bySku.set(l.sku_id, (bySku.get(l.sku_id) ?? 0) + l.quantity);
    return [...bySku].map(([skuId, quantity]) => ({ skuId, quantity }));
  };
  return {
    shopId: header.shop_id,
    seasonId: header.season_id,
    buyerKey: returnBuyerKey(header.buyer_type, header.buyer_id, header.billed_type, header.billed_id),
    reason: header.reason,
    remark: header.remark,
    lines: sum('back'),
    outLines: sum('out'),
  };
}
