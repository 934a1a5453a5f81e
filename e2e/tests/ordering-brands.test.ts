import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, launchBrowser, screenshot, signInTo, withPage as withBrowserPage } from '../support/browser.ts';

// On the shared server: the demo's 可订品牌 (server/src/demo/demo-buyer-brands.ts) are AG002 衣尚童装 and
// SH003 衣尚. Admin gives AG002 衣尚 as well on the page and takes it away again, so the server is
// left as it was; no other journey orders for AG002.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const withPage = (fn: (page: Page) => Promise<void>) =>
  withBrowserPage(browser, async (page, errors) => {
    await fn(page);
    expect(errors).toEqual([]);
  });

const rows = (page: Page) => page.locator('.erp-list__main .ant-table-tbody .ant-table-row:visible');
const rowOf = (page: Page, ...texts: string[]) => texts.reduce((found, text) => found.filter({ hasText: text }), rows(page));
const openOption = (page: Page, text: string) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first();

describe('订货管理 › 可订品牌', () => {
  it('admin adds 衣尚 to AG002 on the page, sees it listed, and removes it after a confirmation', () =>
    withPage(async (page) => {
      await signInTo(page, 'admin', '/erp/ordering/brand');
      await rowOf(page, 'AG002', '衣尚童装（YSK）').waitFor();
      await rowOf(page, 'SH003', '衣尚（YS）').waitFor();

      await page.getByTestId('buyer-brand-add').click();
      await page.getByTestId('buyer-brand-form-buyer').click();
      await page.keyboard.type('AG002');
      await openOption(page, 'AG002').click();
      await page.getByTestId('buyer-brand-form-brands').click();
      await openOption(page, '衣尚（YS）').click();
      await page.keyboard.press('Escape');
      await page.getByTestId('buyer-brand-form-dialog').locator('.ant-modal-footer .ant-btn-primary').click();
      await page.getByText('已添加 1 个可订品牌').waitFor();
      const added = rowOf(page, 'AG002', '衣尚（YS）');
      await added.waitFor();
      expect(await added.innerText()).toContain('系统管理员');
      await animationsDone(page);
      await screenshot(page, 'ordering-brands');

      // filtered to AG002: its two brands
      await page.getByTestId('buyer-brand-buyer').click();
      await page.keyboard.type('AG002');
      await openOption(page, 'AG002').click();
      await page.getByTestId('buyer-brands-search').click();
      await expect.poll(async () => (await rows(page).allInnerTexts()).map((r) => r.includes('AG002'))).toEqual([true, true]);

      await added.getByRole('button', { name: '删除' }).click();
      await page
        .locator('.ant-popconfirm', { hasText: '订货方没有可订品牌时，可订购全部品牌' })
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await page.getByText('可订品牌已删除').waitFor();
      await expect.poll(async () => (await rows(page).allInnerTexts()).length).toBe(1);
      expect(await rows(page).first().innerText()).toContain('衣尚童装（YSK）');
    }));
});
