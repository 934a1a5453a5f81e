import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { moneyProblems } from '../kernel/ledgers/money-consistency.ts';
import { ledgerProblems } from '../modules/stock/ledger-consistency.ts';
import { seedDemoPurchasing } from './demo-purchasing.ts';
import { payableEntries } from '../modules/purchasing/purchasing-test-kit.ts';
import { seedDemoStock } from './demo-stock.ts';

describe('demo purchasing (npm start in demo mode)', () => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, dispose } = await openTestDatabase());
    await seedDemoStock(handle.db);
  });
  afterAll(() => dispose?.());

  it('makes orders in every status and two refunds through the services; stock, counters and payables agree', async () => {
    expect(await seedDemoPurchasing(handle.db)).toBe(true);
    const db = handle.db;
    expect(await ledgerProblems(db)).toEqual([]);
    const orders = await db
      .selectFrom('purchase_orders as o')
      .innerJoin('suppliers as s', 's.id', 'o.supplier_id')
      .select(['s.code', 'o.status', 'o.promised_date', 'o.received_quantity', 'o.returned_quantity', 'o.received_amount_fen'])
      .orderBy('o.id')
      .execute();
    expect(orders.map((o) => `${o.code}:${o.status}`)).toEqual([
      'SP001:draft',
      'SP001:submitted',
      'SP001:audited',
      'SP001:partly_received',
      'SP001:received',
      'SP001:closed',
      'SP101:partly_received',
    ]);
    expect(orders[2]!.promised_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(orders.map((o) => [o.received_quantity, o.returned_quantity])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [6, 0],
      [16, 2],
      [4, 0],
      [6, 0],
    ]);

    const refunds = await db.selectFrom('purchase_refunds').select(['status', 'total_quantity', 'returned_quantity', 'total_amount_fen', 'outbound_id']).orderBy('id').execute();
    expect(refunds.map((r) => [r.status, r.total_quantity, r.returned_quantity])).toEqual([
      ['audited', 1, 0],
      ['done', 2, 2],
    ]);
    const outbounds = await db.selectFrom('stock_docs').select('status').where('source_type', '=', 'purchase_refund').orderBy('id').execute();
    expect(outbounds.map((d) => d.status)).toEqual(['submitted', 'posted']);

    // the ledger: every posted receipt at the order's prices, less the returned refund
    const payables = await payableEntries(db);
    expect(payables.map((p) => p.entry_type)).toEqual(['receipt', 'receipt', 'receipt', 'refund', 'receipt', 'receipt']);
    const receivedFen = orders.reduce((s, o) => s + Number(o.received_amount_fen), 0);
    const ledger = payables.reduce((s, p) => s + Number(p.amount_fen), 0);
    expect(ledger).toBe(receivedFen - Number(refunds[1]!.total_amount_fen));

    // each supplier's payable balance is its entries' sum
    expect(await moneyProblems(db)).toEqual([]);
    const balances = await db
      .selectFrom('account_balances')
      .select((eb) => eb.fn.sum<number>('balance_fen').as('s'))
      .where('account_kind', '=', 'payable')
      .executeTakeFirstOrThrow();
    expect(Number(balances.s)).toBe(ledger);

    const negative = await db.selectFrom('stock_balances').select('id').where('quantity', '<', 0).execute();
    expect(negative).toEqual([]);
    // once only
    expect(await seedDemoPurchasing(db)).toBe(false);
  });
});
