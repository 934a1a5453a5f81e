// Data of the ordering benchmark (bench/ordering.bench.ts), in a migrated schema holding the demo
// business (seedDemoData) and the demo's pricing (seedDemoPricing: policies per agent level and shop
// kind, specials for AG001, SH001 and winter styles), written with INSERT … SELECT generate_series:
//  - `styles` spot styles OB000001… (2 colours × S/M/L/XL = 8 SKUs each) of both brands, the twelve
//    leaf categories, years 2024–2026 and four seasons, every fifth one tagged; and PRE_STYLES (25)
//    pre-order styles OP000001… (200 SKUs);
//  - 压测现货 (spot, open since a week) offering every OB style, 压测期货 (pre-order, open since
//    yesterday) offering every OP style;
//  - HQ stock of the OB SKUs in 杭州总仓 as posted receipts leave it: moves (a floor receipt for
//    eight SKUs in nine, a shelf receipt for every fourth) and balances that are their sums;
//  - four more condition specials (brand, category, tag, season) through the planning service, and
//    shop01's quota (SH001) in the spot season through the quota service, wide enough for the run.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../server/src/db/database.ts';
import { seedDemoPricing } from '../server/src/demo/demo-pricing.ts';
import { createQuota } from '../server/src/modules/ordering/quotas.service.ts';
import { createSpecial } from '../server/src/modules/planning/planning.service.ts';

export const PRE_STYLES = 25;
/** the keyword case's word: in about one style name in ten */
export const KEYWORD = '羊毛';

export interface OrderingWorld {
  adminId: number;
  shop01Id: number;
  sh001: number;
  spotSeason: number;
  preSeason: number;
  quotaId: number;
  brands: number[];
  /** a level-2 category (its leaves below it) */
  parentCategory: number;
  tagId: number;
  /** OB styles in style-no. order, with their SKU ids in colour and size order */
  spotStyles: { productId: number; skuIds: number[] }[];
  /** the OP SKUs in style, colour and size order */
  preSkus: number[];
  counts: { styles: number; skus: number; moves: number; balances: number };
}

const today = `(now() AT TIME ZONE 'Asia/Shanghai')::date`;

