// Ordering benchmark (npm run bench -- ordering): the three speed figures of issue 17 on a real
// PostgreSQL (a schema of its own, dropped afterwards), each beside its bare-SQL baseline in the same
// run. The app is the built server in its own process (app-server.ts) driven over real HTTP, signed
// in through the API as shop01 (the buyer) and admin (HQ); the bare side (ordering-bare.ts) is the
// least hand-written SQL for the same work over a pg pool of the same size. Data: ordering-seed.ts.
//  (1) 订货 catalogue pages (20 styles, price and HQ stock per SKU) over 10,000 spot styles as
//      shop01, across pages, filters and sorts, app and bare alternately after 20 warm-up pairs:
//      p50/p99 (target p99 ≤ 50 ms). The page answer carries no quota: the quota shop01 reads beside
//      it (/ordering/quotas/left, the style drawer's 额度剩余) is a row of its own; the bare page reads
//      the quota row with the page.
//  (2) POST /sales-orders/:id/submit of 200-line drafts made beforehand through the API (25 styles ×
//      8 SKUs; re-priced, quota reserved): p50/p99 (target p50 ≤ 150 ms) against one bare transaction
//      writing the same (lines by INSERT … SELECT unnest, header, quota entry and row).
//  (3) Posting ONE 入库单 into an empty HQ warehouse while 100 audited pre-orders × 10 lines wait for
//      its SKUs (the allocation runs in the receipt's transaction): the post call, ROUNDS rounds with
//      fresh orders and warehouses (target < 1 s), checked afterwards (every line allocated, one
//      ledger row per line); against (a) the same receipt posted when no pre-order waits and (b) the
//      bare SQL of allocation's writes (1,000 ledger rows and 1,000 lines, by unnest) on copies of the
//      orders.
// DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test. STYLES=n spot styles (10,000);
// PAGE_RUNS=n calls per catalogue case and side (100); DRAFTS=n timed submissions per side (30);
// PREORDERS=n orders per round (100, × 10 lines); ROUNDS=n (5, after one small warm-up round);
// POOL=n (10) on each side; CASES=1,2,3 for some cases only; BENCH_PROFILE=<dir> PROFILE_CASE=1|2|3 for
// a CPU profile of the app from that case on.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { DEMO_PASSWORD } from '../server/src/demo/demo-data.ts';
import { seedDemoData } from '../server/src/demo/seed.ts';
import { fmt, httpClient, percentile, printTable, ratio, runClients, startApp, type HttpClient } from './bench-kit.ts';
import { bareOrdering, type BareOrderLine, type CatalogueFilter } from './ordering-bare.ts';
import { KEYWORD, seedOrdering, type OrderingWorld } from './ordering-seed.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const STYLES = Number(process.env.STYLES || 10_000);
const PAGE_RUNS = Number(process.env.PAGE_RUNS || 100);
const DRAFTS = Number(process.env.DRAFTS || 30);
const PREORDERS = Number(process.env.PREORDERS || 100);
const ROUNDS = Number(process.env.ROUNDS || 5);
const POOL = Number(process.env.POOL || 10);
const CASES = new Set((process.env.CASES || '1,2,3').split(',').map((c) => c.trim()));
const PAGE_WARMUP = 20;
const SUBMIT_WARMUP = 3;
const PAGE_SIZE = 20;
const ORDER_STYLES = 25;
const PREORDER_LINES = 10;
const MAKERS = 4;

const API = '/api/admin/api/v1';
const schema = `bench_${randomBytes(4).toString('hex')}`;

type Row = string[];
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const p50p99 = (xs: number[]) => `${fmt(percentile(xs, 50))} / ${fmt(percentile(xs, 99))}`;
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

async function okData(res: Promise<{ status: number; body: any }>, what: string) {
  const answer = await res;
  if (answer.status !== 200 || answer.body?.code?.[0] !== '2') throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body.data;
}

