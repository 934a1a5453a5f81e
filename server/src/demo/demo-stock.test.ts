import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { ledgerProblems } from '../modules/stock/ledger-consistency.ts';
import { seedDemoStock } from './demo-stock.ts';

describe('demo stock (npm start in demo mode)', () => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose?.());

  it('posts the demo documents through the services: balances agree with the ledger, one transfer in transit', async () => {
    expect(await seedDemoStock(handle.db)).toBe(true);
    expect(await ledgerProblems(handle.db)).toEqual([]);
    const docs = await handle.db.selectFrom('stock_docs').select(['kind', 'status']).orderBy('id').execute();
    expect(docs.map((d) => `${d.kind}:${d.status}`)).toEqual([
      'opening:posted',
      'opening:posted',
      'opening:posted',
      'opening:posted',
      'inbound:posted',
      'transfer:posted',
      'transfer:shipped',
      'outbound:submitted',
      'stocktake:draft',
    ]);
    const transit = await handle.db
      .selectFrom('stock_balances as b')
      .innerJoin('warehouses as w', 'w.id', 'b.warehouse_id')
      .select((eb) => eb.fn.sum<number>('b.quantity').as('q'))
      .where('w.type', '=', 'transit')
      .executeTakeFirstOrThrow();
    expect(Number(transit.q)).toBeGreaterThan(0);
    const negative = await handle.db.selectFrom('stock_balances').select('id').where('quantity', '<', 0).execute();
    expect(negative).toEqual([]);
    // once only
    expect(await seedDemoStock(handle.db)).toBe(false);
  });
});
