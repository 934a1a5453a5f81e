import { orderableStockBySku } from '../stock/stock-read.service.ts';
import { openPurchaseBySku } from '../purchasing/purchase-order-read.service.ts';
import {
  OrderingMessages,
  priceLine,
  SHOP_KIND_LABELS,
  shanghaiToday,
  type BuyerType,
  type CatalogueBuyer,
  type CataloguePage,
  type CatalogueSeason,
  type CatalogueSku,
  type CatalogueStyle,
  type CatalogueStyleDetail,
  type PricingStyle,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { agentOptions, getAgent } from '../parties/agents.service.ts';
import { getShop, pageShops } from '../parties/shops.service.ts';
import { pricingContext, pricingStyles } from '../planning/price-simulation.service.ts';
import { brandOptions } from '../product-master/brands.service.ts';
import { allowedBrandIds, brandAllowed } from './buyer-brands.service.ts';
import * as repo from './catalogue.repo.ts';
import type { CatalogueSortColumn } from './catalogue.schema.ts';

// 订货 (the buyer's catalogue): the on-sale styles of the seasons open today (Asia/Shanghai), each
// priced for one buyer by the planning service's rules through the shared pricing function — the
// price simulation's path, so both always agree — with HQ's available stock per SKU for spot
// seasons. A page costs the same few statements whatever its size: the buyer and its rules, the
// page, the styles' pricing attributes, their SKUs and their stock; never one per style.
//
// Who buys: an agent for itself or one of its shops, a shop for itself, HQ for any enabled buyer it
// names; a supplier is refused; a buyer outside the caller's scope answers 404 like a missing one.
// 可订品牌: a buyer HQ limited to some brands sees only their styles (allowedBrandIds).

const BUYER_OPTIONS_MAX = 50;

interface BuyerRef {
  buyerType: BuyerType;
  buyerId: number;
}

async function enabledParty(db: Db, scope: PartyScope, ref: BuyerRef): Promise<void> {
  const party = ref.buyerType === 'agent' ? await getAgent(db, scope, ref.buyerId) : await getShop(db, scope, ref.buyerId);
  if (party.status !== 'enabled') throw notFound(OrderingMessages.buyerNotFound);
}

/** The buyer a call is for, checked against the caller's scope. */
export async function resolveBuyer(db: Db, scope: PartyScope, query: { buyerType?: BuyerType; buyerId?: number }): Promise<BuyerRef> {
  if (scope.kind === 'supplier' || scope.kind === 'none') throw forbidden();
  let ref: BuyerRef;
  if (scope.kind === 'all') {
    if (!query.buyerType || query.buyerId === undefined) throw badRequest(OrderingMessages.buyerRequired);
    ref = { buyerType: query.buyerType, buyerId: query.buyerId };
  } else if (scope.kind === 'agent') {
    const buyerType = query.buyerType ?? 'agent';
    const buyerId = query.buyerId ?? (buyerType === 'agent' ? scope.agentId : undefined);
    if (buyerId === undefined) throw badRequest(OrderingMessages.buyerRequired);
    // another agent is out of scope; a shop is checked by the parties service (its own shops only)
    if (buyerType === 'agent' && buyerId !== scope.agentId) throw notFound(OrderingMessages.buyerNotFound);
    ref = { buyerType, buyerId };
  } else {
    const buyerType = query.buyerType ?? 'shop';
    const buyerId = query.buyerId ?? scope.shopId;
    if (buyerType !== 'shop' || buyerId !== scope.shopId) throw notFound(OrderingMessages.buyerNotFound);
    ref = { buyerType, buyerId };
  }
  await enabledParty(db, scope, ref);
  return ref;
}

/** The buyers the caller may order for; `chooses` is false for a shop (it is its own buyer). */
export async function buyers(db: Db, scope: PartyScope, keyword: string | undefined): Promise<{ chooses: boolean; buyers: CatalogueBuyer[] }> {
  if (scope.kind === 'supplier' || scope.kind === 'none') throw forbidden();
  if (scope.kind === 'shop') {
    const shop = await getShop(db, scope, scope.shopId);
    return { chooses: false, buyers: [{ type: 'shop', id: shop.id, code: shop.code, name: shop.name, description: SHOP_KIND_LABELS[shop.kind] }] };
  }
  const params = { page: 1, limit: BUYER_OPTIONS_MAX, offset: 0, sortColumn: 'shops.code' as const, order: 'asc' as const, loadType: undefined };
  const [agents, shops] = await Promise.all([agentOptions(db, scope), pageShops(db, scope, { keyword: keyword || undefined, status: 'enabled' }, params)]);
  const needle = keyword?.toLowerCase();
  const agentBuyers = agents
    .filter((a) => a.status === 'enabled' && (!needle || a.code.toLowerCase().includes(needle) || a.name.toLowerCase().includes(needle)))
    .slice(0, BUYER_OPTIONS_MAX)
    .map((a): CatalogueBuyer => ({ type: 'agent', id: a.id, code: a.code, name: a.name, description: scope.kind === 'agent' ? '代理商（本公司）' : '代理商' }));
  const shopBuyers = shops.records.map(
    (s): CatalogueBuyer => ({ type: 'shop', id: s.id, code: s.code, name: s.name, description: `${SHOP_KIND_LABELS[s.kind]}${s.agentName ? ` · 隶属 ${s.agentName}` : ''}` }),
  );
  return { chooses: true, buyers: [...agentBuyers, ...shopBuyers] };
}

/** The catalogue's brand filter: the enabled brands the buyer may order (every one when HQ named none). */
export async function catalogueBrands(db: Db, scope: PartyScope, query: { buyerType?: BuyerType; buyerId?: number }) {
  const ref = await resolveBuyer(db, scope, query);
  const [allowed, brands] = await Promise.all([allowedBrandIds(db, ref), brandOptions(db)]);
  return brands.filter((b) => brandAllowed(allowed, b.id)).map((b) => ({ id: b.id, code: b.code, name: b.name }));
}

export async function openSeasons(db: Db, scope: PartyScope): Promise<CatalogueSeason[]> {
  if (scope.kind === 'supplier' || scope.kind === 'none') throw forbidden();
  const rows = await repo.openSeasons(db, shanghaiToday());
  return rows.map((row) => ({ id: row.id, code: row.code, name: row.name, kind: row.kind, opensOn: row.opens_on, closesOn: row.closes_on }));
}

function toSku(row: repo.CatalogueSkuRow, spot: boolean, stock: ReadonlyMap<number, number>, expected: ReadonlyMap<number, number>): CatalogueSku {
  return {
    skuId: row.sku_id,
    colourId: row.colour_id,
    colourCode: row.colour_code,
    colourName: row.colour_name,
    colourHex: row.colour_hex,
    sizeId: row.size_id,
    sizeName: row.size_name,
    sizeSort: row.size_sort,
    barcode: row.barcode,
    available: spot ? (stock.get(row.sku_id) ?? 0) : null,
    expected: spot ? null : (expected.get(row.sku_id) ?? 0),
  };
}

/** The styles' SKUs, pricing attributes and (spot) stock, each read once for all of them. */
async function pageExtras(db: Db, rows: readonly repo.CatalogueRow[]) {
  const productIds = [...new Set(rows.map((r) => r.product_id))];
  const spotIds = [...new Set(rows.filter((r) => r.season_kind === 'spot').map((r) => r.product_id))];
  const preorderIds = [...new Set(rows.filter((r) => r.season_kind !== 'spot').map((r) => r.product_id))];
  const [styles, skuRows, stock, expected] = await Promise.all([
    pricingStyles(db, productIds),
    repo.skusOfStyles(db, productIds),
    spotIds.length > 0 ? orderableStockBySku(db, spotIds) : Promise.resolve(new Map<number, number>()),
    preorderIds.length > 0 ? openPurchaseBySku(db, preorderIds) : Promise.resolve(new Map<number, number>()),
  ]);
  const skusOf = new Map<number, repo.CatalogueSkuRow[]>();
  for (const sku of skuRows) skusOf.set(sku.product_id, [...(skusOf.get(sku.product_id) ?? []), sku]);
  return { styles, skusOf, stock, expected };
}

function toStyle(
  row: repo.CatalogueRow,
  unitPriceFen: number,
  skuRows: readonly repo.CatalogueSkuRow[],
  counts: { stock: ReadonlyMap<number, number>; expected: ReadonlyMap<number, number> },
): CatalogueStyle {
  const spot = row.season_kind === 'spot';
  const skus = skuRows.map((sku) => toSku(sku, spot, counts.stock, counts.expected));
  return {
    seasonId: row.season_id,
    seasonName: row.season_name,
    seasonKind: row.season_kind,
    productId: row.product_id,
    styleNo: row.style_no,
    name: row.name,
    brandName: row.brand_name ?? '',
    categoryName: row.category_name ?? '',
    year: row.year,
    season: row.season,
    seasonLabel: row.season_label ?? row.season,
    mainImage: row.main_image,
    wholesalePriceFen: row.wholesale_price_fen,
    unitPriceFen,
    totalAvailable: spot ? skus.reduce((sum, sku) => sum + (sku.available ?? 0), 0) : null,
    skus,
  };
}

const styleOf = (styles: ReadonlyMap<number, PricingStyle>, row: repo.CatalogueRow): PricingStyle =>
  styles.get(row.product_id) ?? { productId: row.product_id, wholesalePriceFen: row.wholesale_price_fen, brandId: 0, categoryIds: [], season: row.season, tagIds: [] };

export async function pageCatalogue(
  db: Db,
  scope: PartyScope,
  query: { buyerType?: BuyerType; buyerId?: number } & repo.CatalogueFilter,
  params: ListParams<CatalogueSortColumn>,
): Promise<CataloguePage & { totalCapped?: boolean }> {
  const ref = await resolveBuyer(db, scope, query);
  const day = shanghaiToday();
  const { seasonId, brandId, categoryId, season, year, tagId, keyword } = query;
  const brandIds = (await allowedBrandIds(db, ref)) ?? undefined;
  const [context, page] = await Promise.all([
    pricingContext(db, { ...ref, day }),
    repo.pageCatalogue(db, day, { seasonId, brandId, categoryId, season: season || undefined, year, tagId, keyword: keyword || undefined, brandIds }, params),
  ]);
  const { styles, skusOf, ...counts } = await pageExtras(db, page.records);
  const records = page.records.map((row) => {
    const { unitPriceFen } = priceLine(context.buyer, styleOf(styles, row), context.rules, day);
    return toStyle(row, unitPriceFen, skusOf.get(row.product_id) ?? [], counts);
  });
  return { buyer: context.shown, day, records, total: page.total, ...(page.totalCapped ? { totalCapped: true } : {}) };
}

/** One style of the open seasons with all its SKUs and its price breakdown; a style no open season offers: 404. */
export async function catalogueStyle(
  db: Db,
  scope: PartyScope,
  productId: number,
  query: { buyerType?: BuyerType; buyerId?: number; seasonId?: number },
): Promise<CatalogueStyleDetail> {
  const ref = await resolveBuyer(db, scope, query);
  const day = shanghaiToday();
  const [context, row, allowed] = await Promise.all([pricingContext(db, { ...ref, day }), repo.findCatalogueStyle(db, day, productId, query.seasonId), allowedBrandIds(db, ref)]);
  if (!row) throw notFound(OrderingMessages.styleNotInCatalogue);
  const { styles, skusOf, ...counts } = await pageExtras(db, [row]);
  // a brand the buyer may not order is not in its catalogue
  if (!brandAllowed(allowed, styleOf(styles, row).brandId)) throw notFound(OrderingMessages.styleNotInCatalogue);
  const line = priceLine(context.buyer, styleOf(styles, row), context.rules, day);
  const gallery = Array.isArray(row.gallery) ? row.gallery.filter((url): url is string => typeof url === 'string') : [];
  return { ...toStyle(row, line.unitPriceFen, skusOf.get(row.product_id) ?? [], counts), gallery, steps: line.steps, remark: row.remark };
}

/** What ordering (the 订货单) may order from a season today: the style, its run rules and its active SKUs. */
export interface OrderableStyle {
  productId: number;
  styleNo: string;
  name: string;
  /** 可订品牌 ask it (allowedBrandIds) */
  brandId: number;
  wholesalePriceFen: number;
  sizeGroupId: number;
  sizeRunId: number | null;
  wholeRuns: boolean;
  minRuns: number;
  skus: repo.CatalogueSkuRow[];
}

/** The season if it is enabled and open today (Asia/Shanghai), else null. */
export async function seasonOpenToday(db: Db, seasonId: number) {
  return (await repo.openSeason(db, seasonId, shanghaiToday())) ?? null;
}

/**
 * The styles of `productIds` that `seasonId` offers and that are on sale, each with its active
 * SKUs (colour and size order) and run rules; a style missing from the answer may not be ordered.
 */
export async function orderableStyles(db: Db, seasonId: number, productIds: readonly number[]): Promise<Map<number, OrderableStyle>> {
  const ids = [...new Set(productIds)];
  const [styles, skus] = await Promise.all([repo.offeredStyles(db, seasonId, ids), repo.skusOfStyles(db, ids)]);
  const found = new Map<number, OrderableStyle>();
  for (const s of styles) {
    found.set(s.id, {
      productId: s.id,
      styleNo: s.style_no,
      name: s.name,
      brandId: s.brand_id,
      wholesalePriceFen: s.wholesale_price_fen,
      sizeGroupId: s.size_group_id,
      sizeRunId: s.size_run_id,
      wholeRuns: s.whole_runs,
      minRuns: s.min_runs,
      skus: [],
    });
  }
  for (const sku of skus) found.get(sku.product_id)?.skus.push(sku);
  return found;
}

/** The style each SKU belongs to (unknown ids are left out). */
export async function styleIdsOfSkus(db: Db, skuIds: readonly number[]): Promise<Map<number, number>> {
  return new Map((await repo.stylesOfSkus(db, skuIds)).map((r) => [r.id, r.product_id]));
}
