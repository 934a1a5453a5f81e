import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';
import { docStatus, pickOption, stockApi, type ApiSku, type StockApi } from '../support/stock.ts';

// Own server: the tests import opening stock, exchange goods with a shop and adjust an overseas
// warehouse to a snapshot.
const server = usePrivateServer();

/** The answer of a call expected to fail: [code, msg]. */
async function refused(path: string, session: string, body: unknown): Promise<[string, string]> {
  const res = await fetch(`${server.url()}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', session }, body: JSON.stringify(body) });
  const answer = await res.json();
  return [String(res.status), answer.msg];
}

async function confirmAction(page: Page, action: string, scope: Pick<Page, 'getByTestId'> = page) {
  await scope.getByTestId(`doc-action-${action}`).first().click();
  await page.getByTestId('doc-action-confirm').waitFor();
  await animationsDone(page);
  await page.getByTestId('doc-action-confirm').click();
  await page.getByTestId('doc-action-confirm').waitFor({ state: 'hidden' });
}

async function xlsx(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('期初');
  for (const row of rows) sheet.addRow(row);
  return { name: 'opening.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await book.xlsx.writeBuffer()) };
}

const csv = (text: string) => ({ name: 'snapshot.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${text}`, 'utf8') });

let session: string;
let stock: StockApi;
let wh: Record<string, number>;
let coat: ApiSku;
let jeans: ApiSku;