/** app and bare alternately `runs` times after `warmup` pairs; input i goes to both. */
async function alternately(runs: number, warmup: number, app: (i: number) => Promise<unknown>, bare: (i: number) => Promise<unknown>) {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < warmup + runs; i += 1) {
    let t0 = performance.now();
    await app(i);
    const ta = performance.now() - t0;
    t0 = performance.now();
    await bare(i);
    const tb = performance.now() - t0;
    if (i >= warmup) {
      a.push(ta);
      b.push(tb);
    }
  }
  return { app: sorted(a), bare: sorted(b) };
}

// ── (1) the catalogue ───────────────────────────────────────────────────────────────────────────
async function catalogueCase(w: OrderingWorld, shop: HttpClient, bare: ReturnType<typeof bareOrdering>): Promise<Row[]> {
  const quota = { seasonId: w.spotSeason, buyerType: 'shop', buyerId: w.sh001 };
  const cases: { label: string; filter: CatalogueFilter; firstOnly?: boolean }[] = [
    { label: '全部 第1页', filter: {}, firstOnly: true },
    { label: '全部 翻页', filter: {} },
    { label: '品牌', filter: { brandId: w.brands.at(-1)! } },
    { label: '分类 (二级, 含下级)', filter: { categoryId: w.parentCategory } },
    { label: '季节 + 年份', filter: { season: 'winter', year: 2025 } },
    { label: '标签 爆款', filter: { tagId: w.tagId } },
    { label: `关键字 ${KEYWORD}`, filter: { keyword: KEYWORD } },
    { label: '批发价 降序 翻页', filter: { sort: 'wholesalePrice', order: 'desc' } },
    { label: '最新 翻页', filter: { sort: 'newest', order: 'desc' } },
  ];
  const path = (f: CatalogueFilter, page: number) => {
    const q = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
    for (const [k, v] of Object.entries(f)) if (v !== undefined) q.set(k, String(v));
    return `${API}/ordering/catalogue/page?${q}`;
  };
  const rows: Row[] = [];
  for (const c of cases) {
    const { total } = await bare.cataloguePage(c.filter, 1, PAGE_SIZE, quota);
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    // pages spread over the whole filter, the same page for both sides
    const pageOf = (i: number) => (c.firstOnly ? 1 : 1 + ((i * 37) % pages));
    for (const probe of [1, pages, pageOf(PAGE_RUNS - 1)]) {
      const a = await okData(shop.get(path(c.filter, probe)), c.label);
      const b = await bare.cataloguePage(c.filter, probe, PAGE_SIZE, quota);
      const ids = (xs: any[]) => xs.map((r) => Number(r.productId ?? r.product_id)).join(',');
      const stockA = a.records.reduce((s: number, r: any) => s + r.totalAvailable, 0);
      const stockB = b.skus.reduce((s: number, k: any) => s + Number(k.available), 0);
      if (ids(a.records) !== ids(b.records) || a.total !== b.total || stockA !== stockB || a.records.some((r: any) => r.skus.length !== 8))
        throw new Error(`${c.label} page ${probe}: the app and the bare SQL answer differently`);
    }
    const t = await alternately(
      PAGE_RUNS,
      PAGE_WARMUP,
      (i) => okData(shop.get(path(c.filter, pageOf(i))), c.label),
      (i) => bare.cataloguePage(c.filter, pageOf(i), PAGE_SIZE, quota),
    );
    const p99 = percentile(t.app, 99);
    rows.push([
      `${c.label} (${total.toLocaleString()} 款, ${c.firstOnly ? '第1页' : `${pages} 页`})`,
      p50p99(t.app),
      p50p99(t.bare),
      `${ratio(percentile(t.app, 50), percentile(t.bare, 50))} · ${ratio(p99, percentile(t.bare, 99))}`,
      p99 <= 50 ? 'yes' : 'NO',
    ]);
  }
  const left = `${API}/ordering/quotas/left?seasonId=${w.spotSeason}&buyerType=shop&buyerId=${w.sh001}`;
  const t = await alternately(
    PAGE_RUNS,
    PAGE_WARMUP,
    () => okData(shop.get(left), '额度剩余'),
    () => bare.quotaRow(quota),
  );
  rows.push([
    '额度剩余 /quotas/left (款式抽屉旁)',
    p50p99(t.app),
    p50p99(t.bare),
    `${ratio(percentile(t.app, 50), percentile(t.bare, 50))} · ${ratio(percentile(t.app, 99), percentile(t.bare, 99))}`,
    percentile(t.app, 99) <= 50 ? 'yes' : 'NO',
  ]);
  return rows;
}

