// The application as the benchmarks drive it: its own process (its own event loop, as deployed),
// built with buildApp over BENCH_SCHEMA of BENCH_DATABASE_URL with a pool of BENCH_POOL connections,
// listening on a free port of 127.0.0.1; prints `listening <port>` once ready, closes on SIGTERM.
// Started by bench-kit.ts startApp(); not a benchmark itself.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
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
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);

process.on('SIGTERM', () => {
  void writeProfile()
    .then(() => app.close())
    .then(() => handle.close())
    .finally(() => process.exit(0));
});
