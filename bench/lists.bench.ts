// Lists at volume (npm run bench -- lists): 600,000 SKUs and 300,000 stock moves (lists-seed.ts) in
// a schema of their own on a real PostgreSQL (dropped afterwards). Each list is called through the
// app — its own process (app-server.ts), real HTTP, signed in as the demo admin through the API —
// and as the least hand-written SQL giving the same answer, over a pool of the same size, in the
// same run: at 1 client (app and bare alternately, p50/p99) and at CLIENTS clients (alternating
// short rounds: p50/p99 and requests per second). Before timing, each case checks that both sides
// answer the same rows.
// DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test. PRODUCTS=n styles (100,000, × 6
// SKUs); MOVES=n (300,000); RUNS=n 1-client calls per side (200); CLIENTS=n (50); POOL=n (20) on
// each side; LIST_BENCH_SECONDS=n per case at CLIENTS clients (10); ROUNDS=n (5).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { DEMO_PASSWORD } from '../server/src/demo/demo-data.ts';
import { seedDemoData } from '../server/src/demo/seed.ts';
import { fmt, httpClient, interleaved, p, perSecond, percentile, printTable, ratio, startApp, type HttpClient } from './bench-kit.ts';
import { bareSql, type Bare } from './lists-bare.ts';
import { COMMON_WORD, RARE_WORD, seedLists } from './lists-seed.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PRODUCTS = Number(process.env.PRODUCTS || 100_000);
const MOVES = Number(process.env.MOVES || 300_000);
const RUNS = Number(process.env.RUNS || 200);
const WARMUP = 20;
const CLIENTS = Number(process.env.CLIENTS || 50);
const POOL = Number(process.env.POOL || 20);
const SECONDS = Number(process.env.LIST_BENCH_SECONDS || 10);
const ROUNDS = Number(process.env.ROUNDS || 5);
const LATER_PAGE = 50;

const API = '/api/admin/api/v1';
const schema = `bench_${randomBytes(4).toString('hex')}`;

interface Case {
  label: string;
  app: (client: HttpClient) => Promise<unknown>;
  bare: (sqlSide: Bare) => Promise<unknown>;
  /** the rows both sides answer, to compare before timing */
  sameAnswer: (app: any, bare: any) => boolean;
}

const okData = async (client: HttpClient, path: string) => {
  const res = await client.get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body.data;
};

const sameIds = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => Number(x) === Number(b[i]));

function cases(words: { rare: string; common: string }): Case[] {
  const balances = (page: number) => ({
    app: (c: HttpClient) => okData(c, `${API}/stock/balances?page=${page}&limit=20`),
    bare: (b: Bare) => b.balancesPage(page, 20),
    sameAnswer: (a: any, b: any) =>
      sameIds(
        a.records.map((r: any) => r.id),
        b.records.map((r: any) => r.id),
      ) && a.total === b.total,
  });
  const search = (q: string) => ({
    app: (c: HttpClient) => okData(c, `${API}/products/search?q=${encodeURIComponent(q)}`),
    bare: (b: Bare) => b.productSearch(q, 20),
    sameAnswer: (a: any, b: any) => sameIds(a.map((r: any) => r.id).sort(), b.map((r: any) => r.id).sort()) && a.length > 0,
  });
  return [
    { label: '库存查询 第1页 (20条)', ...balances(1) },
    { label: `库存查询 第${LATER_PAGE}页`, ...balances(LATER_PAGE) },
    {
      label: '尺码横排 第1页 (10款)',
      app: (c) => okData(c, `${API}/stock/reports/style-grid?page=1&limit=10`),
      bare: (b) => b.gridPage(1, 10),
      sameAnswer: (a, b) =>
        sameIds(
          a.records.map((r: any) => r.productId),
          b.records.map((r: any) => r.productId),
        ) &&
        a.records.every((r: any, i: number) => r.total === b.records[i].quantity) &&
        a.total === b.total,
    },
    {
      label: '尺码横排 合计 (整个筛选)',
      app: (c) => okData(c, `${API}/stock/reports/style-grid/totals`),
      bare: (b) => b.gridTotals(),
      sameAnswer: (a, b) => a.total === b.total && a.quantity === b.quantity && a.valueFen === b.valueFen,
    },
    { label: `商品搜索 “${words.rare}” (少见)`, ...search(words.rare) },
    { label: `商品搜索 “${words.common}” (常见)`, ...search(words.common) },
  ];
}

