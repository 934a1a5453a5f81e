import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { stockApi } from '../support/stock.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server: the journey adds and audits orders other files' lists would count.
const server = usePrivateServer();

async function openFromMenu(page: Page, entry: string) {
  await page.locator('.erp-shell__sider').getByText('订货管理', { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry', { hasText: entry }).click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: entry }).waitFor();
}

async function addStyle(page: Page, styleNo: string) {
  await page.getByTestId('so-add-style').click();
  await page.keyboard.type(styleNo);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: styleNo }).first().click();
  await page.getByTestId(`so-entry-${styleNo}`).waitFor();
}

async function pickOption(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first().click();
}

describe('订货单', () => {
  let orderNo = '';

  it('shop01 orders two styles on the size-run grid and submits; admin audits with a cut; the order shows 已审核', async () => {
    await server.withPage(async (page) => {
      await signInTo(page, 'shop01');
      await page.getByTestId('tab-strip').waitFor();
      await openFromMenu(page, '订货单');
      await page.getByTestId('so-add').click();
      await page.getByTestId('so-buyer-fixed').waitFor();

      await addStyle(page, 'YS26W2005');
      // a bad cell is kept, marked and blocks saving
      const first = page.getByTestId('so-entry-YS26W2005').locator('input');
      await first.nth(0).fill('-1');
      await page.getByTestId('so-entry-problem-YS26W2005').waitFor();
      expect(await page.getByTestId('so-submit').isDisabled()).toBe(true);
      await first.nth(0).fill('2');
      await first.nth(1).fill('3');
      // the second style by 配码: a run × 2 fills its first colour
      await addStyle(page, 'YS26M3104');
      const runButton = page.getByTestId('so-entry-YS26M3104').locator('[data-testid^="so-grid-YS26M3104-run-"]').first();
      await runButton.click();
      const runTestId = await runButton.getAttribute('data-testid');
      await page.getByTestId(`${runTestId}-text`).fill('M1 L2 XL2 XXL1');
      await page.getByTestId(`${runTestId}-count`).fill('2');
      await page.getByTestId(`${runTestId}-apply`).click();
      await expect.poll(() => page.getByTestId('so-totals').innerText()).toContain('合计 17 件');
      await animationsDone(page);
      await screenshot(page, 'sales-order-entry');
      await page.getByTestId('so-submit').click();
      // the one submit question (issue 26), then 确定提交
      await page.getByTestId('so-submit-confirm').click();
      await page.getByTestId('so-lines').waitFor();
      await expect.poll(() => page.getByTestId('so-status').innerText()).toBe('待审核');
      const title = await page.locator('.ant-card-head-title', { hasText: '订货单 DH' }).innerText();
      orderNo = /DH\d{8}-\d{4}/.exec(title)![0];
    });

    await server.withPage(async (page) => {
      await signInTo(page, 'admin', `/erp/ordering/order?keyword=${orderNo}`);
      await page.getByTestId(`so-link-${orderNo}`).click();
      await page.getByTestId('so-action-audit').click();
      const rows = page.getByTestId('so-audit-lines').locator('.ant-table-row');
      await rows.first().waitFor();
      const cutRow = rows.filter({ hasText: 'YS26W2005' }).filter({ hasText: 'M' }).first();
      await cutRow.locator('input').fill('1');
      await page.getByTestId('so-audit-problem').filter({ hasText: '请填写原因' }).waitFor();
      await page.getByTestId('so-audit-reason').fill('该码库存紧张，减量');
      await page.getByTestId('so-audit-confirm').click();
      await expect.poll(() => page.getByTestId('so-status').innerText()).toBe('已审核');
      expect(await page.getByTestId('so-approved-total').innerText()).toMatch(/^15（/);
      expect(await page.getByTestId('so-reason').innerText()).toContain('该码库存紧张，减量（削减1行：YS26W2005');
      await animationsDone(page);
      await screenshot(page, 'sales-order-audited');
    });
  });

  it('admin allocates it and generates its 配货出库, ships it; shop01 receives it: the shop stock rose and agent AG001 is charged', async () => {
    expect(orderNo).not.toBe('');
    const session = await apiLogin(server.url(), 'admin');
    const stock = stockApi(server.url(), session);
    const wh = await stock.warehouseIds();
    const [coat] = await stock.activeSkus('YS26W2005');
    const before = await stock.stockOf(wh['WH-SH001']!, coat!.barcode);
    let docId = 0;
    let shipped = 0;

    await server.withPage(async (page) => {
      await signInTo(page, 'admin', `/erp/ordering/allocation?keyword=${orderNo}`);
      const row = page.locator('.ant-table-row', { hasText: orderNo });
      await row.locator('.ant-checkbox-input').check();
      await page.getByTestId('alloc-allocate').click();
      await pickOption(page, 'alloc-warehouse', '杭州总仓');
      await page.getByRole('button', { name: '开始配货' }).click();
      await page.getByTestId('alloc-result').getByText('已为 1 张订货单配货 15 件', { exact: false }).waitFor();
      await page.getByRole('button', { name: '知道了' }).click();
      await expect.poll(() => page.getByTestId(`alloc-allocated-${orderNo}`).innerText()).toBe('15');

      await page.getByTestId('alloc-deliver').click();
      await pickOption(page, 'deliver-warehouse', '杭州总仓');
      await page.getByRole('button', { name: '生成出库单' }).click();
      const link = page.getByTestId('deliver-result').locator('[data-testid^="deliver-doc-"]');
      await link.waitFor();
      await animationsDone(page);
      await screenshot(page, 'sales-allocation-delivered');
      await link.click();
      await page.locator('.ant-card-head-title', { hasText: '配货出库单 DB' }).waitFor();
      docId = Number(new URL(page.url()).searchParams.get('id'));
      // the order's prices travel with the goods
      expect(await page.getByTestId('doc-lines-amount').innerText()).not.toBe('¥0.00');
      await page.getByTestId('doc-action-ship').click();
      await page.getByTestId('doc-action-confirm').waitFor();
      await animationsDone(page);
      await page.getByTestId('doc-action-confirm').click();
      await page.getByTestId('transfer-in-transit').waitFor();
      shipped = Number(await page.getByTestId('doc-total-quantity').innerText());
      expect(shipped).toBe(15);
    });

    await server.withPage(async (page) => {
      await signInTo(page, 'shop01', `/erp/warehouse/transfer/info?id=${docId}`);
      await page.getByTestId('doc-action-receive').click();
      await page.getByTestId('receive-confirm').waitFor();
      await animationsDone(page);
      await page.getByTestId('receive-confirm').click();
      await page.getByTestId('receive-confirm').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('doc-header').getByText('已收货').count()).toBeGreaterThan(0);
    });
    const orderedOfCoat = 2;
    expect(await stock.stockOf(wh['WH-SH001']!, coat!.barcode)).toBe(before + orderedOfCoat);

    await server.withPage(async (page) => {
      await signInTo(page, 'admin', `/erp/ordering/order?keyword=${orderNo}`);
      await page.getByTestId(`so-link-${orderNo}`).click();
      await expect.poll(() => page.getByTestId('so-status').innerText()).toBe('已发货');
      expect(await page.getByTestId(`so-received-${coat!.barcode}`).innerText()).toBe(String(orderedOfCoat));
      expect(await page.getByTestId('so-billed').innerText()).toMatch(/已记应收 ¥\d/);
      await page.getByTestId('so-deliveries').getByText('已收货').waitFor();
      await animationsDone(page);
      await screenshot(page, 'sales-order-shipped');
    });
  });
});
