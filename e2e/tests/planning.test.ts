import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server: the journey changes the franchise shops' policy that other files' prices would read.
const server = usePrivateServer();

const dialog = (page: Page, title: string) => page.locator('.ant-modal', { hasText: title });

async function openFromMenu(page: Page, entry: string) {
  await page.locator('.erp-shell__sider').getByText('企划管理', { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry', { hasText: entry }).click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: entry }).waitFor();
}

/** Types into a server-searched select and takes the option holding `text`. */
async function search(page: Page, testId: string, typed: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first().click();
}

/** The breakdown's rows as [step, rule, base, amount, after]. */
const steps = async (page: Page) =>
  Promise.all((await page.getByTestId('simulation-steps').locator('.ant-table-row').all()).map(async (row) => (await row.locator('td').allInnerTexts()).map((t) => t.trim())));

describe('企划管理', () => {
  it("sets the franchise shops' policy to 90 % and the price simulation prices a shop's style through it", () =>
    server.withPage(async (page) => {
      await signInTo(page, 'admin');
      await page.getByTestId('tab-strip').waitFor();
      await openFromMenu(page, '政策明细');

      await page.getByTestId('policy-edit-franchise').click();
      const form = dialog(page, '政策');
      await form.getByTestId('policy-form-rate').fill('90');
      await form.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.locator('.ant-message-notice', { hasText: '成功' }).first().waitFor();
      await form.waitFor({ state: 'hidden' });

      await openFromMenu(page, '价格模拟');
      await page.getByTestId('simulation-buyer-type').getByText('门店').click();
      await search(page, 'simulation-buyer', 'SH001', 'SH001');
      await search(page, 'simulation-product', 'YS26W1001', 'YS26W1001');
      // ¥949.00 wholesale; the policy takes 10 % off; a winter special may follow — each step from the one before
      await expect
        .poll(async () => (await steps(page)).slice(0, 2))
        .toEqual([
          ['批发价', '批发价', '--', '¥949.00', '¥949.00'],
          ['政策折扣', expect.any(String), '¥949.00', '−¥94.90', '¥854.10'],
        ]);
      const rows = await steps(page);
      const last = rows[rows.length - 1]!;
      expect(await page.getByTestId('simulation-total').innerText()).toContain(last[4]);
      await animationsDone(page);
      await screenshot(page, 'planning-price-simulation');
    }));
});
