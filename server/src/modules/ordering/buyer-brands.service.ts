import { BUYER_BRANDS_BATCH_MAX, BuyerBrandMessages as M, buyerBrandDisabled, type BuyerBrandRecord, type BuyerBrandsAdded, type BuyerType } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { getAgent } from '../parties/agents.service.ts';
import { getShop } from '../parties/shops.service.ts';
import { brandsForUse } from '../product-master/brands.service.ts';
import * as repo from './buyer-brands.repo.ts';
import type { BuyerBrandSortColumn, BuyerBrandsBody } from './buyer-brands.schema.ts';
import { registerUsageCheck } from '../product-master/usage.service.ts';

// 可订品牌: HQ names the brands each buyer (the order's buyer: an agent, or a shop) may order. The
// rule is `allowedBrandIds` and nothing else: no rows, every brand (null); rows, only those. The
// catalogue, the style detail, order entry, order lines (checkedLines, so submitting a draft too)
// and the cart all ask it.

export interface Buyer {
  buyerType: BuyerType;
  buyerId: number;
}

/** The brands `buyer` may order, or null when it may order every brand (HQ has named none). */
export async function allowedBrandIds(db: Db, buyer: Buyer): Promise<number[] | null> {
  const ids = await repo.brandIdsOf(db, buyer.buyerType, buyer.buyerId);
  return ids.length > 0 ? ids : null;
}

/** Whether a style of `brandId` may be ordered under `allowed` (what allowedBrandIds answered). */
export const brandAllowed = (allowed: readonly number[] | null, brandId: number): boolean => allowed === null || allowed.includes(brandId);

function toRecord(row: repo.BuyerBrandRow): BuyerBrandRecord {
  return {
    id: row.id,
    buyerType: row.buyer_type,
    buyerId: row.buyer_id,
    buyerCode: row.buyer_code,
    buyerName: row.buyer_name,
    brandId: row.brand_id,
    brandCode: row.brand_code,
    brandName: row.brand_name,
    brandEnabled: row.brand_enabled,
    createdByName: row.user_name ?? '',
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** HQ all buyers' rows; an agent its own and its shops'; a shop its own; anyone else 403. */
export async function pageBuyerBrands(db: Db, scope: PartyScope, filter: { buyerType?: BuyerType; buyerId?: number; brandId?: number }, params: ListParams<BuyerBrandSortColumn>) {
  if (scope.kind === 'supplier' || scope.kind === 'none') throw forbidden();
  const scoped: repo.BuyerBrandFilter = { ...filter };
  if (scope.kind === 'agent') scoped.agentScope = scope.agentId;
  if (scope.kind === 'shop') scoped.shopScope = scope.shopId;
  const page = await repo.pageBuyerBrands(db, scoped, params);
  return { ...page, records: page.records.map(toRecord) };
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const HQ: PartyScope = { kind: 'all' };

/** The buyer exists (enabled or not: HQ may set a buyer's brands before it is switched on). */
async function assertBuyer(db: Db, buyer: Buyer): Promise<void> {
  try {
    if (buyer.buyerType === 'agent') await getAgent(db, HQ, buyer.buyerId);
    else await getShop(db, HQ, buyer.buyerId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound(M.buyerNotFound);
    throw error;
  }
}

/** 新增 (HQ): one or many enabled brands for one buyer; brands it has already, or named twice, are ignored. */
export async function addBuyerBrands(db: Db, userId: number, body: BuyerBrandsBody): Promise<BuyerBrandsAdded> {
  const { buyerType, buyerId, brandIds } = body;
  if (buyerType !== 'agent' && buyerType !== 'shop') throw badRequest(M.buyerRequired);
  if (buyerId === undefined || buyerId === null) throw badRequest(M.buyerRequired);
  if (!isId(buyerId)) throw notFound(M.buyerNotFound);
  if (!Array.isArray(brandIds) || brandIds.length === 0) throw badRequest(M.brandsRequired);
  if (brandIds.length > BUYER_BRANDS_BATCH_MAX) throw badRequest(M.brandsTooMany);
  if (!brandIds.every(isId)) throw badRequest(M.brandNotFound);
  const wanted = [...new Set(brandIds)];
  return withTransaction(db, async (trx) => {
    await assertBuyer(trx, { buyerType, buyerId });
    const brands = await brandsForUse(trx, wanted);
    if (brands.length !== wanted.length) throw badRequest(M.brandNotFound);
    const off = brands.find((b) => !b.enabled);
    if (off) throw badRequest(buyerBrandDisabled(off.name));
    const added = await repo.insertBrands(trx, buyerType, buyerId, wanted, userId);
    return { added, already: brandIds.length - added };
  });
}

/** 删除 (HQ): one row; a buyer left without rows may order every brand again. */
export async function removeBuyerBrand(db: Db, id: number): Promise<void> {
  if ((await repo.deleteBuyerBrand(db, id)) === 0) throw notFound(M.notFound);
}

/** How many buyers name the brand (product-master refuses to delete it while any does). */
export function countBuyersOfBrand(db: Db, brandId: number): Promise<number> {
  return repo.countBuyersOfBrand(db, brandId);
}

/** A brand that is some buyer's 可订品牌 is not deleted (product-master asks, with the routes registered). */
export function registerBrandUsage(): void {
  registerUsageCheck('brand', 'buyer-brands', async (trx, [id]) => {
    const buyers = await countBuyersOfBrand(trx, id!);
    return buyers > 0 ? `该品牌是${buyers}个订货方的可订品牌，不能删除` : null;
  });
}
