import { describe, expect, it } from 'vitest';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { bmpImage, type Rgb } from '../support/images.ts';
import { usePrivateServer } from '../support/server.ts';

// Issue 26 in the browser: a shop billed through its agent reads one calm explanation on 对账单 and
// 收款单 (no toasts, no 登记收款); a 收款单's voucher shows from the private route (a blob, never a
// public /files/ URL) to the recorder and to HQ; the rebate preview names 发货额, 退货额 and 净发货额.

const server = usePrivateServer();
const voucher = () => bmpImage(96, (x, y): Rgb => (y < 20 ? [16, 90, 200] : (x + y) % 7 === 0 ? [60, 60, 60] : [250, 250, 250]));

describe('财务 (issue 26)', () => {
  it('shop01, billed through AG001, sees where its statement is instead of errors', async () => {
    await server.withPage(async (page) => {
      await signInTo(page, 'shop01', '/erp/finance/statement');
      await page.getByTestId('statement-billed-by-agent').waitFor();
      expect(await page.locator('.ant-message-notice').count()).toBe(0);
      await animationsDone(page);
      await screenshot(page, 'finance-statement-shop-billed-by-agent');
      await page.goto('/erp/finance/payment');
      await page.getByTestId('payment-billed-by-agent').waitFor();
      expect(await page.getByTestId('payment-add').count()).toBe(0);
      expect(await page.locator('.ant-message-notice').count()).toBe(0);
      await animationsDone(page);
      await screenshot(page, 'finance-payment-shop-billed-by-agent');
    });
  }, 120_000);

  it('a voucher shows privately to its recorder and to HQ; a negative amount is refused under the field', async () => {
    await server.withPage(async (page) => {
      await signInTo(page, 'agent01', '/erp/finance/payment');
      await page.getByTestId('payment-add').click();
      const dialog = page.getByTestId('payment-form-dialog');
      await page.getByTestId('payment-form-amount').fill('-5');
      await page.getByTestId('payment-form-ref').click();
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await dialog.getByText('金额须大于0').waitFor();
      expect(await page.getByTestId('payment-form-amount').inputValue()).toBe('-5.00');
      await page.getByTestId('payment-form-amount').fill('321.00');
      await page.getByTestId('payment-form-ref').fill('ICBC-E2E-26');
      await dialog.locator('[data-testid=payment-form-voucher] input[type=file]').setInputFiles({ name: 'slip.bmp', mimeType: 'image/bmp', buffer: voucher() });
      // the thumbnail comes from the private route as a blob
      await expect.poll(() => dialog.locator('[data-testid=payment-form-voucher] img').first().getAttribute('src')).toMatch(/^blob:/);
      await animationsDone(page);
      await screenshot(page, 'finance-payment-voucher-form');
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.locator('.ant-table-row', { hasText: 'ICBC-E2E-26' }).getByText('待审核').waitFor();
    });
    await server.withPage(async (page) => {
      await signInTo(page, 'admin', '/erp/finance/payment?keyword=ICBC-E2E-26');
      const row = page.locator('.ant-table-row', { hasText: 'ICBC-E2E-26' });
      await expect.poll(() => row.locator('img').first().getAttribute('src')).toMatch(/^blob:/);
      await animationsDone(page);
      await screenshot(page, 'finance-payment-list-hq');
    });
  }, 120_000);

  it('HQ previews the spot season rebate on 净发货额', async () => {
    await server.withPage(async (page) => {
      await signInTo(page, 'admin', '/erp/finance/rebate');
      await page.locator('[data-testid^=rebate-rule-preview-]').first().click();
      const drawer = page.getByTestId('rebate-preview');
      await drawer.getByText('净发货额', { exact: true }).first().waitFor();
      await drawer.getByText('退货额', { exact: true }).first().waitFor();
      await drawer.locator('[data-testid=rebate-basis-AG001]').waitFor();
      await animationsDone(page);
      await screenshot(page, 'finance-rebate-preview-net');
    });
  }, 120_000);

  it('HQ reads 合计 on 往来账户 and 应收账龄, and 已退/净发/未发 named alike on 订货汇总', async () => {
    await server.withPage(async (page) => {
      await signInTo(page, 'admin', '/erp/finance/account');
      await page.getByTestId('accounts-total').waitFor();
      await animationsDone(page);
      await screenshot(page, 'finance-account-totals');
      await page.goto('/erp/finance/ageing');
      await page.locator('.finance-total-row').first().waitFor();
      await animationsDone(page);
      await screenshot(page, 'finance-ageing-totals');
      await page.goto('/erp/ordering/summary');
      await page.getByRole('tab', { name: '按购货方' }).click();
      await page.getByText('净发数').first().waitFor();
      await page.getByLabel('未发数说明').first().hover();
      await page.getByText('未发 = 审核数').first().waitFor();
      await animationsDone(page);
      await screenshot(page, 'ordering-summary-returned-outstanding');
      // agent01's statement: 有异议 beside 确认 on an ended period
      await signInTo(page, 'agent01', '/erp/finance/statement?from=2026-01-01&to=2026-01-31');
      await page.getByTestId('statement-summary').waitFor();
      await page.getByTestId('statement-dispute').click();
      await page.getByTestId('statement-dispute-note').fill('1月货款与我方账目不符，请核对');
      await animationsDone(page);
      await screenshot(page, 'finance-statement-dispute');
    });
  }, 120_000);
});
