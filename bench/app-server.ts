// The application as the benchmarks drive it: its own process (its own event loop, as deployed),
// built with buildApp over BENCH_SCHEMA of BENCH_DATABASE_URL with a pool of BENCH_POOL connections,
// listening on a free port of 127.0.0.1; prints `listening <port>` once ready, closes on SIGTERM.
// Started by bench-kit.ts startApp(); not a benchmark itself.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'kysely';
import { join } from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL!;
const schema = process.env.BENCH_SCHEMA!;
const poolSize = Number(process.env.BENCH_POOL || 20);

// BENCH_PROFILE=<dir>: a CPU profile from SIGUSR2 (the bench sends it before the case it profiles)
// to SIGTERM, written there (open it in Chrome's DevTools)
const profileDir = process.env.BENCH_PROFILE;
const profiler = profileDir ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  process.on('SIGUSR2', () => void profiler.post('Profiler.start'));
}
async function writeProfile() {
  if (!profiler || !profileDir) return;
  const { profile } = await profiler.post('Profiler.stop');
  mkdirSync(profileDir, { recursive: true });
  writeFileSync(join(profileDir, `app-${Date.now()}.cpuprofile`), JSON.stringify(profile));
}

// an overloaded case queues for a connection rather than answering 503 after the default 10 s
const handle = await openDatabase({ databaseUrl, schema, poolSize, connectTimeoutMs: 120_000 });
const app = await buildApp({ config: { ...loadConfig({}), webDir: null, databaseUrl }, db: handle.db });
// The floor of case (c): the bare side's one insert (stock-bare.ts insertDoc, a caller's number)
// behind this server's HTTP stack and pool, with nothing else — no session, no checks, no number
// series, no operation log, the id answered. What the app adds above this is its own work.
app.post('/bench/floor-insert', async (request) => {
  const { docNo, warehouseId, userId, lines } = request.body as { docNo: string; warehouseId: number; userId: number; lines: { skuId: number; quantity: number }[] };
  const { rows } = await sql<{ doc_id: number }>`
    WITH d AS (
      INSERT INTO stock_docs (kind, doc_no, biz_type, status, warehouse_id, created_by, total_quantity, line_count)
      VALUES ('outbound', ${docNo}, 'other', 'draft', ${warehouseId}, ${userId}, ${lines.reduce((n, l) => n + l.quantity, 0)}, ${lines.length}) RETURNING id)
    INSERT INTO stock_doc_lines (doc_id, line_no, sku_id, quantity)
    SELECT d.id, n, k, q FROM d, unnest(${lines.map((l) => l.skuId)}::bigint[], ${lines.map((l) => l.quantity)}::int[]) WITH ORDINALITY AS t (k, q, n)
    RETURNING doc_id`.execute(handle.db);
  return { code: '201', data: { id: Number(rows[0]!.doc_id) } };
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);

process.on('SIGTERM', () => {
  void writeProfile()
    .then(() => app.close())
    .then(() => handle.close())
    .finally(() => process.exit(0));
});
