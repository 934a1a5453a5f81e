import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fetchPage } from '../../db/paging.ts';
import type { BuyerBrandSortColumn } from './buyer-brands.schema.ts';

// 可订品牌: this module's ordering_buyer_brands rows, plus what it reads of agents, shops, brands and
// users to name them and to scope an agent's list to its own shops (reads only).

type Page<C> = { limit: number; offset: number; sortColumn: C; order: 'asc' | 'desc' };
export type BuyerType = 'agent' | 'shop';

export interface BuyerBrandFilter {
  buyerType?: BuyerType;
  buyerId?: number;
  brandId?: number;
  /** an agent sees its own rows and its shops'; a shop its own */
  agentScope?: number;
  shopScope?: number;
}

const buyerCode = sql<string>`coalesce(CASE bb.buyer_type WHEN 'agent' THEN (SELECT a.code FROM agents a WHERE a.id = bb.buyer_id) ELSE (SELECT s.code FROM shops s WHERE s.id = bb.buyer_id) END, '')`;
const buyerName = sql<string>`coalesce(CASE bb.buyer_type WHEN 'agent' THEN (SELECT a.name FROM agents a WHERE a.id = bb.buyer_id) ELSE (SELECT s.name FROM shops s WHERE s.id = bb.buyer_id) END, '')`;

export function pageBuyerBrands(db: Db, filter: BuyerBrandFilter, page: Page<BuyerBrandSortColumn>) {
  let base = db.selectFrom('ordering_buyer_brands as bb').innerJoin('brands as b', 'b.id', 'bb.brand_id');
  if (filter.buyerType) base = base.where('bb.buyer_type', '=', filter.buyerType);
  if (filter.buyerId !== undefined) base = base.where('bb.buyer_id', '=', filter.buyerId);
  if (filter.brandId !== undefined) base = base.where('bb.brand_id', '=', filter.brandId);
  const { agentScope, shopScope } = filter;
  if (agentScope !== undefined) {
    base = base.where((eb) =>
      eb.or([
        eb.and([eb('bb.buyer_type', '=', 'agent'), eb('bb.buyer_id', '=', agentScope)]),
        eb.and([eb('bb.buyer_type', '=', 'shop'), eb('bb.buyer_id', 'in', eb.selectFrom('shops').select('id').where('agent_id', '=', agentScope))]),
      ]),
    );
  }
  if (shopScope !== undefined) base = base.where('bb.buyer_type', '=', 'shop').where('bb.buyer_id', '=', shopScope);
  return fetchPage(
    base,
    (query) =>
      query
        .leftJoin('users as u', 'u.id', 'bb.created_by')
        .select([
          'bb.id',
          'bb.buyer_type',
          'bb.buyer_id',
          buyerCode.as('buyer_code'),
          buyerName.as('buyer_name'),
          'bb.brand_id',
          'b.code as brand_code',
          'b.name as brand_name',
          'b.enabled as brand_enabled',
          'u.name as user_name',
          'bb.created_at',
        ])
        .orderBy(page.sortColumn, page.order)
        .orderBy('bb.id', page.order),
    page,
  );
}
export type BuyerBrandRow = Awaited<ReturnType<typeof pageBuyerBrands>>['records'][number];

/** The brand ids one buyer may order (none: every brand). */
export async function brandIdsOf(db: Db, buyerType: BuyerType, buyerId: number): Promise<number[]> {
  const rows = await db.selectFrom('ordering_buyer_brands').select('brand_id').where('buyer_type', '=', buyerType).where('buyer_id', '=', buyerId).orderBy('brand_id').execute();
  return rows.map((r) => r.brand_id);
}

/** Adds the brands the buyer does not have yet; answers how many were added. */
export async function insertBrands(db: Db, buyerType: BuyerType, buyerId: number, brandIds: readonly number[], userId: number): Promise<number> {
  if (brandIds.length === 0) return 0;
  const rows = await db
    .insertInto('ordering_buyer_brands')
    .values(brandIds.map((brandId) => ({ buyer_type: buyerType, buyer_id: buyerId, brand_id: brandId, created_by: userId })))
    .onConflict((oc) => oc.columns(['buyer_type', 'buyer_id', 'brand_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

export async function deleteBuyerBrand(db: Db, id: number): Promise<number> {
  const result = await db.deleteFrom('ordering_buyer_brands').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many buyers name the brand (a brand named here is not deleted). */
export async function countBuyersOfBrand(db: Db, brandId: number): Promise<number> {
  const row = await db
    .selectFrom('ordering_buyer_brands')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('brand_id', '=', brandId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
