import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server: the journey fills a cart and makes an order other files' lists would count.
const server = usePrivateServer();

async function openFromMenu(page: Page, path: string, tab: string) {
  await page.locator('.erp-shell__sider').getByText('订货管理', { exact: true }).click();
  await page.locator(`.erp-shell__drawer-entry[data-menu-path="${path}"]`).click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: tab }).waitFor();
}

/** Opens a style of the catalogue, types its first colour's cells and puts them into the cart. */
async function addToCart(page: Page, styleNo: string, quantities: string[]) {
  await page.getByTestId(`style-card-${styleNo}`).click();
  const cells = page.getByTestId(`so-grid-${styleNo}`).locator('input');
  await cells.first().waitFor();
  for (const [i, q] of quantities.entries()) await cells.nth(i).fill(q);
  await page.getByTestId('so-quota-left').waitFor();
  await page.getByTestId('add-to-cart-save').click();
  // the grid now holds what the cart holds: the button says so
  await page.getByTestId('add-to-cart-open').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('style-detail').waitFor({ state: 'hidden' });
}

describe('购物车', () => {
  it('shop01 adds two styles from the catalogue on the size grid, sees prices and quota left in the cart, submits; the order shows 待审核', () =>
    server.withPage(async (page) => {
      await signInTo(page, 'shop01');
      await page.getByTestId('tab-strip').waitFor();
      await openFromMenu(page, '/erp/ordering/purchase', '订货');
      await page.getByTestId('catalogue-grid').waitFor();

      await addToCart(page, 'YS26W2005', ['2', '3', '3', '2']);
      await addToCart(page, 'YS26M3104', ['1', '2', '2', '1']);
      await expect.poll(() => page.getByTestId('catalogue-cart').innerText()).toContain('16 件');

      await page.getByTestId('catalogue-cart').click();
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: '购物车' }).waitFor();
      const order = page.locator('[data-testid^="cart-order-"]');
      await order.waitFor();
      const key = (await order.getAttribute('data-testid'))!.replace('cart-order-', '');
      expect(await page.getByTestId(`cart-total-${key}`).innerText()).toMatch(/^合计 16 件 · ¥[\d,]+\.\d{2}$/);
      expect(await page.getByTestId('cart-style-YS26W2005').innerText()).toMatch(/订货价 ¥[\d,]+\.\d{2}/);
      // SH001's demo quota: what is left now and after this cart
      expect(await page.getByTestId(`cart-quota-before-${key}`).innerText()).toMatch(/^额度剩余 ¥[\d,.]+ · \d+ 件$/);
      expect(await page.getByTestId(`cart-quota-after-${key}`).innerText()).toMatch(/^购物车下单后 剩余 ¥[\d,.]+ · \d+ 件$/);
      await animationsDone(page);
      await screenshot(page, 'ordering-cart');

      // the one submit question (issue 26), then 确定提交
      await page.getByTestId(`cart-submit-${key}`).click();
      await page.getByTestId('so-submit-confirm').click();
      await expect.poll(() => page.getByTestId('so-status').innerText()).toBe('待审核');
      const title = await page.locator('.ant-card-head-title', { hasText: '订货单 DH' }).innerText();
      const orderNo = /DH\d{8}-\d{4}/.exec(title)![0];

      await openFromMenu(page, '/erp/ordering/order', '订货单');
      const row = page.locator('.ant-table-row', { has: page.getByTestId(`so-link-${orderNo}`) });
      await expect.poll(() => row.innerText()).toContain('待审核');
      expect(await row.innerText()).toContain('16');
    }));
});
