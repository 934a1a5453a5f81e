// The application as the benchmarks drive it: its own process (its own event loop, as deployed),
// built with buildApp over BENCH_SCHEMA of BENCH_DATABASE_URL with a pool of BENCH_POOL connections,
// listening on a free port of 127.0.0.1; prints `listening <port>` once ready, closes on SIGTERM.
// Started by bench-kit.ts startApp(); not a benchmark itself.
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL!;
const schema = process.env.BENCH_SCHEMA!;
const poolSize = Number(process.env.BENCH_POOL || 20);

const handle = await openDatabase({ databaseUrl, schema, poolSize });
const app = await buildApp({ config: { ...loadConfig({}), webDir: null, databaseUrl }, db: handle.db });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => handle.close())
    .finally(() => process.exit(0));
});
