// What the HTTP benchmarks share: the app in a child process (app-server.ts), a keep-alive HTTP
// client signed in through the API, percentiles, N clients looping for a while, and the table.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export interface AppProcess {
  port: number;
  /** starts the app's CPU profile when BENCH_PROFILE is set (app-server.ts) */
  startProfile(): void;
  close(): Promise<void>;
}

/** The built app listening in a child process over `schema`, with a pool of `poolSize`. */
export async function startApp(databaseUrl: string, schema: string, poolSize: number): Promise<AppProcess> {
  // node itself with tsx's loader (not the tsx wrapper), so signals reach the app
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'app-server.ts')], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_SCHEMA: schema, BENCH_POOL: String(poolSize), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const m = /^listening (\d+)$/.exec(line);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`app exited (${code}) before listening`)));
  });
  return {
    port,
    startProfile: () => {
      if (process.env.BENCH_PROFILE) child.kill('SIGUSR2');
    },
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Answer {
  status: number;
  body: any;
}

/** A JSON client of one app over keep-alive connections (enough sockets for every bench client). */
export function httpClient(port: number, sockets = 64) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  let session: string | undefined;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: { ...(session ? { session } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = null;
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = text;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown = {}) => call('POST', path, body),
    /** signs in through the API; later calls carry the session */
    async signIn(account: string, password: string) {
      const res = await call('POST', '/api/auth/login', { account, password });
      if (res.status !== 200 || !res.body?.data?.session) throw new Error(`sign-in ${account}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      session = res.body.data.session as string;
    },
    close: () => agent.destroy(),
  };
}
export type HttpClient = ReturnType<typeof httpClient>;

export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : Number.NaN;

export interface Run {
  /** completed operations */
  n: number;
  failed: number;
  seconds: number;
  /** latencies in ms, sorted */
  times: number[];
}

export const perSecond = (r: Run) => r.n / r.seconds;
export const p = (r: Run, q: number) => percentile(r.times, q);

/** `clients` loops calling `op` for `seconds` (or until `op` answers 'done'); each call's latency. */
export async function runClients(clients: number, seconds: number, op: (client: number) => Promise<boolean | 'done'>): Promise<Run> {
  const times: number[] = [];
  let failed = 0;
  let done = false;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (!done && performance.now() < end) {
        const t0 = performance.now();
        const result = await op(client);
        if (result === 'done') {
          done = true;
          return;
        }
        if (result) times.push(performance.now() - t0);
        else failed += 1;
      }
    }),
  );
  return { n: times.length, failed, seconds: (performance.now() - start) / 1000, times: times.sort((a, b) => a - b) };
}

/** Runs of several rounds as one. */
export function merge(runs: readonly Run[]): Run {
  return {
    n: runs.reduce((s, r) => s + r.n, 0),
    failed: runs.reduce((s, r) => s + r.failed, 0),
    seconds: runs.reduce((s, r) => s + r.seconds, 0),
    times: runs.flatMap((r) => r.times).sort((a, b) => a - b),
  };
}

/**
 * Several sides (app, bare, …) in turn in `rounds` short rounds (so all see the same machine), each
 * round `seconds / rounds` long with `clients` clients, after one short warm-up round each.
 */
export async function alternate(
  rounds: number,
  seconds: number,
  clients: number,
  sides: readonly ((client: number) => Promise<boolean | 'done'>)[],
  warmUp = true,
): Promise<Run[]> {
  const slice = Math.max(0.5, seconds / rounds);
  if (warmUp) for (const side of sides) await runClients(clients, Math.min(1, slice), side);
  const runs: Run[][] = sides.map(() => []);
  for (let i = 0; i < rounds; i += 1) {
    for (const [j, side] of sides.entries()) runs[j]!.push(await runClients(clients, slice, side));
  }
  return runs.map(merge);
}

/** App and bare in turn (see alternate). */
export async function interleaved(
  rounds: number,
  seconds: number,
  clients: number,
  app: (client: number) => Promise<boolean | 'done'>,
  bare: (client: number) => Promise<boolean | 'done'>,
) {
  const [a, b] = await alternate(rounds, seconds, clients, [app, bare]);
  return { app: a!, bare: b! };
}

/** Prints rows (`case, app, bare, ratio`, or any number of columns) as a table: the first column left-aligned, the others right-aligned. */
export function printTable(title: string, header: readonly string[], rows: readonly (readonly string[])[]) {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i]!))));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c + ' '.repeat(widths[i]! - width(c)) : ' '.repeat(widths[i]! - width(c)) + c)).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** Display width: CJK characters take two columns. */
function width(text: string): number {
  let n = 0;
  for (const ch of text) n += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return n;
}

export const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
export const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