// ── (2) submitting 200-line orders ──────────────────────────────────────────────────────────────
async function submitCase(w: OrderingWorld, shop: HttpClient, bare: ReturnType<typeof bareOrdering>, raw: pg.Pool): Promise<Row[]> {
  const drafts = 2 * DRAFTS + SUBMIT_WARMUP * 2;
  const block = (j: number) =>
    Array.from({ length: ORDER_STYLES }, (_, s) => w.spotStyles[(j * ORDER_STYLES + s) % w.spotStyles.length]!).flatMap((style, s) =>
      style.skuIds.map((skuId, k) => ({ skuId, quantity: 1 + ((s + k) % 3) })),
    );
  const ids: number[] = new Array(drafts);
  let next = 0;
  const t0 = performance.now();
  await runClients(MAKERS, 3600, async () => {
    const j = next++;
    if (j >= drafts) return 'done';
    const draft = await okData(shop.post(`${API}/sales-orders`, { seasonId: w.spotSeason, remark: '压测', lines: block(j) }), 'draft');
    ids[j] = Number(draft.id);
    return true;
  });
  const lineCount = block(0).length;
  console.log(`  ${drafts} drafts of ${lineCount} lines made through the API in ${seconds(t0)}`);
  const appIds = ids.filter((_, j) => j % 2 === 0);
  const bareIds = ids.filter((_, j) => j % 2 === 1);
  // the bare side's lines priced beforehand (the draft's own prices: the rules have not changed)
  const { rows } = await raw.query(
    `SELECT order_id, product_id, sku_id, colour_name, size_name, ordered, unit_price_fen, price_steps::text AS steps
     FROM sales_order_lines WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, line_no`,
    [bareIds],
  );
  const linesOf = new Map<number, BareOrderLine[]>();
  for (const r of rows) {
    const list = linesOf.get(Number(r.order_id)) ?? [];
    list.push({
      productId: Number(r.product_id),
      skuId: Number(r.sku_id),
      colourName: r.colour_name,
      sizeName: r.size_name,
      ordered: r.ordered,
      unitPriceFen: r.unit_price_fen,
      steps: r.steps,
    });
    linesOf.set(Number(r.order_id), list);
  }
  const t = await alternately(
    DRAFTS,
    SUBMIT_WARMUP,
    (i) => okData(shop.post(`${API}/sales-orders/${appIds[i]}/submit`, {}), 'submit'),
    (i) => bare.submitOrder(bareIds[i]!, w.shop01Id, linesOf.get(bareIds[i]!)!),
  );
  const { rows: check } = await raw.query(
    `SELECT (SELECT count(*) FROM sales_orders WHERE id = ANY($1::bigint[]) AND status = 'submitted' AND line_count = $2)::int AS submitted,
       (SELECT count(*) FROM ordering_quota_entries WHERE order_id = ANY($1::bigint[]))::int AS entries,
       (SELECT q.reserved_fen = (SELECT sum(e.reserved_fen) FROM ordering_quota_entries e WHERE e.quota_id = q.id) FROM ordering_quotas q WHERE q.id = $3) AS agrees`,
    [ids, lineCount, w.quotaId],
  );
  const c = check[0];
  console.log(`  check: ${c.submitted}/${ids.length} orders submitted with ${lineCount} lines, ${c.entries} quota entries, quota row = its entries: ${c.agrees}`);
  if (c.submitted !== ids.length || c.entries !== ids.length || !c.agrees) throw new Error('submission check failed');
  const p50 = percentile(t.app, 50);
  return [
    [
      `提交 ${lineCount} 行订货单 (${DRAFTS} 次)`,
      p50p99(t.app),
      p50p99(t.bare),
      `${ratio(p50, percentile(t.bare, 50))} · ${ratio(percentile(t.app, 99), percentile(t.bare, 99))}`,
      p50 <= 150 ? 'yes' : 'NO',
    ],
  ];
}

