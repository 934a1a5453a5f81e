import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// 购物车: this module's cart lines (always one user's), plus what it reads of seasons, parties,
// styles, colours, sizes and runs to show them (reads only). No price is ever stored here.

export type BuyerType = 'agent' | 'shop';

/** One future order of a user's cart: season, buyer and receiving shop. */
export interface CartKey {
  userId: number;
  seasonId: number;
  buyerType: BuyerType;
  buyerId: number;
  shopId: number;
}

export interface CartLineValues {
  product_id: number;
  colour_id: number;
  sku_id: number;
  size_run_id: number | null;
  run_count: number | null;
  quantity: number;
}

const buyerName = sql<string>`coalesce(CASE l.buyer_type WHEN 'agent' THEN (SELECT a.name FROM agents a WHERE a.id = l.buyer_id) ELSE (SELECT s.name FROM shops s WHERE s.id = l.buyer_id) END, '')`;

/** Every line of the user's cart with what shows it, in season, buyer, shop, style, colour and size order. */
export function cartRows(db: Db, userId: number) {
  return db
    .selectFrom('ordering_cart_lines as l')
    .innerJoin('ordering_seasons as o', 'o.id', 'l.season_id')
    .innerJoin('shops as sh', 'sh.id', 'l.shop_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('skus as k', 'k.id', 'l.sku_id')
    .innerJoin('colours as c', 'c.id', 'l.colour_id')
    .innerJoin('sizes as z', 'z.id', 'k.size_id')
    .leftJoin('size_runs as r', 'r.id', 'l.size_run_id')
    .select([
      'l.id',
      'l.season_id',
      'o.name as season_name',
      'o.kind as season_kind',
      'l.buyer_type',
      'l.buyer_id',
      buyerName.as('buyer_name'),
      'l.shop_id',
      'sh.name as shop_name',
      'l.product_id',
      'p.style_no',
      'p.name as style_name',
      'p.main_image',
      'p.wholesale_price_fen',
      'p.size_group_id',
      'p.size_run_id as style_run_id',
      'p.whole_runs',
      'p.min_runs',
      'l.colour_id',
      'c.name as colour_name',
      'l.sku_id',
      'k.barcode',
      'z.name as size_name',
      'z.sort as size_sort',
      'l.size_run_id',
      'r.name as size_run_name',
      'l.run_count',
      'l.quantity',
    ])
    .where('l.user_id', '=', userId)
    .orderBy('l.season_id')
    .orderBy('l.buyer_type')
    .orderBy('l.buyer_id')
    .orderBy('l.shop_id')
    .orderBy('p.style_no')
    .orderBy('c.sort')
    .orderBy('c.id')
    .orderBy('z.sort')
    .execute();
}
export type CartRow = Awaited<ReturnType<typeof cartRows>>[number];

/** Serialises the changes of one user's cart (a PUT and a checkout never interleave). */
export async function lockCart(trx: Db, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`ordering_cart:${userId}`}, 0))`.execute(trx);
}

const ofKey = (key: CartKey) => (db: Db) =>
  db
    .deleteFrom('ordering_cart_lines')
    .where('user_id', '=', key.userId)
    .where('season_id', '=', key.seasonId)
    .where('buyer_type', '=', key.buyerType)
    .where('buyer_id', '=', key.buyerId)
    .where('shop_id', '=', key.shopId);

/** The style's listed colours take `lines` instead of what they held (none: the colours leave the cart). */
export async function replaceColours(trx: Db, key: CartKey, productId: number, colourIds: readonly number[], lines: readonly CartLineValues[]): Promise<void> {
  await ofKey(key)(trx)
    .where('product_id', '=', productId)
    .where('colour_id', 'in', [...colourIds])
    .execute();
  if (lines.length === 0) return;
  await trx
    .insertInto('ordering_cart_lines')
    .values(
      lines.map((l) => ({
        user_id: key.userId,
        season_id: key.seasonId,
        buyer_type: key.buyerType,
        buyer_id: key.buyerId,
        shop_id: key.shopId,
        ...l,
      })),
    )
    .execute();
}

/** Lines one future order holds. */
export async function countLines(db: Db, key: CartKey): Promise<number> {
  const row = await db
    .selectFrom('ordering_cart_lines')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', key.userId)
    .where('season_id', '=', key.seasonId)
    .where('buyer_type', '=', key.buyerType)
    .where('buyer_id', '=', key.buyerId)
    .where('shop_id', '=', key.shopId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One line of the user's cart; 0 when the user has no such line. */
export async function deleteLine(db: Db, userId: number, id: number): Promise<number> {
  const result = await db.deleteFrom('ordering_cart_lines').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A style (or one of its colours) of one future order. */
export async function deleteGroup(db: Db, key: CartKey, productId: number, colourId: number | undefined): Promise<number> {
  let query = ofKey(key)(db).where('product_id', '=', productId);
  if (colourId !== undefined) query = query.where('colour_id', '=', colourId);
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

/** Everything of a season and buyer (every receiving shop, or one). */
export async function deleteCart(db: Db, userId: number, seasonId: number, buyerType: BuyerType, buyerId: number, shopId: number | undefined): Promise<number> {
  let query = db
    .deleteFrom('ordering_cart_lines')
    .where('user_id', '=', userId)
    .where('season_id', '=', seasonId)
    .where('buyer_type', '=', buyerType)
    .where('buyer_id', '=', buyerId);
  if (shopId !== undefined) query = query.where('shop_id', '=', shopId);
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

/** Checkout: removes one future order's lines and answers them (row locks held until the transaction ends). */
export function takeLines(trx: Db, key: CartKey) {
  return ofKey(key)(trx).returning(['product_id', 'colour_id', 'sku_id', 'size_run_id', 'run_count', 'quantity']).execute();
}
