import { stockDocActionRefused } from '@erp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { balanceOf, moveCount, skuOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { answer, docsClient } from './stock-docs-test-kit.ts';

// Idempotency-Key on the document routes: a repeat gets the stored answer and changes nothing.

let t: TestApp;
let c: ReturnType<typeof docsClient>;
let admin: string;
let hz: number;
let coat: { id: number; barcode: string };

beforeAll(async () => {
  t = await createTestApp();
  c = docsClient(t);
  admin = await t.login('admin');
  hz = await warehouseIdOf(t.db, 'WH-HZ');
  coat = await skuOf(t.db, 'YS26W2003', 'NV', 'M');
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

async function submitted(quantity = 2) {
  const id = await c.draft('inbound', admin, { warehouseId: hz }, [{ skuId: coat.id, quantity }]);
  await c.act('inbound', admin, id, 'submit');
  return id;
}

describe('Idempotency-Key', () => {
  it('a repeated post with the same key answers the stored result and posts once', async () => {
    const id = await submitted();
    const first = await c.act('inbound', admin, id, 'post', {}, 'post-key-1');
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await c.act('inbound', admin, id, 'post', {}, 'post-key-1');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await moveCount(t.db, 'inbound', id)).toBe(1);
    expect(await balanceOf(t.db, hz, { skuId: coat.id })).toBe(2);
    // without the key the same call is simply refused by the status machine
    const no = first.body.data.docNo as string;
    expect(answer(await c.act('inbound', admin, id, 'post'))).toEqual([409, stockDocActionRefused(no, '已入库', 'post')]);
  });

  it('refuses the same key on another request (body or document) with 422 and changes nothing', async () => {
    const id = await submitted();
    const other = await submitted();
    expect((await c.act('inbound', admin, id, 'post', {}, 'post-key-2')).status).toBe(200);
    expect(answer(await c.act('inbound', admin, id, 'post', { reason: '另一个请求' }, 'post-key-2'))).toEqual([422, 'Idempotency-Key 已用于另一个请求']);
    expect(answer(await c.act('inbound', admin, other, 'post', {}, 'post-key-2'))).toEqual([422, 'Idempotency-Key 已用于另一个请求']);
    expect((await c.get('inbound', admin, other)).body.data.status).toBe('submitted');
    expect(await moveCount(t.db, 'inbound', other)).toBe(0);
  });

  it('stores a refusal too: the repeat answers the same 409 even after the document changed', async () => {
    const id = await c.draft('inbound', admin, { warehouseId: hz }, [{ skuId: coat.id, quantity: 1 }]);
    const refused = await c.act('inbound', admin, id, 'post', {}, 'post-key-3');
    expect(refused.status).toBe(409);
    await c.act('inbound', admin, id, 'submit');
    const again = await c.act('inbound', admin, id, 'post', {}, 'post-key-3');
    expect([again.status, again.headers['idempotent-replayed'], again.body]).toEqual([409, 'true', refused.body]);
    expect(await moveCount(t.db, 'inbound', id)).toBe(0);
  });

  it('creates a document once per key', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('stock_docs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const payload = { header: { warehouseId: hz }, lines: [{ skuId: coat.id, quantity: 1 }] };
    const send = () => t.call({ method: 'POST', url: '/api/admin/api/v1/stock-docs/inbound', session: admin, payload, headers: { 'idempotency-key': 'create-1' } });
    const first = await send();
    const again = await send();
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count()).toBe(before + 1);
  });

  it('refuses a malformed key and records the route of a stored one', async () => {
    const id = await submitted();
    expect(answer(await c.act('inbound', admin, id, 'post', {}, 'x'.repeat(129)))).toEqual([422, 'Idempotency-Key 须为1-128个可见字符']);
    expect(answer(await c.act('inbound', admin, id, 'post', {}, '键'))).toEqual([422, 'Idempotency-Key 须为1-128个可见字符']);
    expect(await moveCount(t.db, 'inbound', id)).toBe(0);
    const row = await t.db.selectFrom('idempotency_keys').select(['user_id', 'method', 'route', 'status_code']).where('key', '=', 'post-key-1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ method: 'POST', route: '/api/admin/api/v1/stock-docs/inbound/:id/post', status_code: 200 });
  });
});