// ── (3) pre-orders allocated on a receipt ───────────────────────────────────────────────────────
async function receiptCase(w: OrderingWorld, shop: HttpClient, hq: HttpClient, bare: ReturnType<typeof bareOrdering>, raw: pg.Pool, startProfile: () => void): Promise<Row[]> {
  const inbound = async (warehouseId: number, lines: { skuId: number; quantity: number }[]) => {
    const doc = await okData(hq.post(`${API}/stock-docs/inbound`, { header: { warehouseId, bizType: 'other', remark: '压测期货到货' }, lines }), 'inbound');
    await okData(hq.post(`${API}/stock-docs/inbound/${doc.id}/submit`, {}), 'inbound submit');
    return Number(doc.id);
  };
  const post = async (docId: number) => {
    const t0 = performance.now();
    await okData(hq.post(`${API}/stock-docs/inbound/${docId}/post`, {}), 'inbound post');
    return performance.now() - t0;
  };
  const warehouse = async (code: string) => {
    const { rows } = await raw.query(`INSERT INTO warehouses (code, name, type) VALUES ($1, $2, 'hq') RETURNING id`, [code, `压测总仓 ${code}`]);
    return Number(rows[0].id);
  };
  const withOrders: number[] = [];
  const without: number[] = [];
  const allocationShare: number[] = [];
  const bareWrites: number[] = [];
  let receiptLines = 0;
  for (let round = 0; round <= ROUNDS; round += 1) {
    const warmUp = round === 0;
    const orders = warmUp ? Math.max(1, Math.floor(PREORDERS / 10)) : PREORDERS;
    const wh = await warehouse(`OB-PRE-${round}`);
    const empty = await warehouse(`OB-NOPRE-${round}`);
    // the orders: made, submitted by shop01 and audited by HQ through the API
    const t0 = performance.now();
    const orderIds: number[] = [];
    const wanted = new Map<number, number>();
    let next = 0;
    await runClients(MAKERS, 3600, async () => {
      const k = next++;
      if (k >= orders) return 'done';
      const lines = Array.from({ length: PREORDER_LINES }, (_, j) => ({ skuId: w.preSkus[(k * PREORDER_LINES + j) % w.preSkus.length]!, quantity: 1 + ((k + j) % 3) }));
      const draft = await okData(shop.post(`${API}/sales-orders`, { seasonId: w.preSeason, remark: `压测期货 ${round}-${k}`, lines }), 'pre-order');
      const submitted = await okData(shop.post(`${API}/sales-orders/${draft.id}/submit`, {}), 'pre-order submit');
      await okData(hq.post(`${API}/sales-orders/${draft.id}/audit`, { lines: submitted.lines.map((l: any) => ({ lineId: l.id, approved: l.ordered })), reason: '' }), 'audit');
      orderIds.push(Number(draft.id));
      for (const l of lines) wanted.set(l.skuId, (wanted.get(l.skuId) ?? 0) + l.quantity);
      return true;
    });
    const made = seconds(t0);
    // one receipt bringing what they ordered, posted into the empty HQ warehouse
    const receipt = [...wanted].map(([skuId, quantity]) => ({ skuId, quantity }));
    receiptLines = receipt.length;
    const docId = await inbound(wh, receipt);
    if (round === 1) startProfile();
    const app = await post(docId);
    const { rows: got } = await raw.query(
      `SELECT (SELECT count(*) FROM sales_order_lines WHERE order_id = ANY($1::bigint[]))::int AS lines,
         (SELECT count(*) FROM sales_order_lines WHERE order_id = ANY($1::bigint[]) AND allocated > 0 AND allocated = coalesce(approved, ordered))::int AS allocated,
         (SELECT count(*) FROM sales_allocations WHERE order_id = ANY($1::bigint[]) AND warehouse_id = $2)::int AS ledger,
         (SELECT coalesce(sum(allocated), 0) FROM sales_allocation_balances WHERE warehouse_id = $2)::int AS set_aside`,
      [orderIds, wh],
    );
    const g = got[0];
    const pieces = receipt.reduce((s, l) => s + l.quantity, 0);
    if (g.allocated !== g.lines || g.ledger !== g.lines || g.set_aside !== pieces) throw new Error(`round ${round}: allocation check failed ${JSON.stringify(g)}`);
    // (b) the bare writes on copies of the orders (audited pre-orders waiting, made now: the app's are served)
    const copies = await raw.query(
      `WITH src AS (SELECT * FROM sales_orders WHERE id = ANY($1::bigint[])),
       copied AS (
         INSERT INTO sales_orders (order_no, season_id, kind, buyer_type, buyer_id, orderer_type, shop_id, warehouse_id, agent_id, billed_type, billed_id,
           status, line_count, total_quantity, total_amount_fen, approved_quantity, approved_amount_fen, remark, created_by, submitted_by, submitted_at, audited_by, audited_at)
         SELECT order_no || '-B', season_id, kind, buyer_type, buyer_id, orderer_type, shop_id, warehouse_id, agent_id, billed_type, billed_id,
           status, line_count, total_quantity, total_amount_fen, approved_quantity, approved_amount_fen, remark, created_by, submitted_by, submitted_at, audited_by, audited_at
         FROM src RETURNING id, order_no)
       INSERT INTO sales_order_lines (order_id, line_no, product_id, sku_id, colour_name, size_name, size_run_id, run_count, ordered, approved, unit_price_fen, amount_fen, price_steps)
       SELECT c.id, l.line_no, l.product_id, l.sku_id, l.colour_name, l.size_name, l.size_run_id, l.run_count, l.ordered, l.approved, l.unit_price_fen, l.amount_fen, l.price_steps
       FROM copied c JOIN src o ON o.order_no || '-B' = c.order_no JOIN sales_order_lines l ON l.order_id = o.id
       RETURNING id AS line_id, order_id, sku_id, coalesce(approved, ordered) AS quantity`,
      [orderIds],
    );
    const copiedLines = copies.rows.map((r) => ({ orderId: Number(r.order_id), lineId: Number(r.line_id), skuId: Number(r.sku_id), quantity: r.quantity as number }));
    const t1 = performance.now();
    await bare.allocateLines(wh, w.adminId, copiedLines);
    const bareMs = performance.now() - t1;
    // (a) the same receipt when no pre-order waits for its SKUs
    const alone = await post(await inbound(empty, receipt));
    console.log(
      `  round ${round}${warmUp ? ' (warm-up)' : ''}: ${orders} pre-orders made in ${made}; post ${fmt(app)} ms (${g.allocated}/${g.lines} lines allocated, ${g.ledger} ledger rows), ` +
        `alone ${fmt(alone)} ms, bare writes ${fmt(bareMs)} ms`,
    );
    if (warmUp) continue;
    withOrders.push(app);
    without.push(alone);
    allocationShare.push(app - alone);
    bareWrites.push(bareMs);
  }
  const a50 = percentile(sorted(withOrders), 50);
  const lines = PREORDERS * PREORDER_LINES;
  return [
    [
      `过账 ${receiptLines} 行入库单, ${lines.toLocaleString()} 行期货待配 (${ROUNDS} 轮)`,
      p50p99(sorted(withOrders)),
      `(a) 同一入库单, 无期货待配: ${p50p99(sorted(without))}`,
      ratio(a50, percentile(sorted(without), 50)),
      percentile(sorted(withOrders), 99) < 1000 ? 'yes' : 'NO',
    ],
    [
      `  其中配货 (上行 − (a), 每轮)`,
      p50p99(sorted(allocationShare)),
      `(b) 裸 SQL: ${lines.toLocaleString()} 行配货流水 + 订单行: ${p50p99(sorted(bareWrites))}`,
      ratio(percentile(sorted(allocationShare), 50), percentile(sorted(bareWrites), 50)),
      '',
    ],
  ];
}

