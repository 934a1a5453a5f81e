// Products benchmark (npm run bench -- products): seeds 100,000 products × 6 SKUs into a real
// PostgreSQL (its own schema, dropped afterwards), then times the barcode lookup, the style-no
// prefix search and the name search through the app (app.inject, session and permission check
// included) and as the bare indexed SQL in the same run, and prints p50/p99 and the ratio.
// DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test. PRODUCTS=n changes the size.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { DEMO_PASSWORD } from '../server/src/demo/demo-data.ts';
import { seedDemoData } from '../server/src/demo/seed.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PRODUCTS = Number(process.env.PRODUCTS || 100_000);
const RUNS = Number(process.env.RUNS || 400);
const WARMUP = 50;

const schema = `bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: DATABASE_URL });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** App call and bare SQL alternately, so both see the same load on the machine. */
async function time(label: string, inputs: string[], app: (input: string) => Promise<unknown>, bare: (input: string) => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i += 1) {
    await app(inputs[i % inputs.length]!);
    await bare(inputs[i % inputs.length]!);
  }
  const appTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const input = inputs[i % inputs.length]!;
    let start = performance.now();
    await app(input);
    appTimes.push(performance.now() - start);
    start = performance.now();
    await bare(input);
    bareTimes.push(performance.now() - start);
  }
  appTimes.sort((a, b) => a - b);
  bareTimes.sort((a, b) => a - b);
  return { label, app: { p50: percentile(appTimes, 50), p99: percentile(appTimes, 99) }, bare: { p50: percentile(bareTimes, 50), p99: percentile(bareTimes, 99) } };
}

async function main() {
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const handle = await openDatabase({ databaseUrl: DATABASE_URL, schema, poolSize: 10 });
  const { db } = handle;
  try {
    console.log(`schema ${schema}: migrating…`);
    await migrateToLatest(db, schema);
    await seedDemoData(db);
    await db.updateTable('menus').set({ enabled: true }).where('name', '=', 'ProductList').execute();

    const seedStart = performance.now();
    console.log(`seeding ${PRODUCTS.toLocaleString()} products × 6 SKUs…`);
    await sql
      .raw(
        `
CREATE FUNCTION ${schema}.bench_ean13(body text) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT body || ((10 - (SELECT sum(substr(body, i, 1)::int * CASE WHEN i % 2 = 1 THEN 1 ELSE 3 END)
                         FROM generate_series(1, 12) i) % 10) % 10)::text
$$;
INSERT INTO products (style_no, name, brand_id, category_id, year, season, gender, unit,
    retail_price_fen, wholesale_price_fen, cost_price_fen, size_group_id, created_at)
  SELECT 'BS' || lpad(i::text, 7, '0'),
    (ARRAY['女式','男式','童装'])[1 + i % 3]
      || (ARRAY['双面羊毛','真丝','纯棉','亚麻','针织','牛仔','羽绒','摇粒绒','灯芯绒','雪纺'])[1 + (i / 3) % 10]
      || (ARRAY['大衣','连衣裙','衬衫','T恤','夹克','休闲裤','半身裙','卫衣','风衣','马甲','西装','毛衣'])[1 + (i / 30) % 12]
      || ' ' || i,
    (SELECT min(id) FROM brands), (SELECT min(id) FROM product_categories WHERE level = 3), 2020 + i % 7,
    (ARRAY['spring','summer','autumn','winter'])[1 + i % 4], (ARRAY['female','male','kids'])[1 + i % 3], 'jian',
    19900 + (i % 100) * 1000, 9900 + (i % 100) * 500, 5000 + (i % 100) * 200,
    (SELECT id FROM size_groups WHERE is_default), now() - i * interval '1 second'
  FROM generate_series(1, ${PRODUCTS}) i;
INSERT INTO skus (product_id, colour_id, size_id, barcode)
  SELECT p.id, c.id, s.id, ${schema}.bench_ean13('693' || lpad((row_number() OVER ())::text, 9, '0'))
  FROM products p
  CROSS JOIN (SELECT id FROM colours ORDER BY sort LIMIT 2) c
  CROSS JOIN (SELECT sizes.id FROM sizes JOIN size_groups g ON g.id = sizes.group_id WHERE g.is_default AND sizes.name IN ('S', 'M', 'L')) s
  WHERE p.style_no LIKE 'BS%';
ANALYZE products;
ANALYZE skus;
`,
      )
      .execute(db);
    const counts = await sql<{ products: string; skus: string }>`SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM skus) AS skus`.execute(db);
    console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ${counts.rows[0]!.products} products, ${counts.rows[0]!.skus} SKUs`);

    const app = await buildApp({ config: { ...loadConfig({}), webDir: null, databaseUrl: DATABASE_URL }, db });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: 'admin', password: DEMO_PASSWORD } });
    const session = login.json().data.session as string;
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { session } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res;
    };

    // random targets spread over the table
    const sample = await sql<{ barcode: string; style_no: string }>`
      SELECT s.barcode, p.style_no FROM skus s JOIN products p ON p.id = s.product_id
      WHERE p.style_no LIKE 'BS%' ORDER BY random() LIMIT 200`.execute(db);
    const barcodes = sample.rows.map((r) => r.barcode);
    const prefixes = sample.rows.map((r) => r.style_no.slice(0, 7).toLowerCase());
    const names = sample.rows.map((_, i) => ['真丝连衣裙', '羊毛大衣', '牛仔夹克', '纯棉衬衫', '羽绒马甲'][i % 5]!);

    const bare = {
      barcode: (b: string) => sql`SELECT id, product_id FROM skus WHERE barcode = ${b}`.execute(db),
      prefix: (p: string) => sql`SELECT id FROM products WHERE lower(style_no) LIKE ${`${p}%`} ORDER BY lower(style_no) LIMIT 20`.execute(db),
      name: (n: string) => sql`SELECT id FROM products WHERE name ILIKE ${`%${n}%`} LIMIT 20`.execute(db),
    };
    const api = '/api/admin/api/v1';
    const rows = [
      await time('条码查询', barcodes, (b) => get(`${api}/skus/by-barcode/${b}`), bare.barcode),
      await time('款号前缀', prefixes, (p) => get(`${api}/products/search?q=${encodeURIComponent(p)}`), bare.prefix),
      await time('名称搜索', names, (n) => get(`${api}/products/search?q=${encodeURIComponent(n)}`), bare.name),
    ];
    await app.close();

    console.log(`\n${PRODUCTS.toLocaleString()} products, ${Number(counts.rows[0]!.skus).toLocaleString()} SKUs, ${RUNS} runs each (ms)`);
    console.log('call         app p50  app p99  SQL p50  SQL p99  p99 ratio  p99 < 20 ms');
    for (const { label, app: a, bare: b } of rows) {
      const cells = [a.p50, a.p99, b.p50, b.p99].map((v) => v.toFixed(2).padStart(8));
      console.log(`${label}${' '.repeat(12 - label.length * 2)}${cells.join(' ')}  ${(a.p99 / b.p99).toFixed(1).padStart(8)}x  ${a.p99 < 20 ? 'yes' : 'NO'}`);
    }
  } finally {
    await handle.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
