import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { financeCalls } from '../finance/finance-test-kit.ts';
import { calls, orderWorld, type OrderWorld } from './sales-orders-test-kit.ts';

// Issue 26: 新建订货单 › 提交 saves and submits in one transaction. A refused submission (here the
// billed party's 授信) saves nothing: no hidden draft, the retry takes the next number cleanly.

let t: TestApp;
let w: OrderWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
});
afterAll(async () => t?.close());

const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('sales_orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('save and submit at once', () => {
  it('a submission refused for credit leaves no draft; within credit it is saved submitted', async () => {
    const api = calls(t);
    const f = financeCalls(t);
    const line = { skuId: w.styles[0]!.skus[0]!.id, quantity: 2 };
    await f.setCredit(w.admin, 'agent', w.ids.ag001, 0);
    const before = await count();
    const refused = await api.call('POST', '', w.shop01, { seasonId: w.ids.spot, lines: [line], submit: true });
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.msg).toMatch(/^授信额度不足：可用授信 /);
    expect(await count()).toBe(before);

    await f.setCredit(w.admin, 'agent', w.ids.ag001, null);
    const made = await api.call('POST', '', w.shop01, { seasonId: w.ids.spot, lines: [line], submit: true });
    expect(made.body.code, made.raw).toBe('201');
    expect(made.body.data.status).toBe('submitted');
    expect(await count()).toBe(before + 1);
  });

  it('editing a draft and submitting it refused keeps the draft as it was', async () => {
    const api = calls(t);
    const f = financeCalls(t);
    const draft = await api.create(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId: w.styles[0]!.skus[1]!.id, quantity: 1 }] });
    await f.setCredit(w.admin, 'agent', w.ids.ag001, 0);
    const refused = await api.call('PUT', `/${draft.id}`, w.shop01, { seasonId: w.ids.spot, lines: [{ skuId: w.styles[0]!.skus[1]!.id, quantity: 5 }], submit: true });
    expect(refused.status, refused.raw).toBe(409);
    const after = (await api.call('GET', `/${draft.id}`, w.shop01)).body.data;
    expect([after.status, after.lines[0].ordered]).toEqual(['draft', 1]);
    await f.setCredit(w.admin, 'agent', w.ids.ag001, null);
  });
});
