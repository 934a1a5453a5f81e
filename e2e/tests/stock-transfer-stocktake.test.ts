import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';
import { docStatus, openPage, scanCode, stockApi, type ApiSku, type StockApi } from '../support/stock.ts';

// Own server: the tests post stock into WH-HZ, move it to WH-SH001 and count WH-HZ.
const server = usePrivateServer();

async function pick(page: Page, testId: string, option: string) {
  // type to filter, Enter takes the first match (two selects' dropdowns may overlap while animating)
  await page.getByTestId(testId).click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active', { hasText: option }).waitFor();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId(testId).innerText()).toContain(option);
}

let session: string;
let stock: StockApi;
let wh: Record<string, number>;
let coat: ApiSku;
let transferId = 0;
let before: { hz: number; transit: number; sh1: number };

/** Stock through the API: an inbound created, submitted and posted as admin. */
const inbound = (warehouseId: number, skuId: number, quantity: number, shelfId: number | null = null) =>
  stock.doc('inbound', { warehouseId, bizType: 'other' }, [{ skuId, quantity, shelfId }]);

describe('仓库管理 › 调拨单 / 盘点单', () => {
  it('HQ creates a transfer WH-HZ → WH-SH001 and ships it: the goods sit in transit', () =>
    server.withPage(async (page) => {
      session = await apiLogin(server.url(), 'admin');
      stock = stockApi(server.url(), session);
      wh = await stock.warehouseIds();
      [coat] = (await stock.activeSkus('YS26W1001')) as [ApiSku];
      // the demo data holds stock already: everything is measured from here
      await inbound(wh['WH-HZ']!, coat.id, 6);
      before = {
        hz: await stock.stockOf(wh['WH-HZ']!, coat.barcode),
        transit: await stock.stockOf(wh['WH-TRANSIT']!, coat.barcode),
        sh1: await stock.stockOf(wh['WH-SH001']!, coat.barcode),
      };

      await signInTo(page, 'admin', '/erp/warehouse/transfer');
      await page.getByTestId('doc-add').click();
      await page.getByTestId('transfer-form').waitFor();
      await pick(page, 'transfer-form-from', 'WH-HZ');
      await pick(page, 'transfer-form-to', 'WH-SH001');
      for (let i = 0; i < 3; i++) {
        await page.getByTestId('doc-editor-barcode').fill(coat.barcode);
        await page.getByTestId('doc-editor-barcode').press('Enter');
        await expect.poll(() => page.getByTestId(`line-qty-${coat.barcode}`).inputValue()).toBe(String(i + 1));
      }
      await expect.poll(() => page.getByTestId('doc-editor-totals').innerText()).toContain('合计 3 件');
      await animationsDone(page);
      await screenshot(page, 'stock-transfer-add');

      await page.getByTestId('doc-save-submit').click();
      await page.getByTestId('doc-info').waitFor();
      await expect.poll(() => docStatus(page)).toBe('已提交');
      expect(await page.getByTestId('doc-no').innerText()).toMatch(/^DB\d{8}-\d{4}$/);
      transferId = Number(new URL(page.url()).searchParams.get('id'));

      await page.getByTestId('doc-action-ship').click();
      await page.getByTestId('doc-action-confirm').waitFor();
      await animationsDone(page);
      await page.getByTestId('doc-action-confirm').click();
      await expect.poll(() => docStatus(page)).toBe('已发货（在途）');
      await page.getByTestId('transfer-in-transit').waitFor();
      expect(await page.getByTestId('transfer-in-transit').innerText()).toContain('在途仓');
      expect([await stock.stockOf(wh['WH-HZ']!, coat.barcode), await stock.stockOf(wh['WH-TRANSIT']!, coat.barcode), await stock.stockOf(wh['WH-SH001']!, coat.barcode)]).toEqual([
        before.hz - 3,
        before.transit + 3,
        before.sh1,
      ]);
      await animationsDone(page);
      await screenshot(page, 'stock-transfer-shipped');

      await openPage(page, '/erp/warehouse/transfer');
      await page.locator('.ant-table-row', { hasText: '已发货（在途）' }).first().waitFor();
    }));

  it('the shop scans what arrived and receives it with the difference reason', () =>
    server.withPage(async (page) => {
      expect(transferId).toBeGreaterThan(0);
      await signInTo(page, 'shop01', `/erp/warehouse/transfer/info?id=${transferId}`);
      await page.getByTestId('scan-panel').waitFor();
      // a shop receives; it cannot ship or void
      expect(await page.getByTestId('doc-action-void').count()).toBe(0);
      await page.getByTestId('scan-input').click();
      await scanCode(page, coat.barcode);
      await scanCode(page, coat.barcode);
      await expect.poll(() => page.getByTestId('scan-panel').getAttribute('data-busy')).toBe('0');
      await expect.poll(() => page.getByTestId('scan-total').innerText()).toContain('2');

      await page.getByTestId('doc-action-receive').click();
      await page.getByTestId('receive-confirm').waitFor();
      await animationsDone(page);
      expect(await page.getByTestId('receive-qty-1').inputValue()).toBe('2');
      await page.getByTestId('receive-confirm').click();
      await page.getByTestId('receive-error').getByText('请填写差异原因', { exact: false }).waitFor();
      await page.getByTestId('receive-reason').fill('运输途中丢失一件');
      await animationsDone(page);
      await screenshot(page, 'stock-transfer-receive');
      await page.getByTestId('receive-confirm').click();
      await page.getByTestId('receive-confirm').waitFor({ state: 'detached' });
      await expect.poll(() => docStatus(page)).toBe('已收货');
      expect(await page.getByTestId('doc-difference-reason').innerText()).toBe('运输途中丢失一件');
      expect([await stock.stockOf(wh['WH-TRANSIT']!, coat.barcode), await stock.stockOf(wh['WH-SH001']!, coat.barcode)]).toEqual([before.transit, before.sh1 + 2]);
      await animationsDone(page);
      await screenshot(page, 'stock-transfer-received');
    }));

  it('a stocktake of a WH-HZ shelf freezes it, counts blind, and posts the variance', () =>
    server.withPage(async (page) => {
      const shelves = await api<{ records: { id: number; code: string }[] }>(server.url(), `/admin/api/v1/warehouses/${wh['WH-HZ']}/shelves?page=1&limit=500`, { session });
      const shelf = shelves.records.find((r) => r.code === 'B-02-03')!;
      await inbound(wh['WH-HZ']!, coat.id, 2, shelf.id);
      const book = await stock.stockOf(wh['WH-HZ']!, coat.barcode, shelf.id);

      await signInTo(page, 'admin', '/erp/warehouse/stocktake');
      await page.getByTestId('doc-add').click();
      await page.getByTestId('stocktake-form').waitFor();
      await pick(page, 'stocktake-form-warehouse', 'WH-HZ');
      await page.getByTestId('stocktake-form-shelves').click();
      await page.keyboard.type('B-02-03');
      // the warehouse's shelves may still be loading while the text is typed: pick the option once it shows
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'B-02-03' }).first().click();
      await page.getByTestId('stocktake-form-shelves').locator('.ant-select-selection-item', { hasText: 'B-02-03' }).waitFor();
      await page.keyboard.press('Escape');
      await animationsDone(page);
      await screenshot(page, 'stock-stocktake-add');
      await page.getByTestId('stocktake-save-start').click();
      // the freeze is asked for first, naming its scope
      const ask = page.locator('.ant-modal-confirm');
      await ask.waitFor();
      expect(await ask.innerText()).toContain('的货架 B-02-03：盘点期间这些货架不能出入库');
      await animationsDone(page);
      await ask.locator('.ant-btn-primary').click();
      await page.getByTestId('doc-info').waitFor();
      await expect.poll(() => docStatus(page)).toBe('盘点中');
      await page.getByTestId('stocktake-frozen').waitFor();
      expect(await page.getByTestId('stocktake-scope').innerText()).toBe('B-02-03');
      expect(await page.getByTestId('doc-no').innerText()).toMatch(/^PD\d{8}-\d{4}$/);

      // frozen: goods cannot be put onto the shelf meanwhile
      await expect(inbound(wh['WH-HZ']!, coat.id, 1, shelf.id)).rejects.toThrow('正在盘点');

      // blind counting: one coat found on the shelf; no book quantity anywhere on the page
      await page.getByTestId('blind-scan-panel').waitFor();
      expect(await page.getByTestId('doc-total-quantity').count()).toBe(0);
      await pick(page, 'blind-scan-shelf', 'B-02-03');
      await page.getByTestId('scan-input').click();
      await scanCode(page, coat.barcode);
      await expect.poll(() => page.getByTestId('blind-scan-panel').getAttribute('data-busy')).toBe('0');
      await expect.poll(() => page.getByTestId('blind-scan-total').innerText()).toContain('1');
      await expect.poll(() => page.getByTestId('blind-lines').locator('.ant-table-row').innerText()).toMatch(/B-02-03\s+1$/);
      expect(await page.getByTestId('doc-info').innerText()).not.toContain('账面');
      expect(await page.getByTestId('scan-last').innerText()).toContain('该行已盘 1 件');
      await animationsDone(page);
      await screenshot(page, 'stock-stocktake-counting');

      // the auditor's review: the other goods on the shelf are typed in by hand as found
      await page.getByTestId('stocktake-view').getByText('差异审核').click();
      await page.getByTestId('stocktake-variance').waitFor();
      const rows = page.getByTestId('variance-rows').locator('.ant-table-row');
      for (let i = 0; i < (await rows.count()); i++) {
        const cells = rows.nth(i).locator('td');
        if ((await cells.nth(5).innerText()) === coat.barcode) continue;
        await page.getByTestId(`review-count-${await cells.nth(0).innerText()}`).fill(await cells.nth(7).innerText());
      }
      await expect.poll(() => page.getByTestId('stocktake-variance').locator('.ant-card-head').innerText()).toContain(`盘盈 0，盘亏 ${book - 1}`);
      await page.getByTestId('variance-only').click();
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain(String(1 - book));
      await animationsDone(page);
      await screenshot(page, 'stock-stocktake-review');
      await page.getByTestId('stocktake-post').click();
      await page.locator('.ant-modal-confirm').waitFor();
      await animationsDone(page);
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await expect.poll(() => docStatus(page)).toBe('已过账');
      await expect.poll(() => page.getByTestId('variance-rows').locator('.ant-table-row').count()).toBe(1);
      expect(await stock.stockOf(wh['WH-HZ']!, coat.barcode, shelf.id)).toBe(1);
      // the freeze is lifted
      await inbound(wh['WH-HZ']!, coat.id, 1, shelf.id);
      expect(await stock.stockOf(wh['WH-HZ']!, coat.barcode, shelf.id)).toBe(2);
      await animationsDone(page);
      await screenshot(page, 'stock-stocktake-posted');
    }));
});
