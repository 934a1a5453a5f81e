import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementRecord } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { dayFromToday, financeCalls } from './finance-test-kit.ts';

// Issue 26: beside 确认, the party may answer its statement 有异议 with a note; one answer per
// period; the note is required and bounded; HQ never answers for it; nothing is written when refused.

let t: TestApp;
let w: OrderWorld;
let f: ReturnType<typeof financeCalls>;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  f = financeCalls(t);
});
afterAll(() => t?.close());

const refused = async (res: { status: number; body: { code: string; msg: string; data: unknown } }, status: number, msg: string) => {
  expect([res.status, res.body.msg, res.body.data]).toEqual([status, msg, null]);
};
const answers = async () => (await t.db.selectFrom('finance_statement_confirmations').select('id').execute()).length;

describe('对账单 有异议', () => {
  it('agent01 disputes an ended period with a note; it then cannot confirm or dispute it again', async () => {
    const from = dayFromToday(-30);
    const to = dayFromToday(-1);
    const url = `/statements/agent/${w.ids.ag001}`;
    const n = await answers();
    await refused(await f.call('POST', `${url}/dispute`, w.agent01, { from, to }), 422, '请填写异议内容');
    await refused(await f.call('POST', `${url}/dispute`, w.agent01, { from, to, note: '   ' }), 422, '请填写异议内容');
    await refused(await f.call('POST', `${url}/dispute`, w.agent01, { from, to, note: '差'.repeat(201) }), 422, '异议内容不能超过200个字');
    await refused(await f.call('POST', `${url}/dispute`, w.admin, { from, to, note: '总部代填' }), 403, '对账单须由往来单位自己确认，总部不能代为确认');
    await refused(await f.call('POST', `/statements/agent/${w.ids.ag002}/dispute`, w.agent01, { from, to, note: '别家的' }), 404, '往来单位不存在');
    await refused(await f.call('POST', `${url}/dispute`, w.agent01, { from, to: dayFromToday(1), note: '未结束' }), 422, '对账期间尚未结束（结束日期晚于今天），不能确认');
    expect(await answers()).toBe(n);

    const res = await f.call('POST', `${url}/dispute`, w.agent01, { from, to, note: ' 11月20日收款5000元未入账 ' });
    expect(res.body, res.raw).toMatchObject({ code: '201', msg: '已提出异议，总部将与您核对' });
    const s = res.body.data as StatementRecord;
    expect(s.canConfirm).toBe(false);
    expect(s.confirmation).toMatchObject({ outcome: 'disputed', note: '11月20日收款5000元未入账', confirmedByName: '陈立华', matches: true });
    // HQ reads the dispute on the same statement
    const hq = (await f.call('GET', `${url}?from=${from}&to=${to}`, w.admin)).body.data as StatementRecord;
    expect(hq.confirmation).toMatchObject({ outcome: 'disputed', note: '11月20日收款5000元未入账' });

    await refused(await f.call('POST', `${url}/confirm`, w.agent01, { from, to }), 409, '该期间的对账单已提出异议，请等待总部核对');
    await refused(await f.call('POST', `${url}/dispute`, w.agent01, { from, to, note: '再提一次' }), 409, '该期间的对账单已提出异议，请等待总部核对');
    // a confirmed period reads as confirmed, with no note
    const confirmed = await f.call('POST', `${url}/confirm`, w.agent01, { from: dayFromToday(-60), to: dayFromToday(-31) });
    expect((confirmed.body.data as StatementRecord).confirmation).toMatchObject({ outcome: 'confirmed', note: '' });
  });
});
