import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsDone, screenshot, signIn } from '../support/browser.ts';
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

describe('订货单', () => {
  it('shop01 orders two styles on the size-run grid and submits; admin audits with a cut; the order shows 已审核', async () => {
    let orderNo = '';
    await server.withPage(async (page) => {
      await signIn(page, 'shop01');
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
      await page.getByTestId('so-lines').waitFor();
      await expect.poll(() => page.getByTestId('so-status').innerText()).toBe('待审核');
      const title = await page.locator('.ant-card-head-title', { hasText: '订货单 DH' }).innerText();
      orderNo = /DH\d{8}-\d{4}/.exec(title)![0];
    });

    await server.withPage(async (page) => {
      await signIn(page, 'admin');
      await page.getByTestId('tab-strip').waitFor();
      await page.goto(`/erp/ordering/order?keyword=${orderNo}`);
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
});
