import type { FinanceAccountRecord, PaymentRecord } from '@erp/shared';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { multipart, pngWithExif } from '../../../test/upload-fixtures.ts';

// What the finance tests share: the calls, an uploaded voucher, and an account's figures.

export const FINANCE = '/api/admin/api/v1/finance';

export function financeCalls(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, session: string, payload?: unknown, headers?: Record<string, string>) =>
    t.call({ method, url: `${FINANCE}${path}`, session, ...(payload === undefined ? {} : { payload: payload as object }), ...(headers ? { headers } : {}) });
  const voucher = async (session: string): Promise<string> => {
    const res = await t.call({
      method: 'POST',
      url: '/api/erp/api/v1/common/uploadImg',
      session,
      ...multipart([
        { name: 'path', value: 'cashier/voucherImage' },
        { name: 'file', filename: 'voucher.png', data: await pngWithExif(200, 120) },
      ]),
    });
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data.url;
  };
  const account = async (session: string, partyType: string, partyId: number): Promise<FinanceAccountRecord> => {
    const res = await call('GET', `/accounts/${partyType}/${partyId}`, session);
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data;
  };
  const pay = async (session: string, body: object): Promise<PaymentRecord> => {
    const res = await call('POST', '/payments', session, body);
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data;
  };
  const act = async (session: string, id: number, action: string, body: object = {}, side = 'payments'): Promise<PaymentRecord> => {
    const res = await call('POST', `/${side}/${id}/${action}`, session, body);
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data;
  };
  const setCredit = async (session: string, partyType: string, partyId: number, creditLimitFen: number | null) => {
    const res = await call('PUT', `/accounts/${partyType}/${partyId}/credit`, session, { creditLimitFen });
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data as FinanceAccountRecord;
  };
  return { call, voucher, account, pay, act, setCredit };
}

/** Today in Shanghai, and a day `n` days away, as yyyy-mm-dd. */
export const dayFromToday = (n: number) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
