// Stock documents benchmark (npm run bench -- stock), on a real PostgreSQL (its own schema, dropped
// afterwards). The app is the built server in its own process (app-server.ts) driven over real
// HTTP only — documents are created with POST /stock-docs/{kind} and moved with the action routes,
// signed in as the demo admin — so the bench does not depend on how the document service is written.
// The bare side (stock-bare.ts) is the least hand-written SQL for the same work, over a pg pool of the
// same size; app and bare run in turn in short rounds within one run. Cases:
//  (a) CLIENTS (50) clients posting submitted 5-line outbounds for STOCK_BENCH_SECONDS: documents/s, p99;
//  (b) one 1,000-line inbound posted (RUNS times, alternately): p50;
//  (c) CREATORS (20) clients creating 5-line outbound drafts: documents/s — against a bare insert of
//      the same header and lines, and against that insert numbered from a lock-free series like the app's;
//      and the floor: the same bare insert sent through the app's own HTTP server (a bench-only route,
//      app-server.ts), which shows what HTTP and the pool cost and what is the app's own work.
// BENCH_PROFILE=<dir> PROFILE_CASE=a|b|c: a CPU profile of the app from that case on.
// DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test. STOCK_BENCH_SECONDS=n per case and
// side (30; 3 for a quick run); ROUNDS=n (5); POOL=n (20) on each side; RUNS=n (10);
// STOCK_BENCH_DOCS=n / STOCK_BENCH_BARE_DOCS=n outbounds made ready for (a) on the app / bare side
// (800 / 2,500 per second of the case; a side that runs out stops early and the table says so).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { DEMO_PASSWORD } from '../server/src/demo/demo-data.ts';
import { seedDemoData } from '../server/src/demo/seed.ts';
import { alternate, fmt, httpClient, p, percentile, perSecond, printTable, ratio, runClients, startApp, type HttpClient, type Run } from './bench-kit.ts';
import { bareStock, type BareLine } from './stock-bare.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.STOCK_BENCH_SECONDS || 30);
const ROUNDS = Number(process.env.ROUNDS || 5);
const CLIENTS = Number(process.env.CLIENTS || 50);
const CREATORS = Number(process.env.CREATORS || 20);
const POOL = Number(process.env.POOL || 20);
const RUNS = Number(process.env.RUNS || 10);
// outbounds made ready for (a): the app's through the API (slow to make), the bare ones by SQL
const APP_DOCS = Number(process.env.STOCK_BENCH_DOCS || (SECONDS + 1) * 800);
const BARE_DOCS = Number(process.env.STOCK_BENCH_BARE_DOCS || (SECONDS + 1) * 2500);
// CASES=a,c: only those cases (the others' rows show '-')
const CASES = new Set((process.env.CASES || 'a,b,c').split(',').map((c) => c.trim()));
const STYLES = 300;
const LINES = 1000;
const OUT_LINES = 5;
const DOCS_API = '/api/admin/api/v1/stock-docs';

const schema = `bench_${randomBytes(4).toString('hex')}`;

