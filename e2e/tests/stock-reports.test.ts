import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';
import { pickOption, stockApi, type StockApi } from '../support/stock.ts';
import { purchaseApi } from '../support/purchase.ts';

// Own server. The demo data holds stock of its own (server/src/demo/demo-stock.ts), so this file
// works on goods and a warehouse nobody else touches: two styles cloned from the demo coat and
// jeans (style nos. starting E2R, no stock yet) and an HQ warehouse of its own. Stock is posted
// through the stock documents API (an inbound into that warehouse, a transfer to WH-SH001 received,
// another left in transit), then read on 库存查询, 在途统计 and 库存报表 filtered to those goods or
// that warehouse, so every figure is exact.
const server = usePrivateServer();

const PREFIX = 'E2R';
const COAT = `${PREFIX}26W1001`;
const JEANS = `${PREFIX}26M3102`;
const OWN_WAREHOUSE = { code: 'WH-E2E-RPT', name: '报表测试总仓' };

let session: string;
let stock: StockApi;
let wh: Record<string, number> = {};
let coat: Record<string, number> = {};
let jeansNvM = 0;
let receivedId = 0;
let inTransitId = 0;
let inTransitNo = '';

const post = <T>(path: string, body: unknown) => api<T>(server.url(), `/admin/api/v1${path}`, { method: 'POST', session, body });
const get = <T>(path: string) => api<T>(server.url(), `/admin/api/v1${path}`, { session });

/** colour code-size → SKU id of a style. */
async function skusOf(styleNo: string): Promise<Record<string, number>> {
  return Object.fromEntries((await stock.skus(styleNo)).map((s) => [`${s.colourCode}-${s.sizeName}`, s.id]));
}

/** A new style like a demo one (same brand, prices, colours and sizes), without stock. */
const cloneStyle = (from: string, styleNo: string) => purchaseApi(server.url(), session).cloneStyle(from, styleNo);

async function seed() {
  session = await apiLogin(server.url(), 'admin');
  stock = stockApi(server.url(), session);
  await cloneStyle('YS26W1001', COAT);
  await cloneStyle('YS26M3102', JEANS);
  await post('/warehouses', { ...OWN_WAREHOUSE, type: 'hq', parentId: null, shopId: null, allowNegative: false });
  wh = await stock.warehouseIds();
  coat = await skusOf(COAT);
  jeansNvM = (await skusOf(JEANS))['NV-M']!;
  const own = wh[OWN_WAREHOUSE.code]!;
  await stock.doc(
    'inbound',
    { warehouseId: own, bizType: 'other' },
    [
      { skuId: coat['CA-S'], quantity: 5 },
      { skuId: coat['CA-M'], quantity: 3 },
      { skuId: coat['BK-L'], quantity: 2 },
      { skuId: jeansNvM, quantity: 4 },
    ],
    ['submit', 'post'],
  );
  receivedId = (await stock.doc('transfer', { warehouseId: own, toWarehouseId: wh['WH-SH001'] }, [{ skuId: coat['CA-S'], quantity: 2 }], ['submit', 'ship', 'receive'])).id;
  const shipped = await stock.doc('transfer', { warehouseId: own, toWarehouseId: wh['WH-SH001'] }, [{ skuId: coat['CA-M'], quantity: 1 }], ['submit', 'ship']);
  inTransitId = shipped.id;
  inTransitNo = shipped.docNo;
}

beforeAll(seed);

/** Fills a search form's keyword and searches (the form's testid prefix). */
async function searchKeyword(page: Page, prefix: string, keyword: string) {
  await page.getByTestId(`${prefix}-keyword`).fill(keyword);
  await page.getByTestId(`${prefix}-search`).click();
}

async function readSheet(download: Download): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  // an empty cell is a hole in the row's values: Array.from visits it (map would skip it)
  book.worksheets[0]!.eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

const drawer = (page: Page) => page.getByTestId('stock-moves-drawer');
const drawerRows = (page: Page) => drawer(page).locator('.ant-table-tbody .ant-table-row');

async function closeDrawer(page: Page) {
  await page.keyboard.press('Escape');
  await drawer(page).waitFor({ state: 'hidden' });
}

