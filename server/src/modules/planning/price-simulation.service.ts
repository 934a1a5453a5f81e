import {
  PlanningMessages,
  policyTargetName,
  priceLine,
  SHOP_KIND_LABELS,
  shanghaiToday,
  type BuyerType,
  type PriceSimulation,
  type PricingBuyer,
  type PricingPolicy,
  type PricingRules,
  type PricingSpecial,
  type PricingStyle,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import * as repo from './price-simulation.repo.ts';

// 价格模拟: a style's price for one buyer on one day, priced by the shared function from the rules
// the server loads — the same path orders will take, so nothing here ever takes a price from a client.

interface LoadedBuyer {
  buyer: PricingBuyer;
  shown: PriceSimulation['buyer'];
  /** the agent's level as named in the dictionary ('' for a shop) */
  levelName: string;
}

async function loadBuyer(db: Db, type: BuyerType, id: number): Promise<LoadedBuyer> {
  if (type === 'agent') {
    const agent = await repo.findAgentBuyer(db, id);
    if (!agent) throw notFound(PlanningMessages.agentNotFound);
    const levelName = agent.level_name ?? agent.level;
    return {
      buyer: { kind: 'agent', agentId: agent.id, level: agent.level },
      shown: { type, id: agent.id, code: agent.code, name: agent.name, description: `代理商 · ${levelName || '未定级'}` },
      levelName,
    };
  }
  const shop = await repo.findShopBuyer(db, id);
  if (!shop) throw notFound(PlanningMessages.shopNotFound);
  const under = shop.agent_name ? ` · 隶属 ${shop.agent_name}` : '';
  return {
    buyer: { kind: 'shop', shopId: shop.id, shopKind: shop.kind, agentId: shop.agent_id },
    shown: { type, id: shop.id, code: shop.code, name: shop.name, description: `${SHOP_KIND_LABELS[shop.kind]}${under}` },
    levelName: '',
  };
}

/** The policies of the buyer's kind, named as the breakdown shows them (一级代理政策, 加盟店政策). */
async function loadPolicies(db: Db, buyer: PricingBuyer, levelName: string): Promise<PricingPolicy[]> {
  const targetType = buyer.kind === 'agent' ? 'agent_level' : 'shop_kind';
  const rows = await repo.policiesOf(db, targetType);
  return rows.map((row) => ({
    id: row.id,
    name: `${policyTargetName(row.target_type, row.target_value, buyer.kind === 'agent' && row.target_value === buyer.level ? levelName : row.target_value)}政策`,
    targetType: row.target_type,
    targetValue: row.target_value,
    rateBp: row.rate_bp,
    enabled: row.enabled,
  }));
}

async function loadSpecials(db: Db, buyer: PricingBuyer, day: string): Promise<PricingSpecial[]> {
  const rows = await repo.specialsInForce(db, day, { agentId: buyer.agentId, shopId: buyer.kind === 'shop' ? buyer.shopId : null });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    targetType: row.target_type,
    agentId: row.agent_id,
    shopId: row.shop_id,
    brandId: row.brand_id,
    categoryId: row.category_id,
    season: row.season,
    tagId: row.tag_id,
    productId: row.product_id,
    mode: row.mode,
    rateBp: row.rate_bp,
    fixedPriceFen: row.fixed_price_fen,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    enabled: row.enabled,
  }));
}

export async function simulatePrice(db: Db, query: { productId: number; buyerType: BuyerType; buyerId: number; day?: string }): Promise<PriceSimulation> {
  const day = query.day ?? shanghaiToday();
  const [{ buyer, shown, levelName }, style] = await Promise.all([loadBuyer(db, query.buyerType, query.buyerId), repo.findStyle(db, query.productId)]);
  if (!style) throw notFound(PlanningMessages.productNotFound);
  const [policies, specials] = await Promise.all([loadPolicies(db, buyer, levelName), loadSpecials(db, buyer, day)]);
  const line = priceLine(
    buyer,
    { productId: style.id, wholesalePriceFen: style.wholesale_price_fen, brandId: style.brand_id, categoryIds: style.categoryIds, season: style.season, tagIds: style.tagIds },
    { policies, specials },
    day,
  );
  return {
    day,
    buyer: shown,
    product: { id: style.id, styleNo: style.style_no, name: style.name, wholesalePriceFen: style.wholesale_price_fen },
    steps: line.steps,
    unitPriceFen: line.unitPriceFen,
  };
}

/**
 * What pricing needs for one buyer on one day — the buyer as the pricing function sees it, how the
 * screens name it, and the rules that may apply — loaded once for a whole page of styles (the
 * catalogue prices every style of its page with it, through the same function as simulatePrice).
 * A missing agent or shop: 404.
 */
export async function pricingContext(
  db: Db,
  query: { buyerType: BuyerType; buyerId: number; day?: string },
): Promise<{ day: string; buyer: PricingBuyer; shown: PriceSimulation['buyer']; rules: PricingRules }> {
  const day = query.day ?? shanghaiToday();
  const { buyer, shown, levelName } = await loadBuyer(db, query.buyerType, query.buyerId);
  const [policies, specials] = await Promise.all([loadPolicies(db, buyer, levelName), loadSpecials(db, buyer, day)]);
  return { day, buyer, shown, rules: { policies, specials } };
}

/** Styles as the pricing function matches them (brand, category and its parents, season, tags), by id; absent ids are left out. */
export async function pricingStyles(db: Db, productIds: readonly number[]): Promise<Map<number, PricingStyle>> {
  const rows = await repo.findStyles(db, productIds);
  return new Map(
    rows.map((row) => [
      row.id,
      { productId: row.id, wholesalePriceFen: row.wholesale_price_fen, brandId: row.brand_id, categoryIds: row.categoryIds, season: row.season, tagIds: row.tagIds },
    ]),
  );
}

/** Pickers: agents, shops, styles by code or name. */
export async function options(db: Db, kind: 'agents' | 'shops' | 'products', keyword: string | undefined) {
  if (kind === 'products') return repo.productOptions(db, keyword || undefined);
  return repo.partyOptions(db, kind, keyword || undefined);
}

/** 退换货政策: the buyer's name and its enabled policy's rates and window, named as the screens show it (null when none applies). */
export async function afterSalesPolicy(
  db: Db,
  query: { buyerType: BuyerType; buyerId: number },
): Promise<{ buyerName: string; policy: { name: string; returnRateBp: number; swapRateBp: number; windowDays: number } | null }> {
  const { buyer, shown, levelName } = await loadBuyer(db, query.buyerType, query.buyerId);
  const targetType = buyer.kind === 'agent' ? 'agent_level' : 'shop_kind';
  const value = buyer.kind === 'agent' ? buyer.level : buyer.shopKind;
  const row = value ? await repo.afterSalesPolicyOf(db, targetType, value) : undefined;
  if (!row) return { buyerName: shown.name, policy: null };
  return {
    buyerName: shown.name,
    policy: {
      name: `${policyTargetName(row.target_type, row.target_value, buyer.kind === 'agent' ? levelName : row.target_value)}政策`,
      returnRateBp: row.return_rate_bp,
      swapRateBp: row.swap_rate_bp,
      windowDays: row.return_window_days,
    },
  };
}
