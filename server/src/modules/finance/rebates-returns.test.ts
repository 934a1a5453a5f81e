import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebateFor, type RebatePostResult, type RebatePreview, type RebateRuleRecord } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { returnsWorld, type ReturnsWorld } from '../aftersales/returns-test-kit.ts';
import { completedReturn } from '../sales-orders/sales-reports-test-kit.ts';
import { financeCalls } from './finance-test-kit.ts';

// Issue 26: a 订货发货额 rebate is read from the season's net shipped amount (净发货额): a return
// already credited to the agent's account no longer lifts it into a higher tier. AG001 is billed
// for shop01's order (a ×3, b ×2, c ×2, shipped); shop01 sends 2 of a back and HQ credits them.

let t: TestApp;
let w: ReturnsWorld;
let f: ReturnType<typeof financeCalls>;

beforeAll(async () => {
  t = await createTestApp();
  w = await returnsWorld(t);
  f = financeCalls(t);
  await completedReturn(t, w, w.hz, w.ids.spot, [{ skuId: w.sku.a, quantity: 2 }]);
});
afterAll(async () => {
  if (t) await assertMoneyConsistent(t.db);
  await t?.close();
});

const ok = <T>(res: { status: number; raw: string; body: { data: T } }): T => {
  expect(res.status, res.raw).toBe(200);
  return res.body.data;
};

describe('返利 on 订货发货额 nets returns', () => {
  it('previews 发货额, 退货额 and 净发货额, and the tier of the net figure; posting pays that', async () => {
    const shippedFen = w.order.lines.reduce((sum, l) => sum + l.shipped * l.unitPriceFen, 0);
    const returnedFen = 2 * w.order.lines.find((l) => l.skuId === w.sku.a)!.unitPriceFen;
    const net = shippedFen - returnedFen;
    // 2 % from just above the net figure: the gross one would reach it
    const tiers = [
      { thresholdFen: 100, rateBp: 100 },
      { thresholdFen: net + 1, rateBp: 200 },
    ];
    const rule = ok<RebateRuleRecord>(await f.call('POST', '/rebate-rules', w.admin, { seasonId: w.ids.spot, agentLevel: '', basis: 'ordered', remark: '', tiers }));
    const preview = ok<RebatePreview>(await f.call('GET', `/rebate-rules/${rule.id}/preview`, w.admin));
    const line = preview.lines.find((l) => l.agentId === w.ids.ag001)!;
    expect(line).toMatchObject({ shippedFen, returnedFen, basisFen: net, thresholdFen: 100, rateBp: 100, amountFen: rebateFor(tiers, net).amountFen });

    const posted = ok<RebatePostResult>(await f.call('POST', `/rebate-rules/${rule.id}/post`, w.admin, { agentIds: [w.ids.ag001] }));
    expect(posted.records[0]).toMatchObject({ basisFen: net, rateBp: 100, amountFen: line.amountFen });
  });
});