/** STYLES styles × 6 SKUs, by SQL (set-up only); answers the SKU ids. */
async function seed(databaseUrl: string) {
  const handle = await openDatabase({ databaseUrl, schema, poolSize: 4 });
  try {
    const { db } = handle;
    await migrateToLatest(db, schema);
    await seedDemoData(db);
    await sql
      .raw(
        `
INSERT INTO products (style_no, name, brand_id, category_id, year, season, gender, unit, retail_price_fen, wholesale_price_fen, cost_price_fen, size_group_id)
  SELECT 'BS' || lpad(i::text, 7, '0'), '压测商品 ' || i, (SELECT min(id) FROM brands), (SELECT min(id) FROM product_categories WHERE level = 3),
    2026, 'winter', 'female', 'jian', 19900, 9900, 5000, (SELECT id FROM size_groups WHERE is_default)
  FROM generate_series(1, ${STYLES}) i;
INSERT INTO skus (product_id, colour_id, size_id, barcode)
  SELECT p.id, c.id, s.id, '2' || lpad((row_number() OVER ())::text, 12, '0')
  FROM products p
  CROSS JOIN (SELECT id FROM colours ORDER BY sort LIMIT 2) c
  CROSS JOIN (SELECT sizes.id FROM sizes JOIN size_groups g ON g.id = sizes.group_id WHERE g.is_default AND sizes.name IN ('S', 'M', 'L')) s
  WHERE p.style_no LIKE 'BS%';
ANALYZE products;
ANALYZE skus;`,
      )
      .execute(db);
    const skuIds = (await sql<{ id: number }>`SELECT s.id FROM skus s JOIN products p ON p.id = s.product_id WHERE p.style_no LIKE 'BS%' ORDER BY s.id`.execute(db)).rows.map((r) =>
      Number(r.id),
    );
    const userId = Number((await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id);
    const hz = Number((await db.selectFrom('warehouses').select('id').where('code', '=', 'WH-HZ').executeTakeFirstOrThrow()).id);
    const shelves = (await db.selectFrom('shelves').select('id').where('warehouse_id', '=', hz).orderBy('id').execute()).map((s) => Number(s.id));
    return { skuIds, userId, hz, shelves };
  } finally {
    await handle.close();
  }
}

/** The app's document calls (HTTP only). */
function docsApi(client: HttpClient) {
  const ok = (res: { status: number; body: any }) => res.status === 200 && res.body?.code === '201';
  return {
    async create(kind: 'inbound' | 'outbound', header: object, lines: object[]): Promise<number | null> {
      const res = await client.post(`${DOCS_API}/${kind}`, { header, lines });
      if (!ok(res)) console.error(`create ${kind}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      return ok(res) ? Number(res.body.data.id) : null;
    },
    async act(kind: 'inbound' | 'outbound', id: number, action: 'submit' | 'post'): Promise<boolean> {
      const res = await client.post(`${DOCS_API}/${kind}/${id}/${action}`, {});
      if (!ok(res)) console.error(`${action} ${kind} ${id}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      return ok(res);
    },
  };
}

/** Takes ids off a queue until it is empty ('done'). */
const drain = (queue: number[], work: (id: number) => Promise<boolean>) => async () => {
  const id = queue.shift();
  return id === undefined ? ('done' as const) : work(id);
};

async function main() {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const raw = new pg.Pool({ connectionString: DATABASE_URL, max: POOL, options: `-c search_path=${schema}` });
  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  try {
    console.log(`schema ${schema}: migrating, seeding ${STYLES * 6} SKUs…`);
    const { skuIds, userId, hz, shelves } = await seed(DATABASE_URL);
    app = await startApp(DATABASE_URL, schema, POOL);
    const client = httpClient(app.port, Math.max(CLIENTS, CREATORS) + 8);
    await client.signIn('admin', DEMO_PASSWORD);
    const api = docsApi(client);
    const bare = bareStock(raw, userId);

    // stock for every SKU on the warehouse floor, through the API
    const stockId = await api.create(
      'inbound',
      { warehouseId: hz, bizType: 'other' },
      skuIds.map((skuId) => ({ skuId, quantity: 100_000 })),
    );
    if (stockId === null || !(await api.act('inbound', stockId, 'submit')) || !(await api.act('inbound', stockId, 'post'))) throw new Error('stock inbound failed');

    // document i: OUT_LINES distinct SKUs spread over the catalogue, one piece each
    const step = Math.floor(skuIds.length / OUT_LINES);
    const outLines = (i: number): BareLine[] =>
      Array.from({ length: OUT_LINES }, (_, j) => ({ skuId: skuIds[(i * 7 + j * step) % skuIds.length]!, shelfId: null, quantity: 1, unitCostFen: null }));
    const asInput = (lines: BareLine[]) => lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity }));
    const appDrafts: number[] = [];
    const bareDrafts: number[] = [];
    let appSeq = 0;
    let bareSeq = 0;
    const appCreate = async () => {
      const id = await api.create('outbound', { warehouseId: hz, bizType: 'other' }, asInput(outLines(appSeq++)));
      if (id !== null) appDrafts.push(id);
      return id !== null;
    };
    const bareCreate = async () => {
      const i = bareSeq++;
      bareDrafts.push(await bare.insertDoc('outbound', `BB-${i}`, 'draft', hz, outLines(i)));
      return true;
    };
    let floorSeq = 0;
    const floorCreate = async () => {
      const i = floorSeq++;
      const res = await client.post('/bench/floor-insert', { docNo: `BF-${i}`, warehouseId: hz, userId, lines: asInput(outLines(i)) });
      return res.status === 200;
    };
    const bareNumbered = async () => {
      const lines = outLines(bareSeq++);
      bareDrafts.push(await bare.insertNumbered('BX', (docNo, c) => bare.insertDoc('outbound', docNo, 'draft', hz, lines, c)));
      return true;
    };

    // ── (c) creation ────────────────────────────────────────────────────────────────────────────
    // the bare numbered side draws from a series of its own (its numbers must not meet the app's)
    await admin.query(`CREATE SEQUENCE IF NOT EXISTS ${schema}.doc_no_bx`);
    console.log(`(c) ${CREATORS} clients creating ${OUT_LINES}-line outbounds, ${SECONDS} s per side…`);
    const skipped: Run = { n: 0, failed: 0, seconds: 1, times: [] };
    // BENCH_PROFILE with PROFILE_CASE=a|b|c: the app's CPU profile covers that case and what follows
    const profileFrom = (name: string) => {
      if (process.env.PROFILE_CASE === name) app?.startProfile();
    };
    profileFrom('c');
    const [createApp, createBare, createNumbered, createFloor] = CASES.has('c')
      ? await alternate(ROUNDS, SECONDS, CREATORS, [appCreate, bareCreate, bareNumbered, floorCreate])
      : [skipped, skipped, skipped, skipped];

    if (!CASES.has('a')) {
      appDrafts.length = 0;
      bareDrafts.length = 0;
    }
    // drafts for (a), untimed: top up to DOCS per side, then submit (the app's through the API)
    const topUp = async (want: number, have: () => number, create: () => Promise<boolean>) => runClients(CREATORS, 3600, async () => (have() >= want ? 'done' : create()));
    console.log(`making ${APP_DOCS.toLocaleString()} (app) and ${BARE_DOCS.toLocaleString()} (bare) submitted outbounds for (a)…`);
    await topUp(CASES.has('a') ? APP_DOCS : 0, () => appDrafts.length, appCreate);
    await topUp(CASES.has('a') ? BARE_DOCS : 0, () => bareDrafts.length, bareCreate);
    await runClients(
      CLIENTS,
      3600,
      drain([...appDrafts], (id) => api.act('outbound', id, 'submit')),
    );
    await bare.submit(bareDrafts);
    await raw.query('ANALYZE stock_docs; ANALYZE stock_doc_lines; ANALYZE stock_balances; ANALYZE stock_moves');

    // ── (a) posting ─────────────────────────────────────────────────────────────────────────────
    profileFrom('a');
    console.log(`(a) ${CLIENTS} clients posting ${OUT_LINES}-line outbounds, ${SECONDS} s per side…`);
    const appQueue = [...appDrafts];
    const bareQueue = [...bareDrafts];
    const barePost = (id: number) =>
      bare.postOutbound(id).then(
        () => true,
        (error: Error) => {
          console.error(`bare post ${id}: ${error.message}`);
          return false;
        },
      );
    const [postApp, postBare] = !CASES.has('a')
      ? [skipped, skipped]
      : await alternate(ROUNDS, SECONDS, CLIENTS, [drain(appQueue, (id) => api.act('outbound', id, 'post')), drain(bareQueue, barePost)]);

    // ── (b) one 1,000-line inbound ──────────────────────────────────────────────────────────────
    profileFrom('b');
    console.log(`(b) ${RUNS} postings of a ${LINES}-line inbound per side (2 warm-ups)…`);
    const big: BareLine[] = skuIds.slice(0, LINES).map((skuId, i) => ({ skuId, shelfId: i % 4 === 0 ? null : shelves[i % shelves.length]!, quantity: 20, unitCostFen: 5000 }));
    const inboundApp: number[] = [];
    const inboundBare: number[] = [];
    for (let i = 0; CASES.has('b') && i < RUNS + 2; i += 1) {
      const appId = await api.create(
        'inbound',
        { warehouseId: hz, bizType: 'other' },
        big.map((l) => ({ skuId: l.skuId, shelfId: l.shelfId, quantity: l.quantity, unitCostFen: l.unitCostFen })),
      );
      if (appId === null || !(await api.act('inbound', appId, 'submit'))) throw new Error('inbound set-up failed');
      let t0 = performance.now();
      if (!(await api.act('inbound', appId, 'post'))) throw new Error('inbound posting failed');
      const a = performance.now() - t0;
      const bareId = await bare.insertDoc('inbound', `BI-${i}`, 'submitted', hz, big);
      t0 = performance.now();
      await bare.postInbound(bareId);
      const b = performance.now() - t0;
      if (i >= 2) {
        inboundApp.push(a);
        inboundBare.push(b);
      }
    }
    inboundApp.sort((x, y) => x - y);
    inboundBare.sort((x, y) => x - y);
    client.close();

    const { rows: check } = await raw.query(`
      SELECT count(*)::int AS n FROM stock_balances b
      WHERE b.quantity <> (SELECT COALESCE(sum(m.quantity), 0) FROM stock_moves m
        WHERE m.warehouse_id = b.warehouse_id AND m.shelf_id IS NOT DISTINCT FROM b.shelf_id AND m.sku_id IS NOT DISTINCT FROM b.sku_id AND m.material_id IS NOT DISTINCT FROM b.material_id)`);

    const rate = (r: Run) => `${perSecond(r).toFixed(0)} docs/s · p99 ${fmt(p(r, 99))} ms${r.failed ? ` · ${r.failed} failed` : ''}`;
    const ranOut = (queue: number[], knob: string) => (queue.length === 0 ? ` (ran out of documents: raise ${knob})` : '');
    printTable(
      `stock documents — pool ${POOL} each side, ${ROUNDS} alternating rounds, ${SECONDS} s per case and side`,
      ['case', 'app (HTTP)', 'bare SQL', 'app/bare'],
      [
        [
          `(a) ${CLIENTS} clients posting ${OUT_LINES}-line outbounds`,
          rate(postApp) + ranOut(appQueue, 'STOCK_BENCH_DOCS'),
          rate(postBare) + ranOut(bareQueue, 'STOCK_BENCH_BARE_DOCS'),
          `${ratio(perSecond(postApp), perSecond(postBare))} docs/s, ${ratio(p(postApp, 99), p(postBare, 99))} p99`,
        ],
        [
          `(b) one ${LINES}-line inbound posted (p50 of ${RUNS})`,
          `${fmt(percentile(inboundApp, 50))} ms`,
          `${fmt(percentile(inboundBare, 50))} ms`,
          ratio(percentile(inboundApp, 50), percentile(inboundBare, 50)),
        ],
        [`(c) ${CREATORS} clients creating ${OUT_LINES}-line outbounds`, rate(createApp), rate(createBare), `${ratio(perSecond(createApp), perSecond(createBare))} docs/s`],
        [`(c) …bare numbered from a lock-free series like the app`, rate(createApp), rate(createNumbered), `${ratio(perSecond(createApp), perSecond(createNumbered))} docs/s`],
        [
          `(c) …the bare insert behind the app's HTTP server, nothing else`,
          rate(createFloor),
          rate(createBare),
          `${ratio(perSecond(createFloor), perSecond(createBare))} docs/s (the floor)`,
        ],
      ],
    );
    console.log(`ledger check: ${check[0].n} balances disagree with their moves`);
  } finally {
    await app?.close();
    await raw.end();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
