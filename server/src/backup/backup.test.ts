import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db, type DatabaseHandle } from '../db/database.ts';
import { seedDemoPurchasing } from '../demo/demo-purchasing.ts';
import { seedDemoStock } from '../demo/demo-stock.ts';
import { assertMoneyConsistent, moneyProblems } from '../kernel/ledgers/money-consistency.ts';
import { assertLedgerConsistent, ledgerProblems } from '../modules/stock/ledger-consistency.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { restoreBackup, writeBackup } from './backup.ts';
import { BACKUP_ROUTE, registerBackupRoute } from './backup.routes.ts';
import type { FastifyInstance } from 'fastify';

const TABLES = [
  'users',
  'agents',
  'shops',
  'suppliers',
  'products',
  'skus',
  'warehouses',
  'stock_moves',
  'stock_balances',
  'purchase_orders',
  'purchase_refunds',
  'stock_docs',
  'account_entries',
  'account_balances',
  'document_events',
];

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    out[table] = rows[0]!.n;
  }
  return out;
}

// PGlite's own dump: only the embedded database has one (PostgreSQL: pg_dump, see README)
describe.skipIf(!!process.env.DATABASE_URL)('backup and restore of the embedded database', () => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let app: FastifyInstance;
  let work: string;
  let uploadDir: string;

  beforeAll(async () => {
    ({ handle, dispose } = await openTestDatabase());
    await seedDemoStock(handle.db);
    await seedDemoPurchasing(handle.db);
    work = mkdtempSync(join(tmpdir(), 'erp-backup-'));
    uploadDir = join(work, 'uploads');
    mkdirSync(join(uploadDir, 'ab'), { recursive: true });
    writeFileSync(join(uploadDir, 'ab', 'ab12cd.jpg'), Buffer.from('not really a jpeg, but bytes all the same'));
    app = await buildApp({ config: { ...loadConfig({}), webDir: null, uploadDir }, db: handle.db });
    registerBackupRoute(app, { token: 'secret-token', dump: handle.dump! });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    rmSync(work, { recursive: true, force: true });
  });

  it('the server dumps only for a local caller with the token', async () => {
    const noToken = await app.inject({ method: 'POST', url: BACKUP_ROUTE });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().msg).toMatch(/备份口令不对/);
    const remote = await app.inject({ method: 'POST', url: BACKUP_ROUTE, remoteAddress: '10.0.0.8', headers: { 'x-backup-token': 'secret-token' } });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().msg).toMatch(/本机/);
    const proxied = await app.inject({ method: 'POST', url: BACKUP_ROUTE, headers: { 'x-backup-token': 'secret-token', 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
    const ok = await app.inject({ method: 'POST', url: BACKUP_ROUTE, headers: { 'x-backup-token': 'secret-token' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/gzip');
    expect(ok.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('restores the demo into a fresh folder with the same rows and consistent ledgers', async () => {
    const before = await counts(handle.db);
    expect(before.stock_moves).toBeGreaterThan(0);
    expect(before.purchase_orders).toBeGreaterThan(0);
    expect(await ledgerProblems(handle.db)).toEqual([]);
    expect(await moneyProblems(handle.db)).toEqual([]);

    const res = await app.inject({ method: 'POST', url: BACKUP_ROUTE, headers: { 'x-backup-token': 'secret-token' } });
    const file = join(work, 'erp-backup-test.tar.gz');
    const manifest = await writeBackup({ file, dump: res.rawPayload, uploadDir, dataDir: join(work, 'data'), source: 'server' });
    expect(manifest).toMatchObject({ uploads: 1, uploadsInDatabase: false });

    // a folder with something in it is refused, and nothing is written there
    const busy = join(work, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'keep.txt'), 'mine');
    await expect(restoreBackup({ file, dataDir: busy, uploadDir: join(busy, 'uploads') })).rejects.toThrow(/数据目录 .* 不是空的：恢复只写入空目录/);
    expect(readFileSync(join(busy, 'keep.txt'), 'utf8')).toBe('mine');

    const dataDir = join(work, 'restored');
    const restoredUploads = join(work, 'restored-uploads');
    await restoreBackup({ file, dataDir, uploadDir: restoredUploads });
    expect(readFileSync(join(restoredUploads, 'ab', 'ab12cd.jpg'), 'utf8')).toBe('not really a jpeg, but bytes all the same');

    const restored = await openDatabase({ dataDir });
    try {
      expect(await counts(restored.db)).toEqual(before);
      await assertLedgerConsistent(restored.db);
      await assertMoneyConsistent(restored.db);
      const admin = await restored.db.selectFrom('users').select(['account', 'password_hash']).where('account', '=', 'admin').executeTakeFirstOrThrow();
      const original = await handle.db.selectFrom('users').select(['account', 'password_hash']).where('account', '=', 'admin').executeTakeFirstOrThrow();
      expect(admin).toEqual(original);
    } finally {
      await restored.close();
    }
  });

  it('refuses a file that is not a backup', async () => {
    const bogus = join(work, 'bogus.tar.gz');
    writeFileSync(bogus, 'hello');
    await expect(restoreBackup({ file: bogus, dataDir: join(work, 'never'), uploadDir: join(work, 'never', 'uploads') })).rejects.toThrow(/不是本系统的备份/);
  });
});