async function oneClient(c: Case, client: HttpClient, bare: Bare) {
  for (let i = 0; i < WARMUP; i += 1) {
    await c.app(client);
    await c.bare(bare);
  }
  const appTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    let t0 = performance.now();
    await c.app(client);
    appTimes.push(performance.now() - t0);
    t0 = performance.now();
    await c.bare(bare);
    bareTimes.push(performance.now() - t0);
  }
  appTimes.sort((a, b) => a - b);
  bareTimes.sort((a, b) => a - b);
  return { app: appTimes, bare: bareTimes };
}

async function main() {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const raw = new pg.Pool({ connectionString: DATABASE_URL, max: POOL, options: `-c search_path=${schema}` });
  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  try {
    console.log(`schema ${schema}: migrating and seeding ${PRODUCTS.toLocaleString()} styles × 6 SKUs, ${MOVES.toLocaleString()} moves…`);
    const handle = await openDatabase({ databaseUrl: DATABASE_URL, schema, poolSize: 4 });
    const t0 = performance.now();
    const counts = await (async () => {
      try {
        await migrateToLatest(handle.db, schema);
        await seedDemoData(handle.db);
        return await seedLists(handle.db, schema, PRODUCTS, MOVES);
      } finally {
        await handle.close();
      }
    })();
    console.log(
      `seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${Object.entries(counts)
        .map(([k, v]) => `${v.toLocaleString()} ${k}`)
        .join(', ')}`,
    );

    app = await startApp(DATABASE_URL, schema, POOL);
    const client = httpClient(app.port, CLIENTS + 8);
    await client.signIn('admin', DEMO_PASSWORD);
    const bare = bareSql(raw);

    const all = cases({ rare: RARE_WORD, common: COMMON_WORD });
    for (const c of all) {
      if (!c.sameAnswer(await c.app(client), await c.bare(bare))) throw new Error(`${c.label}: the app and the bare SQL answer differently`);
    }
    console.log('every case: the app and the bare SQL answer the same rows');

    const single: [string, string, string, string][] = [];
    const loaded: [string, string, string, string][] = [];
    for (const c of all) {
      console.log(`${c.label}: 1 client × ${RUNS}, then ${CLIENTS} clients × ${SECONDS} s…`);
      const one = await oneClient(c, client, bare);
      const a50 = percentile(one.app, 50);
      const b50 = percentile(one.bare, 50);
      single.push([c.label, `${fmt(a50)} / ${fmt(percentile(one.app, 99))}`, `${fmt(b50)} / ${fmt(percentile(one.bare, 99))}`, ratio(a50, b50)]);
      const many = await interleaved(
        ROUNDS,
        SECONDS,
        CLIENTS,
        () => c.app(client).then(() => true),
        () => c.bare(bare).then(() => true),
      );
      loaded.push([
        c.label,
        `${fmt(p(many.app, 50))} / ${fmt(p(many.app, 99))} · ${perSecond(many.app).toFixed(0)}/s`,
        `${fmt(p(many.bare, 50))} / ${fmt(p(many.bare, 99))} · ${perSecond(many.bare).toFixed(0)}/s`,
        `${ratio(p(many.app, 50), p(many.bare, 50))} p50, ${ratio(perSecond(many.app), perSecond(many.bare))} req/s`,
      ]);
    }
    client.close();

    const what = `${counts.products.toLocaleString()} products, ${counts.skus.toLocaleString()} SKUs, ${counts.moves.toLocaleString()} moves, ${counts.balances.toLocaleString()} balances; pool ${POOL} each side`;
    printTable(`1 client (${RUNS} calls each, ms p50 / p99) — ${what}`, ['case', 'app', 'bare SQL', 'app/bare p50'], single);
    printTable(`${CLIENTS} clients (${SECONDS} s each side in ${ROUNDS} alternating rounds; ms p50 / p99 · requests/s)`, ['case', 'app', 'bare SQL', 'app/bare'], loaded);
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
