import { describe, expect, it } from 'vitest';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { shopReceivesStyle } from '../support/reorders.ts';
import { usePrivateServer } from '../support/server.ts';
import { openPage, pickOption } from '../support/stock.ts';

// Own server: the journey ships goods to shop01 and adds a re-order other files' lists would count.
const server = usePrivateServer();
const STYLE = 'YS26W2005';

describe('订货管理 › 翻单汇总 / 翻单 / 未发货', () => {
  let orderNo = '';

  it('shop01 re-orders a style it received and submits; admin audits; the re-order waits in 未发货 with its age', async () => {
    // the demo's shop01 received this style already; one more delivery, made through the API, makes it certain
    await shopReceivesStyle(server.url(), STYLE);

    await server.withPage(async (page) => {
      await signInTo(page, 'shop01', '/erp/ordering/reorder');
      await page.getByTestId('reorder-sales-note').waitFor();
      await page.getByTestId('reorder-keyword').fill(STYLE);
      await page.getByTestId('reorder-search').click();
      await page.getByTestId(`reorder-btn-${STYLE}`).click();

      // the grid shows what was received under each cell; two pieces of the first cell
      const grid = page.getByTestId('reorder-grid');
      await grid.waitFor();
      expect(await grid.innerText()).toContain('已收');
      await grid.locator('input').first().fill('2');
      await expect.poll(() => page.getByTestId('reorder-total').innerText()).toContain('合计 2 件');
      await animationsDone(page);
      await screenshot(page, 'reorder-dialog');
      await page.getByTestId('reorder-save').click();

      // the draft opens as a 订货单 of kind 翻单 and is submitted there
      await page.getByTestId('so-lines').waitFor();
      expect(await page.locator('.ant-descriptions').first().innerText()).toContain('翻单');
      await page.getByTestId('so-action-submit').click();
      await page.getByTestId('so-action-confirm').click();
      await expect.poll(() => page.getByTestId('so-status').innerText()).toBe('待审核');
      const title = await page.locator('.ant-card-head-title', { hasText: '订货单 DH' }).innerText();
      orderNo = /DH\d{8}-\d{4}/.exec(title)![0];
    });

    await server.withPage(async (page) => {
      await signInTo(page, 'admin', `/erp/ordering/order?keyword=${orderNo}`);
      await page.getByTestId(`so-link-${orderNo}`).click();
      await page.getByTestId('so-action-audit').click();
      await page.getByTestId('so-audit-confirm').click();
      await expect.poll(() => page.getByTestId('so-status').innerText()).toBe('已审核');

      await openPage(page, '/erp/ordering/unshipped');
      await pickOption(page, 'unshipped-kind', '翻单');
      await page.getByTestId('unshipped-search').click();
      // only this re-order is open: 2 pieces, 0 days old
      await expect.poll(() => page.getByTestId('unshipped-buckets').innerText()).toContain('未发合计 2 件');
      expect(await page.getByTestId('unshipped-buckets').innerText()).toContain('0-7天 2 件');
      const row = page.locator('.erp-list__main .ant-table-row', { hasText: orderNo });
      expect(await row.innerText()).toContain('翻单');
      await row.getByTestId('age-d0_7').waitFor();
      await animationsDone(page);
      await screenshot(page, 'reorder-unshipped');

      // 翻单汇总 counts the re-order against the style
      await openPage(page, `/erp/ordering/reorder?keyword=${STYLE}`);
      const summaryRow = page.locator('.erp-list__main .ant-table-row', { hasText: '衣尚·杭州湖滨银泰店' }).first();
      await summaryRow.waitFor();
      await screenshot(page, 'reorder-summary');
    });
  });
});
