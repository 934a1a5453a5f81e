import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';
import { openPage, scanCode, stockApi, type StockApi } from '../support/stock.ts';

// Own server: the journey posts a stocktake into WH-SH001. shop01 counts its warehouse by scanning
// and typing — every SKU of the book as booked but one, a piece short — and submits; admin sees that one
// difference against the book, audits, posts the differences, and the warehouse's stock shows the
// counted figure.
const server = usePrivateServer();

let stock: StockApi;
let warehouseId: number;
let book: { barcode: string; quantity: number }[];
let short: { barcode: string; quantity: number };
let docNo = '';

/** Confirms the open action dialog of the details drawer. */
async function confirmAction(page: Page, action: string) {
  await page.getByTestId(`inventory-${action}`).click();
  await page.getByTestId('inventory-action-confirm').click();
  await page.getByTestId('inventory-action-confirm').waitFor({ state: 'hidden' });
}

describe('售后管理 › 库存上报', () => {
  it('shop01 reports a count of its warehouse by scanning, one SKU a piece short, and submits it', () =>
    server.withPage(async (page) => {
      const session = await apiLogin(server.url(), 'admin');
      stock = stockApi(server.url(), session);
      warehouseId = (await stock.warehouseIds())['WH-SH001']!;
      const balances = await api<{ records: { barcode: string; quantity: number }[] }>(server.url(), `/admin/api/v1/stock/balances?page=1&limit=100&warehouseId=${warehouseId}`, {
        session,
      });
      book = balances.records.filter((r) => r.barcode && r.quantity > 0);
      expect(book.length).toBeGreaterThan(1);
      short = book.find((r) => r.quantity >= 2)!;

      await signInTo(page, 'shop01', '/erp/aftersales/inventory');
      await page.getByTestId('inventory-add').click();
      const box = page.getByPlaceholder('扫描或输入条码，回车添加');
      await box.click();
      // one beep per SKU, then the count typed on its line (as a person with a box of one SKU does)
      for (const row of book) await scanCode(page, row.barcode);
      const dialog = page.getByTestId('inventory-form-dialog');
      await expect.poll(() => dialog.locator('.ant-table-row').count()).toBe(book.length);
      for (const row of book) {
        const pieces = row === short ? row.quantity - 1 : row.quantity;
        if (pieces !== 1) await dialog.locator('.ant-table-row', { hasText: row.barcode }).getByRole('textbox').fill(String(pieces));
      }
      const counted = book.reduce((s, r) => s + r.quantity, 0) - 1;
      await expect.poll(() => dialog.innerText()).toContain(`合计 ${counted} 件`);
      await expect.poll(() => page.getByTestId('inventory-form-warehouse').innerText()).toContain('湖滨银泰店仓');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();

      const drawer = page.getByTestId('inventory-detail');
      await drawer.getByTestId('inventory-lines').waitFor();
      docNo = (await drawer.locator('.ant-drawer-title').innerText()).replace('库存上报', '').trim();
      expect(docNo).toMatch(/^SB\d{8}-\d{4}$/);
      // the shop counts blind: no book, no differences
      expect(await drawer.getByTestId('inventory-lines').innerText()).not.toContain('账面数');
      await confirmAction(page, 'submit');
      await expect.poll(() => drawer.getByTestId('inventory-status').innerText()).toBe('待审核');
    }));

  it('admin sees the one difference against the book, audits and posts it; the stock shows the count', () =>
    server.withPage(async (page) => {
      await signInTo(page, 'admin', '/erp/aftersales/inventory');
      await page.getByTestId(`inventory-view-${docNo}`).click();
      const drawer = page.getByTestId('inventory-detail');
      const totals = drawer.getByTestId('inventory-totals');
      await totals.waitFor();
      expect(await totals.innerText()).toMatch(/盘亏\s*1\s*件/);
      expect(await totals.innerText()).toMatch(/有差异的SKU\s*1\s*个/);
      const shortRow = drawer.locator('.ant-table-row', { hasText: short.barcode });
      expect((await shortRow.innerText()).replace(/\s+/g, ' ')).toContain(`${short.quantity - 1} ${short.quantity} -1`);
      await animationsDone(page);
      await screenshot(page, 'shop-inventory-difference');

      await confirmAction(page, 'audit');
      await expect.poll(() => drawer.getByTestId('inventory-status').innerText()).toBe('已审核');
      await confirmAction(page, 'post');
      await expect.poll(() => drawer.innerText()).toMatch(/差异盘点单[：:\s]*PD\d{8}-\d{4}/);
      await expect.poll(() => drawer.getByTestId('inventory-totals').innerText()).toMatch(/有差异的SKU\s*0\s*个/);
      await expect(drawer.getByTestId('inventory-post').count()).resolves.toBe(0);

      expect(await stock.stockOf(warehouseId, short.barcode)).toBe(short.quantity - 1);
      // and on the stock page
      await page.keyboard.press('Escape');
      await openPage(page, `/erp/warehouse/stock?warehouseId=${warehouseId}&keyword=${short.barcode}`);
      await expect.poll(() => page.locator('.ant-table-row', { hasText: short.barcode }).first().innerText()).toContain(String(short.quantity - 1));
    }));
});
