// Stock documents benchmark (npm run bench -- stock), on a real PostgreSQL (its own schema, dropped
// afterwards), each part beside a raw-SQL baseline of the same writes measured in the same run:
//  1. posting a 1,000-line inbound through the service (lock, checks, 1,000 moves, 1,000 balance
//     upserts, status flip, the detail read back) against one bare transaction that inserts the
//     1,000 moves and upserts the 1,000 balances; target: service p50 < 250 ms;
//  2. CLIENTS (50) concurrent clients posting submitted outbounds (5 lines each) through the HTTP
//     route (session, permission, scope, lock, posting) for STOCK_BENCH_SECONDS (30) seconds, then
//     calling the service directly (no HTTP), against the same number of clients running a
//     hand-written posting transaction per document.
// DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test. RUNS=n (10) inbound postings;
// POOL=n (20) connections for each side; STOCK_BENCH_SECONDS=3 for a quick run.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { Permissions } from '@erp/shared';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase, type Db } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { DEMO_PASSWORD } from '../server/src/demo/demo-data.ts';
import { seedDemoData } from '../server/src/demo/seed.ts';
import type { DocContext } from '../server/src/modules/stock-docs/kind-spec.ts';
import { inboundSpec } from '../server/src/modules/stock-docs/kinds/inbound.ts';
import { outboundSpec } from '../server/src/modules/stock-docs/kinds/outbound.ts';
import { actOnDoc, createDoc } from '../server/src/modules/stock-docs/stock-docs.service.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.RUNS || 10);
const SECONDS = Number(process.env.STOCK_BENCH_SECONDS || 30);
const CLIENTS = Number(process.env.CLIENTS || 50);
const POOL = Number(process.env.POOL || 20);
const LINES = 1000;
const OUT_LINES = 5;
/** outbound documents made ready per side; the run stops early (and says so) if they run out */
const DOCS = Number(process.env.STOCK_BENCH_DOCS || Math.max(2000, SECONDS * 1500));

const schema = `bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: DATABASE_URL });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const ms = (v: number) => v.toFixed(1).padStart(8);

async function seedSkus(db: Db, products: number) {
  await sql
    .raw(
      `
CREATE FUNCTION ${schema}.bench_ean13(body text) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT body || ((10 - (SELECT sum(substr(body, i, 1)::int * CASE WHEN i % 2 = 1 THEN 1 ELSE 3 END)
                         FROM generate_series(1, 12) i) % 10) % 10)::text
$$;
INSERT INTO products (style_no, name, brand_id, category_id, year, season, gender, unit,
    retail_price_fen, wholesale_price_fen, cost_price_fen, size_group_id)
  SELECT 'BS' || lpad(i::text, 7, '0'), '压测商品 ' || i, (SELECT min(id) FROM brands), (SELECT min(id) FROM product_categories WHERE level = 3),
    2026, 'winter', 'female', 'jian', 19900, 9900, 5000, (SELECT id FROM size_groups WHERE is_default)
  FROM generate_series(1, ${products}) i;
INSERT INTO skus (product_id, colour_id, size_id, barcode)
  SELECT p.id, c.id, s.id, ${schema}.bench_ean13('694' || lpad((row_number() OVER ())::text, 9, '0'))
  FROM products p
  CROSS JOIN (SELECT id FROM colours ORDER BY sort LIMIT 2) c
  CROSS JOIN (SELECT sizes.id FROM sizes JOIN size_groups g ON g.id = sizes.group_id WHERE g.is_default AND sizes.name IN ('S', 'M', 'L')) s
  WHERE p.style_no LIKE 'BS%';
