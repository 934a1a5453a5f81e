import { describe, expect, it } from 'vitest';
import { formatYuan } from '@erp/shared';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { bmpImage, type Rgb } from '../support/images.ts';
import { usePrivateServer } from '../support/server.ts';
import { stockApi } from '../support/stock.ts';

// Own server: the journey changes AG001's credit, payments and orders other files read.
const server = usePrivateServer();

/** what is typed into a yuan input (the screen shows formatYuan) */
const typedYuan = (fen: number) => `${Math.trunc(fen / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
/** a bank-receipt-coloured voucher picture */
const voucher = () => bmpImage(96, (x, y): Rgb => (y < 20 ? [200, 16, 46] : (x + y) % 9 === 0 ? [60, 60, 60] : [250, 250, 250]));

interface Account {
  balanceFen: number;
  unshippedFen: number;
  availableFen: number | null;
}

describe('财务: payment, audit, credit', () => {
  it('agent01 records a payment with a voucher → HQ audits → the available amount rises → an order over it is refused with the figures → one within goes through → the statement shows the payment', async () => {
    const url = server.url();
    const admin = await apiLogin(url, 'admin');
    const shop = await apiLogin(url, 'shop01');
    const agentId = (await api<{ records: { partyId: number; partyCode: string }[] }>(url, '/admin/api/v1/finance/accounts/page?partyType=agent&keyword=AG001', { session: admin }))
      .records[0]!.partyId;
    // two drafts of shop01 (billed to AG001): 1 piece and 6 pieces of one style
    const seasons = await api<{ records: { id: number; code: string }[] }>(url, '/admin/api/v1/ordering/seasons/page?limit=50', { session: admin });
    const spot = seasons.records.find((s) => s.code === 'FW26-SPOT')!.id;
    const small = await api<{ id: number; orderNo: string; totalAmountFen: number; lines: { skuId: number }[] }>(url, '/admin/api/v1/sales-orders', {
      method: 'POST',
      session: shop,
      body: { seasonId: spot, lines: [{ skuId: (await stockApi(url, admin).activeSkus('YS26W2005'))[0]!.id, quantity: 1 }] },
    });
    const big = await api<{ id: number; orderNo: string; totalAmountFen: number }>(url, '/admin/api/v1/sales-orders', {
      method: 'POST',
      session: shop,
      body: { seasonId: spot, lines: [{ skuId: small.lines[0]!.skuId, quantity: 6 }] },
    });
    // credit with nothing available; the payment will make room for the small order, not the big one
    const start = await api<Account>(url, `/admin/api/v1/finance/accounts/agent/${agentId}`, { session: admin });
    await api(url, `/admin/api/v1/finance/accounts/agent/${agentId}/credit`, {
      method: 'PUT',
      session: admin,
      body: { creditLimitFen: start.unshippedFen - start.balanceFen, memo: 'e2e' },
    });
    const paid = Math.round((small.totalAmountFen + (big.totalAmountFen - small.totalAmountFen) / 2) / 100) * 100;
    let docNo = '';

    await server.withPage(async (page) => {
      await signInTo(page, 'agent01', '/erp/finance/account');
      await expect.poll(() => page.locator('.ant-table-row', { hasText: 'AG001' }).innerText()).toContain('¥0.00');
      await page.goto('/erp/finance/payment');
      await page.getByTestId('payment-add').click();
      const dialog = page.getByTestId('payment-form-dialog');
      await page.getByTestId('payment-form-amount').waitFor();
      await page.getByTestId('payment-form-amount').fill(typedYuan(paid));
      await page.getByTestId('payment-form-ref').fill('ICBC-E2E-0001');
      await dialog.locator('[data-testid=payment-form-voucher] input[type=file]').setInputFiles({ name: 'voucher.bmp', mimeType: 'image/bmp', buffer: voucher() });
      await dialog.locator('[data-testid=payment-form-voucher] .ant-upload-list-item-done, [data-testid=payment-form-voucher] img').first().waitFor();
      await page.getByTestId('payment-form-memo').fill('十一月货款');
      await animationsDone(page);
      await screenshot(page, 'finance-payment-record');
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.getByTestId('payment-form-amount').waitFor({ state: 'detached' });
      const row = page.locator('.ant-table-row', { hasText: 'ICBC-E2E-0001' });
      await row.getByText('待审核').waitFor();
      docNo = /SK\d{8}-\d{4}/.exec(await row.innerText())![0];
    });

    await server.withPage(async (page) => {
      await signInTo(page, 'admin', `/erp/finance/payment?keyword=${docNo}`);
      await page.getByTestId(`payment-audit-${docNo}`).click();
      await page.getByTestId('payment-action-confirm').waitFor();
      await animationsDone(page);
      await page.getByTestId('payment-action-confirm').click();
      await page.locator('.ant-table-row', { hasText: docNo }).getByText('已入账').waitFor();
    });

    await server.withPage(async (page) => {
      await signInTo(page, 'agent01', '/erp/finance/account');
      // 可用额度 rose by the payment
      await expect.poll(() => page.locator('.ant-table-row', { hasText: 'AG001' }).innerText()).toContain(formatYuan(paid));
      await animationsDone(page);
      await screenshot(page, 'finance-account-agent');

      // the big order is refused with the figures; the small one goes through
      await page.goto(`/erp/ordering/order/info?id=${big.id}`);
      await page.getByTestId('so-action-submit').click();
      await page.getByTestId('so-action-confirm').click();
      await page
        .getByTestId('so-action-error')
        .getByText(`授信额度不足：可用授信 ${formatYuan(paid)}，本单 ${formatYuan(big.totalAmountFen)}`)
        .waitFor();
      await animationsDone(page);
      await screenshot(page, 'finance-credit-refused');
      await page.keyboard.press('Escape');
      await page.goto(`/erp/ordering/order/info?id=${small.id}`);
      await page.getByTestId('so-action-submit').click();
      await page.getByTestId('so-action-confirm').click();
      await expect.poll(() => page.getByTestId('so-status').innerText()).toBe('待审核');

      // the account's entries show the payment, opening its document
      await page.goto('/erp/finance/account');
      await page.getByTestId(`account-entries-agent:${agentId}`).click();
      const drawer = page.getByTestId('account-entries-drawer');
      const entry = drawer.locator('.ant-table-row', { hasText: docNo });
      await entry.getByText('收款', { exact: true }).waitFor();
      expect(await entry.innerText()).toContain(formatYuan(-paid));

      // the statement of this month shows the payment with the balance after it
      await page.goto('/erp/finance/statement');
      await page.getByTestId('statement-summary').waitFor();
      const line = page.locator('.ant-table-row', { hasText: docNo });
      await line.waitFor();
      expect(await line.innerText()).toContain(formatYuan(paid));
      await animationsDone(page);
      await screenshot(page, 'finance-statement-agent');
    });
    const after = await api<Account>(url, `/admin/api/v1/finance/accounts/agent/${agentId}`, { session: admin });
    expect(after.availableFen).toBe(paid - small.totalAmountFen);
  }, 180_000);
});
