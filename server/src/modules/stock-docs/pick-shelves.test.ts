import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { balanceOf, shelfIdOf, skuOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { stockShelfFrozen } from '@erp/shared';
import { answer, docsClient } from './stock-docs-test-kit.ts';

// An outbound line without a shelf picks where the stock lies: the floor first, then shelf by shelf.

let t: TestApp;
let c: ReturnType<typeof docsClient>;
let admin: string;
let hz: number;
let a1: number;
let a2: number;
let sku: { id: number; barcode: string };

beforeAll(async () => {
  t = await createTestApp();
  c = docsClient(t);
  admin = await t.login('admin');
  hz = await warehouseIdOf(t.db, 'WH-HZ');
  a1 = await shelfIdOf(t.db, 'WH-HZ', 'A-01-01');
  a2 = await shelfIdOf(t.db, 'WH-HZ', 'A-01-02');
  sku = await skuOf(t.db, 'YS26M3001', 'KH', 'M');
  // 2 on the floor, 3 on A-01-02, 4 on A-01-01
  await c.posted('inbound', admin, { warehouseId: hz }, [
    { skuId: sku.id, quantity: 2 },
    { skuId: sku.id, shelfId: a2, quantity: 3 },
    { skuId: sku.id, shelfId: a1, quantity: 4 },
  ]);
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

describe('picking from shelves', () => {
  it('takes the floor first, then shelves in shelf order', async () => {
    const id = await c.posted('outbound', admin, { warehouseId: hz }, [{ skuId: sku.id, quantity: 6 }]);
    const moves = await t.db.selectFrom('stock_moves').select(['shelf_id', 'quantity']).where('doc_type', '=', 'outbound').where('doc_id', '=', id).orderBy('id').execute();
    expect(moves).toEqual([
      { shelf_id: null, quantity: -2 },
      { shelf_id: a1, quantity: -4 },
    ]);
    expect(await balanceOf(t.db, hz, { skuId: sku.id }, a2)).toBe(3);
  });

  it('names the whole need and what the warehouse holds when it is short, and posts nothing', async () => {
    const id = await c.draft('outbound', admin, { warehouseId: hz }, [{ skuId: sku.id, quantity: 5 }]);
    await c.act('outbound', admin, id, 'submit');
    const [status, msg] = answer(await c.act('outbound', admin, id, 'post'));
    expect(status).toBe(409);
    expect(msg).toBe(`库存不足：YS26M3001 卡其 M（${sku.barcode}）需要5，可用3`);
    expect(await balanceOf(t.db, hz, { skuId: sku.id }, a2)).toBe(3);
  });

  it('a line naming its shelf takes only from that shelf', async () => {
    const id = await c.draft('outbound', admin, { warehouseId: hz }, [{ skuId: sku.id, shelfId: a1, quantity: 1 }]);
    await c.act('outbound', admin, id, 'submit');
    expect((await c.act('outbound', admin, id, 'post')).status).toBe(409);
  });

  it('a shelf the picking reaches that a stocktake froze refuses the posting, and nothing moves', async () => {
    // the floor is empty by now: 2 more pieces must come from A-01-02, which a stocktake counts
    const count = await c.draft('stocktake', admin, { warehouseId: hz, shelfIds: [a2] }, []);
    expect((await c.act('stocktake', admin, count, 'start-count')).status).toBe(200);
    const id = await c.draft('outbound', admin, { warehouseId: hz }, [{ skuId: sku.id, quantity: 2 }]);
    await c.act('outbound', admin, id, 'submit');
    expect(answer(await c.act('outbound', admin, id, 'post'))).toEqual([409, stockShelfFrozen('A-01-02', '杭州总仓')]);
    expect(await balanceOf(t.db, hz, { skuId: sku.id }, a2)).toBe(3);
    expect((await c.act('stocktake', admin, count, 'void', { reason: '测试结束' })).status).toBe(200);
    expect((await c.act('outbound', admin, id, 'post')).status).toBe(200);
    expect(await balanceOf(t.db, hz, { skuId: sku.id }, a2)).toBe(1);
  });
});