ANALYZE products;
ANALYZE skus;`,
    )
    .execute(db);
  return (await sql<{ id: number }>`SELECT s.id FROM skus s JOIN products p ON p.id = s.product_id WHERE p.style_no LIKE 'BS%' ORDER BY s.id`.execute(db)).rows.map((r) => Number(r.id));
}

/** Submitted outbound documents of OUT_LINES lines (one piece each, distinct SKUs), made in bulk. */
async function readyOutbounds(db: Db, tag: string, count: number, warehouseId: number, userId: number, skuIds: number[]): Promise<number[]> {
  const docs = await sql<{ id: number }>`
    INSERT INTO stock_docs (kind, doc_no, status, warehouse_id, created_by, submitted_by, submitted_at, total_quantity, line_count)
    SELECT 'outbound', ${tag} || '-' || i, 'submitted', ${warehouseId}, ${userId}, ${userId}, now(), ${OUT_LINES}, ${OUT_LINES}
    FROM generate_series(1, ${count}) i
    RETURNING id`.execute(db);
  const n = skuIds.length;
  await sql`
    INSERT INTO stock_doc_lines (doc_id, line_no, sku_id, quantity)
    SELECT d.id, j, (${skuIds}::bigint[])[1 + ((d.id * 7 + j * ${Math.floor(n / OUT_LINES)}) % ${n})], 1
    FROM stock_docs d CROSS JOIN generate_series(1, ${OUT_LINES}) j
    WHERE d.doc_no LIKE ${`${tag}-%`}`.execute(db);
  return docs.rows.map((r) => Number(r.id));
}

/** CLIENTS loops taking documents off one queue for SECONDS; latency of each post. */
async function load(ids: number[], post: (id: number) => Promise<boolean>) {
  const queue = [...ids];
  const times: number[] = [];
  let failed = 0;
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const id = queue.shift();
        if (id === undefined) return;
        const t0 = performance.now();
        if (await post(id)) times.push(performance.now() - t0);
        else failed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  return { docs: times.length, failed, perSecond: times.length / elapsed, p50: percentile(times, 50), p99: percentile(times, 99), ranOut: queue.length === 0 };
}

async function main() {
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const handle = await openDatabase({ databaseUrl: DATABASE_URL, schema, poolSize: POOL });
  const { db } = handle;
  const raw = new pg.Pool({ connectionString: DATABASE_URL, max: POOL, options: `-c search_path=${schema}` });
  try {
    console.log(`schema ${schema}: migrating and seeding…`);
    await migrateToLatest(db, schema);
    await seedDemoData(db);
    const skuIds = await seedSkus(db, 300);
    const userId = Number((await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id);
    const hz = Number((await db.selectFrom('warehouses').select('id').where('code', '=', 'WH-HZ').executeTakeFirstOrThrow()).id);
    const shelves = (await db.selectFrom('shelves').select('id').where('warehouse_id', '=', hz).orderBy('id').execute()).map((s) => Number(s.id));
    const ctx: DocContext = { userId, scope: { kind: 'all' }, permissions: new Set(Object.values(Permissions)) };

    // ── 1. a 1,000-line inbound ───────────────────────────────────────────────────────────────
    const lines = skuIds.slice(0, LINES).map((skuId, i) => ({ skuId, shelfId: i % 4 === 0 ? null : shelves[i % shelves.length]!, quantity: 20, unitCostFen: 5000 }));
    const servicePost = async () => {
      const doc = await createDoc(db, inboundSpec, ctx, { header: { warehouseId: hz, bizType: 'purchase' }, lines });
      await actOnDoc(db, inboundSpec, ctx, doc.id, 'submit');
      const t0 = performance.now();
      await actOnDoc(db, inboundSpec, ctx, doc.id, 'post');
      return performance.now() - t0;
    };
    const cols = {
      w: lines.map(() => hz),
      s: lines.map((l) => l.shelfId),
      k: lines.map((l) => l.skuId),
      q: lines.map((l) => l.quantity),
      c: lines.map((l) => l.unitCostFen),
    };
    const rawPost = async (docId: number) => {
      const client = await raw.connect();
      try {
        const t0 = performance.now();
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO stock_moves (warehouse_id, shelf_id, sku_id, quantity, unit_cost_fen, doc_type, doc_id, created_by)
           SELECT w, s, k, q, c, 'inbound', $6, $7 FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::int[], $5::int[]) AS t (w, s, k, q, c)`,
          [cols.w, cols.s, cols.k, cols.q, cols.c, docId, userId],
        );
        await client.query(
          `INSERT INTO stock_balances (warehouse_id, shelf_id, sku_id, quantity, allow_negative)
           SELECT w, s, k, q, false FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::int[]) AS t (w, s, k, q)
           ON CONFLICT (warehouse_id, (COALESCE(shelf_id, 0)), (COALESCE(sku_id, 0)), (COALESCE(material_id, 0)))
           DO UPDATE SET quantity = stock_balances.quantity + EXCLUDED.quantity, updated_at = now()`,
          [cols.w, cols.s, cols.k, cols.q],
        );
        await client.query('COMMIT');
        return performance.now() - t0;
      } finally {
        client.release();
      }
    };
    console.log(`posting ${RUNS} inbounds of ${LINES} lines (service and bare SQL alternately, 2 warm-ups each)…`);
    const service: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < RUNS + 2; i += 1) {
      const a = await servicePost();
      const b = await rawPost(900_000 + i);
      if (i >= 2) {
        service.push(a);
        bare.push(b);
      }
    }
    service.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);

    // ── 2. concurrent outbounds ───────────────────────────────────────────────────────────────
    // stock for both sides: one big inbound through the service
    const stock = await createDoc(db, inboundSpec, ctx, { header: { warehouseId: hz }, lines: skuIds.map((skuId) => ({ skuId, quantity: 100_000 })) });
    await actOnDoc(db, inboundSpec, ctx, stock.id, 'submit');
    await actOnDoc(db, inboundSpec, ctx, stock.id, 'post');
    console.log(`making ${DOCS.toLocaleString()} submitted outbounds per side…`);
    const appDocs = await readyOutbounds(db, 'BA', DOCS, hz, userId, skuIds);
    const rawDocs = await readyOutbounds(db, 'BR', DOCS, hz, userId, skuIds);
    const serviceDocs = await readyOutbounds(db, 'BS', DOCS, hz, userId, skuIds);
    for (const table of ['stock_docs', 'stock_doc_lines', 'stock_balances', 'stock_moves']) await sql`ANALYZE ${sql.table(table)}`.execute(db);

    const app = await buildApp({ config: { ...loadConfig({}), webDir: null, databaseUrl: DATABASE_URL }, db });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: 'admin', password: DEMO_PASSWORD } });
    const session = login.json().data.session as string;
    const httpPost = async (id: number) => {
      const res = await app.inject({ method: 'POST', url: `/api/admin/api/v1/stock-docs/outbound/${id}/post`, headers: { session }, payload: {} });
      if (res.statusCode !== 200) console.error(`post ${id}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.statusCode === 200;
    };
    const rawOutbound = async (id: number) => {
      const client = await raw.connect();
      try {
        await client.query('BEGIN');
        const doc = (await client.query('SELECT status, warehouse_id FROM stock_docs WHERE id = $1 FOR UPDATE', [id])).rows[0];
        if (doc?.status !== 'submitted') throw new Error(`doc ${id} is ${doc?.status}`);
        const ls = (await client.query('SELECT id, sku_id, quantity FROM stock_doc_lines WHERE doc_id = $1 ORDER BY line_no', [id])).rows;
        const skus = ls.map((l) => Number(l.sku_id));
        const bal = (await client.query('SELECT id, sku_id, quantity FROM stock_balances WHERE warehouse_id = $1 AND shelf_id IS NULL AND sku_id = ANY($2::bigint[]) ORDER BY sku_id FOR UPDATE', [doc.warehouse_id, skus])).rows;
        const bySku = new Map(bal.map((b) => [Number(b.sku_id), b]));
        for (const l of ls) if (!bySku.has(Number(l.sku_id)) || bySku.get(Number(l.sku_id))!.quantity < l.quantity) throw new Error('shortfall');
        await client.query(
          `INSERT INTO stock_moves (warehouse_id, sku_id, quantity, doc_type, doc_id, doc_line_id, created_by)
           SELECT $1, k, -q, 'outbound', $4, l, $5 FROM unnest($2::bigint[], $3::int[], $6::bigint[]) AS t (k, q, l)`,
          [doc.warehouse_id, skus, ls.map((l) => l.quantity), id, userId, ls.map((l) => l.id)],
        );
        await client.query('UPDATE stock_balances b SET quantity = b.quantity - d.q, updated_at = now() FROM unnest($1::bigint[], $2::int[]) AS d (id, q) WHERE b.id = d.id', [
          ls.map((l) => bySku.get(Number(l.sku_id))!.id),
          ls.map((l) => l.quantity),
        ]);
        await client.query("UPDATE stock_docs SET status = 'posted', posted_by = $2, posted_at = now(), updated_at = now() WHERE id = $1", [id, userId]);
        await client.query('COMMIT');
        return true;
      } catch (error) {
        await client.query('ROLLBACK');
        console.error(`raw ${id}: ${(error as Error).message}`);
        return false;
      } finally {
        client.release();
      }
    };
    const servicePostOut = (id: number) =>
      actOnDoc(db, outboundSpec, ctx, id, 'post').then(
        () => true,
        (error: Error) => {
          console.error(`service ${id}: ${error.message}`);
          return false;
        },
      );
    console.log(`${CLIENTS} clients posting outbounds for ${SECONDS} s through the app, the service, then bare SQL…`);
    const appLoad = await load(appDocs, httpPost);
    const serviceLoad = await load(serviceDocs, servicePostOut);
    const rawLoad = await load(rawDocs, rawOutbound);
    await app.close();

    console.log(`\n1. ${LINES}-line inbound, ${RUNS} postings (ms)`);
    console.log('               p50      p99      max');
    console.log(`service   ${ms(percentile(service, 50))} ${ms(percentile(service, 99))} ${ms(service.at(-1)!)}   target p50 < 250 ms: ${percentile(service, 50) < 250 ? 'yes' : 'NO'}`);
    console.log(`bare SQL  ${ms(percentile(bare, 50))} ${ms(percentile(bare, 99))} ${ms(bare.at(-1)!)}`);
    console.log(`ratio     ${(percentile(service, 50) / percentile(bare, 50)).toFixed(1).padStart(7)}x ${(percentile(service, 99) / percentile(bare, 99)).toFixed(1).padStart(7)}x`);
    console.log(`\n2. ${CLIENTS} clients × ${SECONDS} s, outbounds of ${OUT_LINES} lines, pool ${POOL}`);
    console.log('             docs   docs/s   p50 ms   p99 ms  failed');
    for (const [label, r] of [['app (HTTP)', appLoad], ['service   ', serviceLoad], ['bare SQL  ', rawLoad]] as const) {
      console.log(`${label} ${String(r.docs).padStart(7)} ${r.perSecond.toFixed(0).padStart(8)} ${ms(r.p50)} ${ms(r.p99)} ${String(r.failed).padStart(7)}${r.ranOut ? '  (ran out of documents: raise STOCK_BENCH_DOCS)' : ''}`);
    }
    console.log(`ratio app/SQL: throughput ${(appLoad.perSecond / rawLoad.perSecond).toFixed(2)}x, p99 latency ${(appLoad.p99 / rawLoad.p99).toFixed(1)}x`);
    console.log(`ratio service/SQL: throughput ${(serviceLoad.perSecond / rawLoad.perSecond).toFixed(2)}x, p99 latency ${(serviceLoad.p99 / rawLoad.p99).toFixed(1)}x`);
    const problems = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM stock_balances b
      WHERE b.quantity <> (SELECT COALESCE(sum(m.quantity), 0) FROM stock_moves m
        WHERE m.warehouse_id = b.warehouse_id AND m.shelf_id IS NOT DISTINCT FROM b.shelf_id AND m.sku_id IS NOT DISTINCT FROM b.sku_id AND m.material_id IS NOT DISTINCT FROM b.material_id)`.execute(db);
    console.log(`ledger check: ${problems.rows[0]!.n} balances disagree with their moves`);
  } finally {
    await raw.end();
    await handle.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