async function main() {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const raw = new pg.Pool({ connectionString: DATABASE_URL, max: POOL, options: `-c search_path=${schema}` });
  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  try {
    console.log(`schema ${schema}: migrating and seeding ${STYLES.toLocaleString()} styles × 8 SKUs with HQ stock, two seasons, pricing and a quota…`);
    const t0 = performance.now();
    const handle = await openDatabase({ databaseUrl: DATABASE_URL, schema, poolSize: 4 });
    const world = await (async () => {
      try {
        await migrateToLatest(handle.db, schema);
        await seedDemoData(handle.db);
        return await seedOrdering(handle.db, STYLES);
      } finally {
        await handle.close();
      }
    })();
    const n = world.counts;
    console.log(
      `seeded in ${seconds(t0)}: ${n.styles.toLocaleString()} styles, ${n.skus.toLocaleString()} SKUs, ${n.moves.toLocaleString()} moves, ${n.balances.toLocaleString()} balances`,
    );

    app = await startApp(DATABASE_URL, schema, POOL);
    const shop = httpClient(app.port, MAKERS + 2);
    const hq = httpClient(app.port, MAKERS + 2);
    await shop.signIn('shop01', DEMO_PASSWORD);
    await hq.signIn('admin', DEMO_PASSWORD);
    const bare = bareOrdering(raw);
    const profileFrom = (name: string) => {
      if (process.env.PROFILE_CASE === name) app?.startProfile();
    };
    const header = ['case', 'app p50 / p99 ms', 'bare p50 / p99 ms', 'app/bare p50 · p99', 'target'];

    const tables: [string, string[], Row[]][] = [];
    if (CASES.has('1')) {
      profileFrom('1');
      console.log(`(1) catalogue pages as shop01, ${PAGE_RUNS} calls per case and side…`);
      const t = performance.now();
      tables.push([
        `(1) 订货目录 ${PAGE_SIZE} 款/页, 价格 + 总部库存 (shop01; target p99 ≤ 50 ms; ${PAGE_RUNS} calls each, 1 client)`,
        header,
        await catalogueCase(world, shop, bare),
      ]);
      console.log(`  done in ${seconds(t)}`);
    }
    if (CASES.has('2')) {
      profileFrom('2');
      console.log(`(2) submitting ${ORDER_STYLES * 8}-line orders as shop01, ${DRAFTS} per side…`);
      const t = performance.now();
      tables.push([`(2) 提交订货单 (重新计价 + 占用额度; target p50 ≤ 150 ms)`, header, await submitCase(world, shop, bare, raw)]);
      console.log(`  done in ${seconds(t)}`);
    }
    if (CASES.has('3')) {
      console.log(`(3) ${PREORDERS} pre-orders × ${PREORDER_LINES} lines allocated on one receipt, ${ROUNDS} rounds after a warm-up…`);
      const t = performance.now();
      const rows = await receiptCase(world, shop, hq, bare, raw, () => profileFrom('3'));
      tables.push([`(3) 期货到货配货 (入库单过账, 同一事务内配货; target < 1 s)`, ['case', 'app p50 / p99 ms', 'baseline p50 / p99 ms', 'ratio p50', 'target'], rows]);
      console.log(`  done in ${seconds(t)}`);
    }
    shop.close();
    hq.close();
    console.log(`\npool ${POOL} each side; ${n.styles.toLocaleString()} styles, ${n.skus.toLocaleString()} SKUs, ${n.balances.toLocaleString()} stock balances`);
    for (const [title, head, rows] of tables) printTable(title, head, rows);
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