describe('仓库管理 › 库存查询 / 在途统计 / 库存报表', () => {
  it('库存查询: balances open their movements, each linking to its document', () =>
    server.withPage(async (page) => {
      await signInTo(page, 'admin', '/erp/warehouse/stock');
      await searchKeyword(page, 'stock-balance', PREFIX);
      // own warehouse: coat CA-S 3, CA-M 2, BK-L 2, jeans NV-M 4; shop CA-S 2; in transit CA-M 1
      const rows = page.locator('.erp-list__main .ant-table-tbody .ant-table-row');
      await expect
        .poll(async () => (await rows.allInnerTexts()).map((r) => r.split(/\s+/)[0]).sort())
        .toEqual(['在途仓', '报表测试总仓', '报表测试总仓', '报表测试总仓', '报表测试总仓', '湖滨银泰店仓'].sort());
      const shopRow = rows.filter({ hasText: '湖滨银泰店仓' });
      expect(await shopRow.innerText()).toContain(COAT);
      await animationsDone(page);
      await screenshot(page, 'stock-query-detail');

      await shopRow.locator('.erp-action-link').first().click();
      await drawerRows(page).first().waitFor();
      await animationsDone(page);
      const text = await drawer(page).innerText();
      expect(text).toContain(`库存流水：${COAT} 驼色 S @ 湖滨银泰店仓`);
      expect(text).toContain('调拨入库');
      expect(text).toContain('+2');
      await screenshot(page, 'stock-query-moves');
      await drawer(page).locator('[data-testid^="stock-move-doc-"]').first().click();
      await expect.poll(() => page.url()).toContain(`/erp/warehouse/transfer/info?id=${receivedId}`);
    }));

  it("库存查询 › 尺码横排: colours × sizes with totals and HQ value at cost; a cell opens its SKU's moves; Excel", () =>
    server.withPage(async (page) => {
      await signInTo(page, 'admin', '/erp/warehouse/stock');
      await page.getByRole('tab', { name: '尺码横排' }).click();
      await searchKeyword(page, 'stock-grid', PREFIX);
      await expect.poll(() => page.getByTestId('stock-grid-totals').innerText()).toMatch(/^共 2 款 · 合计 14 件 · 成本金额 ¥5,712\.00$/);
      // the tab and its search are in the address: a reload shows them again
      expect(new URL(page.url()).searchParams.get('tab')).toBe('grid');
      expect(new URL(page.url()).searchParams.get('grid.keyword')).toBe(PREFIX);
      await page.reload();
      await expect.poll(() => page.getByTestId('stock-grid-totals').innerText()).toMatch(/^共 2 款 · 合计 14 件/);
      expect(await page.getByTestId('stock-grid-keyword').inputValue()).toBe(PREFIX);
      const card = page.getByTestId(`stock-grid-${COAT}`);
      // own 3 + SH001 2 = 5 S; own 2 + transit 1 = 3 M; 2 black L
      expect(await card.locator('.ant-table-thead').innerText()).toMatch(/S\s+M\s+L\s+XL\s+合计/);
      const rows = await card.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
      expect(rows.map((r) => r.split(/\s+/).join(' '))).toEqual(['黑色 0 0 2 0 2', '驼色 5 3 0 0 8', '合计 5 3 2 0 10']);
      expect(await card.innerText()).toContain('成本金额 ¥5,200.00');
      await animationsDone(page);
      await screenshot(page, 'stock-query-grid');

      await page.getByTestId(`stock-grid-${COAT}-驼色-S`).click();
      await drawerRows(page).first().waitFor();
      // inbound +5, ship −2 / +2 in transit, receive −2 / +2 at the shop
      await expect.poll(() => drawerRows(page).count()).toBe(5);
      await animationsDone(page);
      await screenshot(page, 'stock-query-grid-moves');
      await closeDrawer(page);

      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('stock-grid-export').click()]);
      expect(file.suggestedFilename()).toMatch(/^库存尺码横排-\d{8}-\d{6}\.xlsx$/);
      const [header, ...body] = await readSheet(file);
      // the jeans' run M L XL and the coat's S M L XL merge into one size order
      expect(header).toEqual(['款号', '品名', '颜色', 'S', 'M', 'L', 'XL', '合计', '成本价(元)', '成本金额(元)']);
      expect(body.find((r) => r[0] === COAT && r[2] === '驼色')).toEqual([COAT, '女式双面羊毛大衣', '驼色', '5', '3', '0', '0', '8', '520', '4160']);
      expect(body.at(-1)).toEqual(['合计', '', '', '5', '7', '2', '0', '14', '', '5712']);

      await page.getByRole('tab', { name: '按仓库汇总' }).click();
      await searchKeyword(page, 'stock-summary', PREFIX);
      const summary = page.locator('.ant-table-tbody .ant-table-row:visible');
      // sorted by warehouse code: WH-E2E-RPT, WH-SH001, WH-TRANSIT
      await expect.poll(async () => (await summary.allInnerTexts()).map((r) => r.trim().split(/\s+/)[0])).toEqual(['合计', OWN_WAREHOUSE.name, '湖滨银泰店仓', '在途仓']);
      expect((await summary.first().innerText()).trim().split(/\s+/)).toEqual(['合计', '2', '4', '14', '¥5,712.00']);
      await animationsDone(page);
      await screenshot(page, 'stock-query-summary');
    }));

  it('在途统计: the shipped transfer with totals, linked to its document; Excel', () =>
    server.withPage(async (page) => {
      await signInTo(page, 'admin', '/erp/warehouse/statistics/transit');
      await pickOption(page, 'transit-warehouse', OWN_WAREHOUSE.name);
      await page.getByTestId('transit-search').click();
      const rows = page.locator('.ant-table-tbody .ant-table-row');
      await expect.poll(() => rows.count()).toBe(2);
      const row = rows.filter({ hasText: inTransitNo });
      await row.waitFor();
      expect((await rows.first().innerText()).trim().split(/\s+/)).toEqual(['合计', '1', '1', '¥520.00']);
      expect(await row.innerText()).toContain(OWN_WAREHOUSE.name);
      expect(await row.innerText()).toContain('湖滨银泰店仓');
      await animationsDone(page);
      await screenshot(page, 'stock-in-transit');

      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
      const sheet = await readSheet(file);
      const [header, first, total] = sheet;
      expect(header!.slice(0, 3)).toEqual(['调拨单号', '调出仓库', '调入仓库']);
      expect(first!.slice(0, 3)).toEqual([inTransitNo, OWN_WAREHOUSE.name, '湖滨银泰店仓']);
      // 合计 once, after the rows
      expect(sheet).toHaveLength(3);
      expect(total![0]).toBe('合计');

      await page.getByTestId(`transit-doc-${inTransitNo}`).click();
      await expect.poll(() => page.url()).toContain(`/erp/warehouse/transfer/info?id=${inTransitId}`);
    }));

  it('库存报表: ins and outs by document type this month; a figure lists the moves behind it; by style', () =>
    server.withPage(async (page) => {
      await signInTo(page, 'admin', '/erp/warehouse/statistics/inventory');
      await searchKeyword(page, 'inventory', PREFIX);
      const rows = page.locator('.ant-table-tbody .ant-table-row');
      const total = page.locator('.ant-table-tbody .stock-total-row');
      // 合计 + coat CA-S, CA-M, BK-L + jeans NV-M
      await expect.poll(() => rows.count()).toBe(5);
      const cell = page.getByTestId(`inventory-transferIn-sku:${coat['CA-S']}`);
      await cell.waitFor();
      // CA-S: inbound 5; transfers in 2 (transit) + 2 (shop); transfers out 2 + 2
      expect(await cell.innerText()).toBe('4');
      expect(await page.getByTestId(`inventory-inboundIn-sku:${coat['CA-S']}`).innerText()).toBe('5');
      expect(await page.getByTestId(`inventory-closingQuantity-sku:${coat['CA-S']}`).innerText()).toBe('5');
      expect((await total.innerText()).split(/\s+/)).toContain('14');
      await animationsDone(page);
      await screenshot(page, 'stock-inventory-report');

      await cell.click();
      await drawerRows(page).first().waitFor();
      await expect.poll(() => drawerRows(page).count()).toBe(2);
      expect(await page.getByTestId('stock-moves-caption').innerText()).toMatch(/^调拨入 · \d{4}-\d{2}-01 至 \d{4}-\d{2}-\d{2}$/);
      expect(await drawer(page).innerText()).toContain('在途仓');
      await animationsDone(page);
      await screenshot(page, 'stock-inventory-drill');
      await closeDrawer(page);

      await pickOption(page, 'inventory-group', '按款');
      await page.getByTestId('inventory-search').click();
      const coatId = (await get<{ records: { id: number; styleNo: string }[] }>(`/products/page?page=1&limit=10&keyword=${COAT}`)).records[0]!.id;
      await page.getByTestId(`inventory-closingQuantity-style:${coatId}`).waitFor();
      await expect.poll(() => rows.count()).toBe(3);
      expect(await page.getByTestId(`inventory-closingQuantity-style:${coatId}`).innerText()).toBe('10');
      expect((await total.innerText()).split(/\s+/)).toContain('14');
      await animationsDone(page);
      await screenshot(page, 'stock-inventory-by-style');
    }));

  it('a shop sees only its own warehouse, without cost', () =>
    server.withPage(async (page) => {
      // shop01's scope holds demo stock too; these goods it holds only from the received transfer
      const shopSession = await apiLogin(server.url(), 'shop01');
      const seen = await api<{ records: { warehouseCode: string; quantity: number }[] }>(server.url(), `/admin/api/v1/stock/balances?page=1&limit=100&keyword=${PREFIX}`, {
        session: shopSession,
      });
      expect(seen.records.map((r) => [r.warehouseCode, r.quantity])).toEqual([['WH-SH001', 2]]);

      await signInTo(page, 'shop01', '/erp/warehouse/stock');
      await page.getByRole('tab', { name: '尺码横排' }).click();
      await searchKeyword(page, 'stock-grid', PREFIX);
      await expect.poll(() => page.getByTestId('stock-grid-totals').innerText()).toBe('共 1 款 · 合计 2 件');
      const card = page.getByTestId(`stock-grid-${COAT}`);
      expect((await card.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts()).map((r) => r.split(/\s+/).join(' '))).toEqual(['驼色 2 0 0 0 2', '合计 2 0 0 0 2']);
      expect(await card.innerText()).not.toContain('成本');
      await animationsDone(page);
      await screenshot(page, 'stock-query-grid-shop');

      await page.goto('/erp/warehouse/statistics/transit');
      await page.locator('.ant-table-row', { hasText: inTransitNo }).waitFor();
      expect(await page.locator('.ant-table-thead').innerText()).not.toContain('成本');
    }));
});
