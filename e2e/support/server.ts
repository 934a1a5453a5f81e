import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchBrowser, withPage as withBrowserPage } from './browser.ts';
import { createDatabase, databaseUrl, dropDatabase } from './databases.ts';

export interface TestServer {
  url: string;
  stop: () => Promise<void>;
}

const root = resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });
}

/**
 * Starts the built app (server bundle + web dist) on a fresh embedded database with demo data:
 * a copy of `seeded` (a data directory a server seeded and closed: global-setup.ts) when given,
 * which skips seeding; `keep` leaves the data directory in place when the server stops.
 */
export async function startServer(options: { seeded?: string; keep?: boolean; database?: string; template?: string } = {}): Promise<TestServer & { dataDir: string }> {
  const main = join(root, 'server/dist/main.js');
  if (!existsSync(main) || !existsSync(join(root, 'web/dist/index.html'))) {
    throw new Error('e2e needs the built app: run `npm run build` first (npm test does)');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'erp-e2e-'));
  if (options.seeded) cpSync(options.seeded, dataDir, { recursive: true });
  const port = await freePort();
  // on PostgreSQL: the database named, or a copy of the template (seeded) made for this server
  const database = options.database ?? (options.template ? `${options.template}_${randomBytes(5).toString('hex')}` : null);
  if (database && options.template && !options.database) await createDatabase(database, options.template);
  let output = '';
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      DATABASE_URL: database ? databaseUrl(database) : '',
      REPORT_DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (!options.keep) {
      rmSync(dataDir, { recursive: true, force: true });
      if (database && !options.database) await dropDatabase(database);
    }
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/admin/config/sysBasicInfo`)).ok) return { url, stop, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`test server did not start:\n${output}`);
}

/**
 * For a file that changes seeded accounts: its own server and browser for the whole file, and
 * withPage bound to them (no page errors allowed; failures leave a screenshot).
 */
export function usePrivateServer() {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ seeded: inject('seededDataDir'), template: inject('seededDatabase') || undefined }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    url: () => server.url,
    browser: () => browser,
    withPage: (fn: (page: Page) => Promise<void>) =>
      withBrowserPage(
        browser,
        async (page, errors) => {
          await fn(page);
          expect(errors).toEqual([]);
        },
        server.url,
      ),
  };
}