describe('仓库管理 › 期初 / 换货 / 海外仓', () => {
  it('imports the opening stock of a new warehouse once: errors by row, create, 审核锁定; a second import is refused', () =>
    server.withPage(async (page) => {
      session = await apiLogin(server.url(), 'admin');
      stock = stockApi(server.url(), session);
      [coat] = (await stock.activeSkus('YS26W1001')) as [ApiSku];
      [jeans] = (await stock.activeSkus('YS26M3102')) as [ApiSku];
      const created = await api<{ id: number }>(server.url(), '/admin/api/v1/warehouses', {
        method: 'POST',
        session,
        body: { code: 'WH-E2E-QC', name: 'E2E期初仓', type: 'hq', parentId: null, shopId: null, contactName: '', phone: '', region: '', address: '', country: '', remark: '' },
      });
      wh = await stock.warehouseIds();
      expect(wh['WH-E2E-QC']).toBe(created.id);

      await signInTo(page, 'admin', '/erp/warehouse/opening');
      await expect.poll(() => page.getByTestId('opening-state-WH-E2E-QC').innerText()).toBe('未导入');
      await page.getByTestId('opening-import-WH-E2E-QC').click();
      const dialog = page.getByTestId('opening-import-modal');
      await page.getByTestId('opening-import-warehouse').waitFor();
      await animationsDone(page);
      const header = ['*条码', '*数量', '*单位成本（元）', '货架'];
      await dialog.locator('input[type=file]').setInputFiles(await xlsx([header, [coat.barcode, 5, '520.00', ''], ['NOPE-404', 2, '10', ''], [jeans.barcode, 0, '12.345', '']]));
      const errors = page.getByTestId('opening-import-errors');
      await errors.locator('.ant-table-row').first().waitFor();
      const errorRows = await errors.locator('.ant-table-row').allInnerTexts();
      expect(errorRows).toHaveLength(2);
      expect(errorRows[0]).toMatch(/^3\s+NOPE-404\s+条码“NOPE-404”不存在/);
      expect(errorRows[1]).toMatch(/^4\s+/);
      expect(errorRows[1]).toContain('单位成本');
      expect(await page.getByTestId('opening-create').isDisabled()).toBe(true);
      await animationsDone(page);
      await screenshot(page, 'stock-opening-import-errors');

      await dialog.locator('input[type=file]').setInputFiles(await xlsx([header, [coat.barcode, 5, '520.00', ''], [jeans.barcode, 3, 199.5, '']]));
      await page.getByTestId('opening-import-ok').waitFor();
      expect(await page.getByTestId('opening-import-totals').innerText()).toContain('3,198.50');
      await page.getByTestId('opening-create').click();
      const drawer = page.getByTestId('opening-drawer');
      await drawer.getByTestId('doc-no').waitFor();
      expect(await drawer.getByTestId('doc-no').innerText()).toMatch(/^QC\d{8}-\d{4}$/);
      await expect.poll(() => docStatus(page)).toBe('已提交');
      await animationsDone(page);
      await confirmAction(page, 'post', drawer);
      await drawer.getByTestId('opening-locked').waitFor();
      await expect.poll(() => docStatus(page)).toBe('已锁定');
      // locked: no action is left
      expect(await drawer.getByTestId('doc-actions').count()).toBe(0);
      expect([await stock.stockOf(wh['WH-E2E-QC']!, coat.barcode), await stock.stockOf(wh['WH-E2E-QC']!, jeans.barcode)]).toEqual([5, 3]);
      await animationsDone(page);
      await screenshot(page, 'stock-opening-locked');

      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('opening-state-WH-E2E-QC').innerText()).toContain('已锁定');
      expect(await page.getByTestId('opening-import-WH-E2E-QC').count()).toBe(0);
      await animationsDone(page);
      await screenshot(page, 'stock-opening-list');
      // a second import: the warehouse cannot be chosen, and the server refuses it too
      await page.getByTestId('opening-import').click();
      await page.getByTestId('opening-import-warehouse').waitFor();
      await animationsDone(page);
      await page.getByTestId('opening-import-warehouse').click();
      const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'WH-E2E-QC' });
      expect(await option.innerText()).toContain('已锁定');
      expect(await option.getAttribute('aria-disabled')).toBe('true');
      await animationsDone(page);
      await screenshot(page, 'stock-opening-second-refused');
      expect(
        await refused('/admin/api/v1/stock-docs/opening', session, { header: { warehouseId: wh['WH-E2E-QC'] }, lines: [{ skuId: coat.id, quantity: 1, unitCostFen: 100 }] }),
      ).toEqual(['409', '仓库“E2E期初仓”已有期初单，期初库存只能导入一次']);
    }));

  it('an exchange with a shop posts both legs in the browser', () =>
    server.withPage(async (page) => {
      page.setDefaultTimeout(15_000);
      // stock through the API (on top of whatever the demo data holds): 5 coats into the shop, 6 jeans into HQ
      await stock.doc('inbound', { warehouseId: wh['WH-SH002'], bizType: 'other' }, [{ skuId: coat.id, quantity: 5 }]);
      await stock.doc('inbound', { warehouseId: wh['WH-HZ'], bizType: 'other' }, [{ skuId: jeans.id, quantity: 6 }]);
      const levels = async () => [
        await stock.stockOf(wh['WH-SH002']!, coat.barcode),
        await stock.stockOf(wh['WH-HZ']!, coat.barcode),
        await stock.stockOf(wh['WH-HZ']!, jeans.barcode),
        await stock.stockOf(wh['WH-SH002']!, jeans.barcode),
      ];
      const before = await levels();

      await signInTo(page, 'admin', '/erp/warehouse/exchange');
      await page.getByTestId('doc-add').click();
      await page.getByTestId('exchange-form').waitFor();
      await pickOption(page, 'exchange-form-warehouse', '（WH-HZ）');
      await pickOption(page, 'exchange-form-shop', 'SH002');
      const scanInto = async (leg: 'in' | 'out', barcode: string, times: number) => {
        const card = page.getByTestId(`exchange-${leg}`);
        for (let i = 0; i < times; i++) {
          await card.getByTestId('doc-editor-barcode').fill(barcode);
          await card.getByTestId('doc-editor-barcode').press('Enter');
          // the test id sits on the input itself or on its wrapper, depending on the antd build
          const quantity = () => card.getByTestId(`line-qty-${barcode}`).evaluate((el) => (el instanceof HTMLInputElement ? el : el.querySelector('input'))?.value);
          await expect.poll(quantity).toBe(String(i + 1));
        }
      };
      await scanInto('in', coat.barcode, 2);
      await scanInto('out', jeans.barcode, 3);
      await animationsDone(page);
      await screenshot(page, 'stock-exchange-add');

      await page.getByTestId('doc-save-submit').click();
      await page.getByTestId('doc-info').waitFor();
      await expect.poll(() => docStatus(page)).toBe('已提交');
      expect(await page.getByTestId('doc-no').innerText()).toMatch(/^HH\d{8}-\d{4}$/);
      expect(await page.getByTestId('exchange-leg-totals').innerText()).toBe('2 / 3');
      await confirmAction(page, 'post');
      await expect.poll(() => docStatus(page)).toBe('已过账');
      // 2 coats shop → HQ, 3 jeans HQ → shop
      expect((await levels()).map((q, i) => q - before[i]!)).toEqual([-2, 2, -3, 3]);
      await animationsDone(page);
      await screenshot(page, 'stock-exchange-posted');
    }));

  it('an overseas snapshot imported from a CSV shows and posts the difference', () =>
    server.withPage(async (page) => {
      const la = wh['WH-US-LA']!;
      await stock.doc('overseas', { warehouseId: la, bizType: 'receipt' }, [{ skuId: coat.id, quantity: 10 }]);
      // the snapshot says 3 coats fewer and 4 jeans more than the book
      const [coatBook, jeansBook] = [await stock.stockOf(la, coat.barcode), await stock.stockOf(la, jeans.barcode)];
      const [coatCount, jeansCount] = [coatBook - 3, jeansBook + 4];

      await signInTo(page, 'admin', '/erp/warehouse/overseas');
      await page.getByTestId('doc-add').click();
      await page.getByTestId('overseas-form').waitFor();
      await pickOption(page, 'overseas-form-warehouse', 'WH-US-LA');
      const panel = page.getByTestId('overseas-import');
      await panel.locator('input[type=file]').setInputFiles(csv(`条码,数量\r\n${coat.barcode},${coatCount}\r\nNOPE-404,1\r\n`));
      const bad = page.getByTestId('overseas-import-errors').locator('.ant-table-row');
      await bad.first().waitFor();
      expect(await bad.allInnerTexts()).toEqual([expect.stringMatching(/^3\s+NOPE-404\s+条码“NOPE-404”不存在/)]);
      await animationsDone(page);
      await screenshot(page, 'stock-overseas-import-errors');

      await panel.locator('input[type=file]').setInputFiles(csv(`条码,数量\r\n${coat.barcode},${coatCount}\r\n${jeans.barcode},${jeansCount}\r\n`));
      await page.getByTestId('overseas-import-ok').waitFor();
      await page.getByTestId('overseas-snapshot-lines').locator('.ant-table-row').nth(1).waitFor();
      await page.getByTestId('doc-save-submit').click();
      await page.getByTestId('doc-info').waitFor();
      await expect.poll(() => docStatus(page)).toBe('已提交');
      const comparison = page.getByTestId('overseas-comparison');
      await comparison.locator('.ant-table-row').nth(1).waitFor();
      // 快照 / 当前账面 / 差异 (累计收货 aside): coat −3, jeans +4
      const cells = async () => (await comparison.locator('.ant-table-row').allInnerTexts()).map((r) => r.split(/\s+/).slice(-4));
      const shown = (rows: string[][]) => rows.map(([counted, book, , difference]) => [counted, book, difference]);
      expect(shown(await cells())).toEqual([
        [String(coatCount), String(coatBook), '-3'],
        [String(jeansCount), String(jeansBook), '+4'],
      ]);
      expect(Number((await cells())[0]![2])).toBeGreaterThanOrEqual(10);
      await confirmAction(page, 'post');
      await expect.poll(() => docStatus(page)).toBe('已过账');
      await expect.poll(() => comparison.locator('th', { hasText: '差异（已过账）' }).count()).toBe(1);
      await expect
        .poll(async () => shown(await cells()))
        .toEqual([
          [String(coatCount), String(coatCount), '-3'],
          [String(jeansCount), String(jeansCount), '+4'],
        ]);
      expect(await page.getByTestId('overseas-difference-total').innerText()).toBe('+1');
      expect([await stock.stockOf(la, coat.barcode), await stock.stockOf(la, jeans.barcode)]).toEqual([coatCount, jeansCount]);
      await animationsDone(page);
      await screenshot(page, 'stock-overseas-snapshot-posted');
    }));
});
