// Volume data of the lists benchmark (bench/lists.bench.ts), written with INSERT … SELECT
// generate_series into a migrated schema that already holds the demo data:
//  - PRODUCTS styles (100,000) × 6 SKUs (2 colours × S/M/L) = 600,000 SKUs, style numbers LS0000001…,
//    names such as 女式真丝连衣裙 123; one style in RARE_EVERY (10,000) is named 貂绒…, so a search for
//    貂绒 matches a handful of styles and cannot stop early;
//  - 300,000 stock moves that agree with their balances: 150,000 receipts into the HQ warehouse (every
//    fourth SKU, on its shelves, a quarter off-shelf), 50,000 transfers out of it, 50,000 transfers into the three
//    shop warehouses and 50,000 shop sales; balances are the sums of these moves (200,000 rows).
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../server/src/db/database.ts';

export const RARE_WORD = '貂绒';
export const COMMON_WORD = '真丝';
const RARE_EVERY = 10_000;

export interface SeedCounts {
  products: number;
  skus: number;
  moves: number;
  balances: number;
}

export async function seedLists(db: Db, schema: string, products: number, moves = 300_000): Promise<SeedCounts> {
  const receipts = Math.floor(moves / 2);
  const transfers = Math.floor(moves / 6);
  const script = `
CREATE FUNCTION ${schema}.bench_ean13(body text) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT body || ((10 - (SELECT sum(substr(body, i, 1)::int * CASE WHEN i % 2 = 1 THEN 1 ELSE 3 END)
                         FROM generate_series(1, 12) i) % 10) % 10)::text
$$;
INSERT INTO products (style_no, name, brand_id, category_id, year, season, gender, unit,
    retail_price_fen, wholesale_price_fen, cost_price_fen, size_group_id, created_at)
  SELECT 'LS' || lpad(i::text, 7, '0'),
    (ARRAY['女式','男式','童装'])[1 + i % 3]
      || CASE WHEN i % ${RARE_EVERY} = 0 THEN '${RARE_WORD}'
              ELSE (ARRAY['双面羊毛','${COMMON_WORD}','纯棉','亚麻','针织','牛仔','羽绒','摇粒绒','灯芯绒','雪纺'])[1 + (i / 3) % 10] END
      || (ARRAY['大衣','连衣裙','衬衫','T恤','夹克','休闲裤','半身裙','卫衣','风衣','马甲','西装','毛衣'])[1 + (i / 30) % 12]
      || ' ' || i,
    (SELECT min(id) FROM brands), (SELECT min(id) FROM product_categories WHERE level = 3), 2020 + i % 7,
    (ARRAY['spring','summer','autumn','winter'])[1 + i % 4], (ARRAY['female','male','kids'])[1 + i % 3], 'jian',
    19900 + (i % 100) * 1000, 9900 + (i % 100) * 500, 5000 + (i % 100) * 200,
    (SELECT id FROM size_groups WHERE is_default), now() - i * interval '1 second'
  FROM generate_series(1, ${products}) i;
-- fresh statistics also replan the foreign-key checks this connection cached while the demo tables
-- were tiny (a cached sequential scan per SKU inserted made this quadratic)
ANALYZE products;
INSERT INTO skus (product_id, colour_id, size_id, barcode)
  SELECT p.id, c.id, s.id, ${schema}.bench_ean13('695' || lpad((row_number() OVER ())::text, 9, '0'))
  FROM products p
  CROSS JOIN (SELECT id FROM colours ORDER BY sort LIMIT 2) c
  CROSS JOIN (SELECT sizes.id FROM sizes JOIN size_groups g ON g.id = sizes.group_id WHERE g.is_default AND sizes.name IN ('S', 'M', 'L')) s
  WHERE p.style_no LIKE 'LS%';
ANALYZE skus;

-- the bench SKUs numbered 1…n in style order, HQ's shelves numbered 0…k-1, the shop warehouses 0…2
CREATE TEMP TABLE bench_sku AS
  SELECT row_number() OVER (ORDER BY p.style_no, s.colour_id, s.size_id) AS n, s.id
  FROM skus s JOIN products p ON p.id = s.product_id WHERE p.style_no LIKE 'LS%';
CREATE UNIQUE INDEX ON bench_sku (n);
CREATE TEMP TABLE bench_shelf AS
  SELECT row_number() OVER (ORDER BY s.id) - 1 AS n, s.id FROM shelves s JOIN warehouses w ON w.id = s.warehouse_id WHERE w.code = 'WH-HZ';
CREATE TEMP TABLE bench_shop AS
  SELECT row_number() OVER (ORDER BY code) - 1 AS n, id FROM warehouses WHERE code IN ('WH-SH001', 'WH-SH002', 'WH-SH003');
ANALYZE bench_sku;
ANALYZE bench_shelf;
ANALYZE bench_shop;

-- receipts of every fourth SKU (so the stock covers the whole catalogue), a quarter off-shelf
CREATE TEMP TABLE bench_receipt AS
  SELECT r, k.id AS sku_id,
    CASE WHEN r % 4 = 0 THEN NULL ELSE (SELECT id FROM bench_shelf WHERE bench_shelf.n = r % (SELECT count(*) FROM bench_shelf)) END AS shelf_id
  FROM generate_series(1, ${receipts}) r JOIN bench_sku k ON k.n = 1 + ((r - 1) * 4) % (SELECT count(*) FROM bench_sku);
CREATE UNIQUE INDEX ON bench_receipt (r);
ANALYZE bench_receipt;
INSERT INTO stock_moves (warehouse_id, shelf_id, sku_id, quantity, unit_cost_fen, doc_type, document_type, doc_id, created_at, created_by)
  SELECT (SELECT id FROM warehouses WHERE code = 'WH-HZ'), shelf_id, sku_id, 20 + r % 41, 5000, 'inbound', 'stock_doc', 10000000 + r / 100,
    now() - (${moves} - r) * interval '10 seconds', (SELECT id FROM users WHERE account = 'admin')
  FROM bench_receipt ORDER BY r;
-- every third receipt: out of HQ, into a shop warehouse, then a sale there
INSERT INTO stock_moves (warehouse_id, shelf_id, sku_id, quantity, doc_type, document_type, doc_id, created_at, created_by)
  SELECT x.warehouse_id, x.shelf_id, r.sku_id, x.quantity, x.doc_type, 'stock_doc', x.doc_id,
    now() - (${transfers} - t) * interval '10 seconds' + x.lag, (SELECT id FROM users WHERE account = 'admin')
  FROM generate_series(1, ${transfers}) t
  JOIN bench_receipt r ON r.r = 1 + (t - 1) * 3
  CROSS JOIN LATERAL (VALUES
    ((SELECT id FROM warehouses WHERE code = 'WH-HZ'), r.shelf_id, -6, 'transfer_out', 20000000 + t / 50, interval '0'),
    ((SELECT id FROM bench_shop WHERE bench_shop.n = t % 3), NULL::bigint, 6, 'transfer_in', 20000000 + t / 50, interval '1 second'),
    ((SELECT id FROM bench_shop WHERE bench_shop.n = t % 3), NULL::bigint, -(1 + t % 2), 'outbound', 30000000 + t, interval '2 seconds')
  ) AS x (warehouse_id, shelf_id, quantity, doc_type, doc_id, lag)
  ORDER BY t, x.lag;
INSERT INTO stock_balances (warehouse_id, shelf_id, sku_id, quantity, allow_negative, updated_at)
  SELECT m.warehouse_id, m.shelf_id, m.sku_id, sum(m.quantity), w.allow_negative, max(m.created_at)
  FROM stock_moves m JOIN warehouses w ON w.id = m.warehouse_id
  WHERE m.doc_id >= 10000000
  GROUP BY m.warehouse_id, m.shelf_id, m.sku_id, w.allow_negative;
DROP TABLE bench_sku, bench_shelf, bench_shop, bench_receipt;
`;
  // one statement at a time (temporary tables live on one connection: a transaction keeps it)
  await db.transaction().execute(async (trx) => {
    for (const statement of script.split(/;\n(?=[A-Z-])/)) {
      const t0 = performance.now();
      await sql.raw(statement).execute(trx);
      if (process.env.SEED_VERBOSE) console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s  ${statement.trim().split('\n')[0]}`);
    }
  });
  // as autovacuum would leave them: statistics, visibility maps, GIN pending lists merged
  for (const table of ['products', 'skus', 'stock_moves', 'stock_balances']) await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
  const { rows } = await sql<{ products: string; skus: string; moves: string; balances: string }>`
    SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM skus) AS skus,
      (SELECT count(*) FROM stock_moves) AS moves, (SELECT count(*) FROM stock_balances) AS balances`.execute(db);
  const r = rows[0]!;
  return { products: Number(r.products), skus: Number(r.skus), moves: Number(r.moves), balances: Number(r.balances) };
}
