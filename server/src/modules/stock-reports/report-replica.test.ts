import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { seedDemoStock } from '../../demo/demo-stock.ts';

// REPORT_DATABASE_URL: the heavy reports read the replica, the documents the primary.
describe('reports on a read replica', () => {
  let t: TestApp;
  let replica: { handle: DatabaseHandle; dispose: () => Promise<void> };
  beforeAll(async () => {
    replica = await openTestDatabase();
    // the "replica" holds stock, the primary none: whatever the reports show came from the replica
    await seedDemoStock(replica.handle.db);
    t = await createTestApp({ reportDb: replica.handle.db });
  });
  afterAll(async () => {
    await t?.close();
    await replica?.dispose();
  });

  it('answers the in-transit list from the replica while the primary has no documents', async () => {
    const admin = await t.login('admin');
    const transit = await t.call({ method: 'GET', url: '/api/admin/api/v1/stock/reports/in-transit', session: admin });
    expect(transit.status).toBe(200);
    expect(transit.body.data.total).toBe(1);
    const docs = await t.call({ method: 'GET', url: '/api/admin/api/v1/stock-docs/transfer/page', session: admin });
    expect(docs.body.data.total).toBe(0);
  });
});
