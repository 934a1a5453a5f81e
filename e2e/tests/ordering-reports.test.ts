import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, launchBrowser, screenshot, signInTo, withPage as withBrowserPage } from '../support/browser.ts';
import { openPage, pickOption } from '../support/stock.ts';

// Read only, on the shared server: the demo's 订货单 (server/src/demo/demo-sales-orders.ts) — agent01's
// order for itself into SH001, audited with YS26M3104 黑色/M cut from 6 to 4 (YS26M3104 黑色 M L XL
// XXL 6 each, YS26W3001 卡其 S M L 4 each), and shop01's own order waiting for the audit.
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

const STYLE = 'YS26M3104';
const rowTexts = (page: Page, scope = '.erp-list__main') => page.locator(`${scope} .ant-table-tbody .ant-table-row:visible`).allInnerTexts();
const words = (text: string) => text.trim().split(/\s+/);

async function readSheet(download: Download): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

describe('订货管理 › 发货明细 / 订货汇总 / 订货对账单', () => {
  it('admin: 发货明细 filtered with the filter’s 合计 and Excel, 订货汇总 by style in 尺码横排, the bill of shop01', () =>
    withPage(async (page) => {
      await signInTo(page, 'admin', '/erp/ordering/shipping');
      await page.getByTestId('ship-keyword').fill(STYLE);
      await pickOption(page, 'ship-status', '已审核');
      await page.getByTestId('ship-search').click();
      // 合计 on top: ordered 24, approved 22 (M cut to 4), nothing allocated, shipped or received, 22 outstanding
      await expect.poll(async () => (await rowTexts(page)).map((r) => words(r)[0])).toEqual(['合计', ...Array(4).fill(expect.stringMatching(/^DH\d{8}-\d{4}$/))]);
      expect(words((await rowTexts(page))[0]!)).toEqual(['合计', '24', '22', '0', '0', '0', '22']);
      expect(new URL(page.url()).searchParams.get('status')).toBe('audited');
      await animationsDone(page);
      await screenshot(page, 'ordering-shipping');

      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
      expect(file.suggestedFilename()).toMatch(/^发货明细-\d{8}-\d{6}\.xlsx$/);
      const sheet = await readSheet(file);
      expect(sheet[0]).toEqual(['订单号', '购货方', '收货门店', '款号', '颜色', '尺码', '订货', '审核', '配货', '已发', '已收', '未发', '状态']);
      expect(sheet).toHaveLength(6);
      expect(sheet.at(-1)!.filter(Boolean)).toEqual(['合计', '24', '22', '0', '0', '0', '22']);

      await openPage(page, '/erp/ordering/summary');
      await page.getByTestId('sum-style-keyword').fill(STYLE);
      await page.getByTestId('sum-style-search').click();
      const card = page.getByTestId(`sum-style-${STYLE}`);
      await expect
        .poll(async () => (await card.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts()).map((r) => words(r).slice(0, 6).join(' ')))
        // 黑色: agent01's audited order for 湖滨银泰店; 卡其: its order for 宁波天一店, partly shipped (demo 配货发货)
        .toEqual(['黑色 6 6 6 6 24', '卡其 60 60 60 60 240', '合计 66 66 66 66 264']);
      await pickOption(page, 'sum-style-measure', '未发数');
      await page.getByTestId('sum-style-search').click();
      await expect
        .poll(async () =>
          words((await card.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts())[0]!)
            .slice(0, 6)
            .join(' '),
        )
        .toBe('黑色 4 6 6 6 22');
      expect(await page.getByTestId('sum-style-totals').innerText()).toMatch(/^共 1 款 · 订货 264 件 ¥[\d,.]+ · 审核 262 件/);
      await animationsDone(page);
      await screenshot(page, 'ordering-summary-style');

      await openPage(page, '/erp/ordering/bill');
      await page.getByTestId('bill-hint').waitFor();
      await pickOption(page, 'bill-buyer', 'SH001');
      await page.getByTestId('bill-search').click();
      // shop01's own orders (demo): one waiting for the audit, one shipped and received, one allocated,
      // one cancelled; the total counts what was approved (17 pieces) and shipped (11)
      await expect.poll(async () => (await rowTexts(page)).length).toBe(5);
      const [total, ...orders] = await rowTexts(page);
      expect(words(total!)).toEqual(['合计', '17', expect.stringMatching(/^¥[\d,]+\.\d\d$/), '11', expect.stringMatching(/^¥[\d,]+\.\d\d$/)]);
      expect(orders.filter((o) => o.includes('待审核'))).toHaveLength(1);
      expect(orders.filter((o) => o.includes('已发货'))).toHaveLength(1);
      expect(await page.locator('.erp-list__title').innerText()).toContain('订货对账单（衣尚·杭州湖滨银泰店');
      await animationsDone(page);
      await screenshot(page, 'ordering-bill');
    }));
});