export async function seedOrdering(db: Db, styles: number): Promise<OrderingWorld> {
  if (!(await seedDemoPricing(db))) throw new Error('demo pricing not seeded');
  const script = `
INSERT INTO products (style_no, name, brand_id, category_id, year, season, gender, unit,
    retail_price_fen, wholesale_price_fen, cost_price_fen, size_group_id, created_at)
  SELECT CASE WHEN i <= ${styles} THEN 'OB' || lpad(i::text, 6, '0') ELSE 'OP' || lpad((i - ${styles})::text, 6, '0') END,
    (ARRAY['女式','男式','童装'])[1 + i % 3]
      || (ARRAY['双面${KEYWORD}','真丝','纯棉','亚麻','针织','牛仔','羽绒','摇粒绒','灯芯绒','雪纺'])[1 + (i / 3) % 10]
      || (ARRAY['大衣','连衣裙','衬衫','T恤','夹克','休闲裤','半身裙','卫衣','风衣','马甲','西装','毛衣'])[1 + (i / 30) % 12]
      || ' ' || i,
    (ARRAY(SELECT id FROM brands ORDER BY id))[1 + i % (SELECT count(*) FROM brands)::int],
    (ARRAY(SELECT id FROM product_categories WHERE level = 3 ORDER BY id))[1 + (i / 7) % (SELECT count(*) FROM product_categories WHERE level = 3)::int],
    2024 + i % 3, (ARRAY['spring','summer','autumn','winter'])[1 + (i / 2) % 4], (ARRAY['female','male','kids'])[1 + i % 3], 'jian',
    39900 + (i % 100) * 1000, 19900 + (i % 100) * 500, 9000 + (i % 100) * 200,
    (SELECT id FROM size_groups WHERE is_default), now() - i * interval '1 minute'
  FROM generate_series(1, ${styles + PRE_STYLES}) i;
ANALYZE products;
INSERT INTO skus (product_id, colour_id, size_id, barcode)
  SELECT p.id, c.id, s.id, '29' || lpad((row_number() OVER (ORDER BY p.id, c.sort, s.sort))::text, 11, '0')
  FROM products p
  CROSS JOIN (SELECT id, sort FROM colours ORDER BY sort LIMIT 2) c
  CROSS JOIN (SELECT sizes.id, sizes.sort FROM sizes JOIN size_groups g ON g.id = sizes.group_id WHERE g.is_default AND sizes.name IN ('S', 'M', 'L', 'XL')) s
  WHERE p.style_no LIKE 'OB%' OR p.style_no LIKE 'OP%';
ANALYZE skus;
INSERT INTO tag_links (tag_id, target_type, target_id)
  SELECT (SELECT min(id) FROM tags WHERE name = '爆款'), 'product', p.id FROM products p WHERE p.style_no LIKE 'OB%' AND p.id % 5 = 0;
INSERT INTO ordering_seasons (code, name, kind, opens_on, closes_on, remark, created_by) VALUES
  ('OB-SPOT', '压测现货订货季', 'spot', ${today} - 7, ${today} + 60, '', (SELECT id FROM users WHERE account = 'admin')),
  ('OB-PRE', '压测期货订货季', 'preorder', ${today} - 1, ${today} + 30, '', (SELECT id FROM users WHERE account = 'admin'));
INSERT INTO ordering_season_styles (season_id, product_id, created_by)
  SELECT (SELECT id FROM ordering_seasons WHERE code = CASE WHEN p.style_no LIKE 'OB%' THEN 'OB-SPOT' ELSE 'OB-PRE' END), p.id, (SELECT id FROM users WHERE account = 'admin')
  FROM products p WHERE p.style_no LIKE 'OB%' OR p.style_no LIKE 'OP%';

CREATE TEMP TABLE bench_sku AS
  SELECT row_number() OVER (ORDER BY k.id) AS n, k.id
  FROM skus k JOIN products p ON p.id = k.product_id WHERE p.style_no LIKE 'OB%';
INSERT INTO stock_moves (warehouse_id, shelf_id, sku_id, quantity, unit_cost_fen, doc_type, document_type, doc_id, created_at, created_by)
  SELECT (SELECT id FROM warehouses WHERE code = 'WH-HZ'), NULL, k.id, 5 + k.n % 37, 9000, 'inbound', 'stock_doc', 90000000 + k.n / 200,
    now() - interval '3 days' + k.n * interval '1 second', (SELECT id FROM users WHERE account = 'admin')
  FROM bench_sku k WHERE k.n % 9 <> 0;
INSERT INTO stock_moves (warehouse_id, shelf_id, sku_id, quantity, unit_cost_fen, doc_type, document_type, doc_id, created_at, created_by)
  SELECT (SELECT id FROM warehouses WHERE code = 'WH-HZ'),
    (SELECT min(s.id) FROM shelves s JOIN warehouses w ON w.id = s.warehouse_id WHERE w.code = 'WH-HZ'), k.id, 6, 9000, 'inbound', 'stock_doc', 91000000 + k.n / 200,
    now() - interval '2 days' + k.n * interval '1 second', (SELECT id FROM users WHERE account = 'admin')
  FROM bench_sku k WHERE k.n % 4 = 0;
INSERT INTO stock_balances (warehouse_id, shelf_id, sku_id, quantity, allow_negative, updated_at)
  SELECT m.warehouse_id, m.shelf_id, m.sku_id, sum(m.quantity), w.allow_negative, max(m.created_at)
  FROM stock_moves m JOIN warehouses w ON w.id = m.warehouse_id
  WHERE m.doc_id >= 90000000
  GROUP BY m.warehouse_id, m.shelf_id, m.sku_id, w.allow_negative;
DROP TABLE bench_sku;
`;
  await db.transaction().execute(async (trx) => {
    for (const statement of script.split(/;\n(?=[A-Z-])/)) {
      const t0 = performance.now();
      await sql.raw(statement).execute(trx);
      if (process.env.SEED_VERBOSE) console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s  ${statement.trim().split('\n')[0]}`);
    }
  });
  for (const table of ['products', 'skus', 'tag_links', 'ordering_season_styles', 'stock_moves', 'stock_balances']) await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);

  const one = async <T>(query: Promise<T | undefined>, what: string): Promise<T> => {
    const row = await query;
    if (!row) throw new Error(`seed: no ${what}`);
    return row;
  };
  const adminId = (await one(db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst(), 'admin')).id;
  const shop01 = await one(db.selectFrom('users').select(['id', 'shop_id']).where('account', '=', 'shop01').executeTakeFirst(), 'shop01');
  const sh001 = shop01.shop_id!;
  const seasonId = async (code: string) => (await one(db.selectFrom('ordering_seasons').select('id').where('code', '=', code).executeTakeFirst(), code)).id;
  const [spotSeason, preSeason] = [await seasonId('OB-SPOT'), await seasonId('OB-PRE')];
  const brands = (await db.selectFrom('brands').select('id').orderBy('id').execute()).map((b) => b.id);
  const parentCategory = (await one(db.selectFrom('product_categories').select('id').where('level', '=', 2).orderBy('id').executeTakeFirst(), 'category')).id;
  const leafCategory = (await one(db.selectFrom('product_categories').select('id').where('level', '=', 3).orderBy('id', 'desc').executeTakeFirst(), 'leaf')).id;
  const tagId = (await one(db.selectFrom('tags').select('id').where('name', '=', '爆款').executeTakeFirst(), 'tag')).id;

  // more rules for the pricing function to match, as HQ would enter them
  const dayFromToday = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  const base = { targetType: 'condition', mode: 'rate', validFrom: dayFromToday(-5), validTo: dayFromToday(40), remark: '压测' };
  await createSpecial(db, adminId, { ...base, name: '压测 童装品牌特价', brandId: brands.at(-1)!, rateBp: 9_500 });
  await createSpecial(db, adminId, { ...base, name: '压测 分类特价', categoryId: leafCategory, rateBp: 9_300 });
  await createSpecial(db, adminId, { ...base, name: '压测 爆款特价', tagId, rateBp: 9_700 });
  await createSpecial(db, adminId, { ...base, name: '压测 秋季特价', season: 'autumn', rateBp: 9_600 });
  const quotaId = await createQuota(db, adminId, {
    seasonId: spotSeason,
    buyerType: 'shop',
    buyerId: sh001,
    limitFen: 100_000_000_000,
    limitPieces: 100_000_000,
    remark: '压测额度',
  });

  const skuRows = await db
    .selectFrom('skus as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .innerJoin('colours as c', 'c.id', 'k.colour_id')
    .innerJoin('sizes as z', 'z.id', 'k.size_id')
    .select(['k.id', 'k.product_id', 'p.style_no'])
    .where((eb) => eb.or([eb('p.style_no', 'like', 'OB%'), eb('p.style_no', 'like', 'OP%')]))
    .orderBy('p.style_no')
    .orderBy('c.sort')
    .orderBy('c.id')
    .orderBy('z.sort')
    .execute();
  const spotStyles: OrderingWorld['spotStyles'] = [];
  const preSkus: number[] = [];
  for (const row of skuRows) {
    if (row.style_no.startsWith('OP')) {
      preSkus.push(row.id);
      continue;
    }
    const last = spotStyles.at(-1);
    if (last?.productId === row.product_id) last.skuIds.push(row.id);
    else spotStyles.push({ productId: row.product_id, skuIds: [row.id] });
  }
  const { rows } = await sql<{ moves: string; balances: string }>`
    SELECT (SELECT count(*) FROM stock_moves) AS moves, (SELECT count(*) FROM stock_balances) AS balances`.execute(db);
  return {
    adminId,
    shop01Id: shop01.id,
    sh001,
    spotSeason,
    preSeason,
    quotaId,
    brands,
    parentCategory,
    tagId,
    spotStyles,
    preSkus,
    counts: { styles: spotStyles.length + PRE_STYLES, skus: skuRows.length, moves: Number(rows[0]!.moves), balances: Number(rows[0]!.balances) },
  };
}
