import type { Page } from 'playwright-core';
import { formatYuan } from '@erp/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { purchaseApi, readSheet } from '../support/purchase.ts';
import { usePrivateServer } from '../support/server.ts';
import { openPage, pickOption, stockApi, type ApiSku, type StockApi } from '../support/stock.ts';

// Own server. Goods, warehouse and the second supplier are the file's own (style E2P26W1001 cloned
// from the demo coat without stock, warehouse WH-E2E-PO, supplier SPE2E), so every figure is exact.
const server = usePrivateServer();

const STYLE = 'E2P26W1001';
const WAREHOUSE = { code: 'WH-E2E-PO', name: '采购测试总仓' };
const OTHER_SUPPLIER = { code: 'SPE2E', name: '采购测试供应商' };

let stock: StockApi;
let warehouseId = 0;
let skus: Record<string, ApiSku> = {};
let costFen = 0;
/** audited orders made through the API: one of SP001 (supplier01's), one of the other supplier */
let own = { id: 0, orderNo: '' };
let other = { id: 0, orderNo: '' };

beforeAll(async () => {
  const session = await apiLogin(server.url(), 'admin');
  const purchase = purchaseApi(server.url(), session);
  stock = stockApi(server.url(), session);
  const productId = await purchase.cloneStyle('YS26W1001', STYLE);
  costFen = (await purchase.get<{ costPriceFen: number }>(`/products/${productId}`)).costPriceFen;
  warehouseId = await purchase.warehouse(WAREHOUSE.code, WAREHOUSE.name);
  const otherId = await purchase.supplier(OTHER_SUPPLIER.code, OTHER_SUPPLIER.name);
  const sp001 = await purchase.supplierId('SP001');
  skus = Object.fromEntries((await stock.activeSkus(STYLE)).map((s) => [`${s.colourCode}-${s.sizeName}`, s]));
  const line = { skuId: skus['CA-L']!.id, quantity: 4, unitPriceFen: 9900 };
  own = await purchase.order({ supplierId: sp001, warehouseId, expectedDate: '2026-12-20', lines: [line] });
  other = await purchase.order({ supplierId: otherId, warehouseId, expectedDate: '2026-12-21', lines: [line] });
});

/** The <input> of an antd InputNumber carrying a testid (on the input or its wrapper). */
const numberInput = (page: Page, testId: string) => page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
const status = (page: Page) => page.getByTestId('po-status').first().innerText();
const received = (page: Page, sku: ApiSku) => page.getByTestId(`po-line-received-${sku.barcode}`).innerText();

async function runAction(page: Page, action: string) {
  await page.getByTestId(`po-action-${action}`).click();
  await page.getByTestId('po-action-confirm').waitFor();
  await animationsDone(page);
  await page.getByTestId('po-action-confirm').click();
  await page.getByTestId('po-action-confirm').waitFor({ state: 'detached' });
}

async function openReceive(page: Page) {
  await page.getByTestId('po-action-receive').click();
  await page.getByTestId('po-receive-lines').waitFor();
  await animationsDone(page);
}

async function searchKeyword(page: Page, keyword: string) {
  await page.getByTestId('po-filter-keyword').fill(keyword);
  await page.getByTestId('po-search').click();
}

describe('采购管理 › 采购订单', () => {
  it(
    'admin enters an order on the size grid, submits, audits, receives it in two parts into stock and exports the list',
    () =>
      server.withPage(async (page) => {
        const [s, m] = [skus['CA-S']!, skus['CA-M']!];
        const before = [await stock.stockOf(warehouseId, s.barcode), await stock.stockOf(warehouseId, m.barcode)];
        expect(before).toEqual([0, 0]);

        // no print dialog in headless Chromium
        await page.addInitScript(() => {
          window.print = () => undefined;
        });
        await signInTo(page, 'admin', '/erp/purchase/order');
        await page.getByTestId('po-add').click();
        await page.getByTestId('po-form').waitFor();
        // nothing entered: the server's words, nothing sent
        await page.getByTestId('po-save-draft').click();
        await page.getByText('请选择供应商').first().waitFor();

        await page.getByTestId('po-form-supplier').click();
        await page.keyboard.type('SP001');
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'SP001' }).first().click();
        await pickOption(page, 'po-form-warehouse', WAREHOUSE.code);
        await page.getByTestId('po-form-expected').click();
        await page.keyboard.type('2026-12-31');
        await page.keyboard.press('Enter');
        await numberInput(page, 'po-form-tolerance').fill('0');

        await page.getByTestId('po-add-style').click();
        await page.getByTestId('grid-style').waitFor();
        await animationsDone(page);
        await page.getByTestId('grid-style').click();
        await page.getByTestId('grid-style').locator('input').fill(STYLE);
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: STYLE }).first().click();
        await numberInput(page, `grid-cell-${s.barcode}`).fill('5');
        await numberInput(page, `grid-cell-${m.barcode}`).fill('3');
        await page.getByTestId('grid-add').click();
        await page.getByTestId(`po-line-qty-${s.barcode}`).waitFor();
        // the style's price starts at its cost price; the subtotal row sums the style
        expect(await page.getByTestId(`po-style-qty-${STYLE}`).innerText()).toBe('8');
        expect(await page.getByTestId(`po-style-amount-${STYLE}`).innerText()).toBe(formatYuan(costFen * 8));
        // one price for the style: 120.50 a piece
        await numberInput(page, `po-style-price-${STYLE}`).fill('120.5');
        await numberInput(page, `po-style-price-${STYLE}`).blur();
        await expect.poll(() => page.getByTestId('po-editor-totals').innerText()).toContain('金额 ¥964.00');
        expect(await page.getByTestId('po-editor-totals').innerText()).toContain('合计 8 件');
        await animationsDone(page);
        await screenshot(page, 'purchase-order-add');

        await page.getByTestId('po-save-submit').click();
        await page.getByTestId('po-info').waitFor();
        await expect.poll(() => status(page)).toBe('已提交');
        const orderNo = await page.getByTestId('po-no').innerText();
        expect(orderNo).toMatch(/^CG\d{8}-\d{4}$/);
        await runAction(page, 'audit');
        await expect.poll(() => status(page)).toBe('已审核');

        // first part: 2 of S only, posted at once
        await openReceive(page);
        expect(await numberInput(page, `po-receive-qty-${s.barcode}`).inputValue()).toBe('5');
        await page.getByTestId('po-receive-clear').click();
        await numberInput(page, `po-receive-qty-${s.barcode}`).fill('2');
        await page.getByTestId('po-receive-post').click();
        await expect.poll(() => page.getByTestId('po-receive-total').innerText()).toContain('2 件');
        await animationsDone(page);
        await screenshot(page, 'purchase-order-receive');
        await page.getByTestId('po-receive-confirm').click();
        await page.getByTestId('po-receive-lines').waitFor({ state: 'detached' });
        await expect.poll(() => status(page)).toBe('部分收货');
        expect([await received(page, s), await received(page, m)]).toEqual(['2', '0']);
        expect([await stock.stockOf(warehouseId, s.barcode), await stock.stockOf(warehouseId, m.barcode)]).toEqual([2, 0]);

        // second part: the rest (each line starts at what is still open)
        await openReceive(page);
        expect(await numberInput(page, `po-receive-qty-${s.barcode}`).inputValue()).toBe('3');
        // more than 可收 is kept as typed (never cut down to 3), red, and blocks 确认收货
        await numberInput(page, `po-receive-qty-${s.barcode}`).fill('999');
        await page.getByTestId(`po-receive-qty-${s.barcode}-problem`).getByText('超出可收数量3').waitFor();
        expect(await numberInput(page, `po-receive-qty-${s.barcode}`).inputValue()).toBe('999');
        expect(await page.getByTestId('po-receive-confirm').isDisabled()).toBe(true);
        await numberInput(page, `po-receive-qty-${s.barcode}`).fill('3');
        await page.getByTestId(`po-receive-qty-${s.barcode}-problem`).waitFor({ state: 'detached' });
        await page.getByTestId('po-receive-post').click();
        await page.getByTestId('po-receive-confirm').click();
        await page.getByTestId('po-receive-lines').waitFor({ state: 'detached' });
        await expect.poll(() => status(page)).toBe('已收货');
        expect([await received(page, s), await received(page, m)]).toEqual(['5', '3']);
        expect([await stock.stockOf(warehouseId, s.barcode), await stock.stockOf(warehouseId, m.barcode)]).toEqual([5, 3]);
        await expect.poll(() => page.getByTestId('po-receipts').locator('.ant-table-row').count()).toBe(2);
        expect(await page.getByTestId('po-actions').count()).toBe(0);
        await animationsDone(page);
        await screenshot(page, 'purchase-order-info');
        // the lines read as a colour × size block per style, received under each ordered quantity
        const grid = page.getByTestId('po-grid');
        expect(await grid.locator('section').count()).toBe(1);
        expect(await grid.locator('thead th').allInnerTexts()).toEqual(expect.arrayContaining(['S', 'M']));
        expect(await grid.locator('[data-testid^=style-grid-amount-]').innerText()).toBe('¥964.00');
        // 打印: the preview shows the A4 priced sheet titled 采购订单 with the same grid; 2 copies print
        await page.getByTestId('po-print').click();
        const preview = page.frameLocator('[data-testid=print-preview-frame]');
        await preview.locator('table.doc__grid').first().waitFor();
        expect(await preview.locator('.doc__title').innerText()).toBe('采购订单');
        await animationsDone(page);
        await screenshot(page, 'purchase-order-print-preview');
        await page.getByTestId('print-preview-copies').fill('0');
        await page.getByTestId('print-preview-ok').click();
        await page.getByText('份数须为1-99之间的整数').waitFor();
        await page.getByTestId('print-preview-copies').fill('2');
        await page.getByTestId('print-preview-ok').click();
        await page.waitForFunction(() => {
          const f = document.querySelector('iframe[data-print-frame=outbound]');
          return f?.getAttribute('data-print-state') === 'printed' && f.getAttribute('data-print-copies') === '2';
        });
        const printed = page.locator('iframe[data-print-frame=outbound]');
        const sheet = await printed.evaluate((f) => (f as HTMLIFrameElement).contentDocument!.body.innerText);
        expect(await printed.evaluate((f) => (f as HTMLIFrameElement).contentDocument!.querySelectorAll('article.doc').length)).toBe(2);
        expect(await printed.evaluate((f) => (f as HTMLIFrameElement).contentDocument!.querySelectorAll('table.doc__grid').length)).toBe(2);
        expect(sheet).toContain('采购订单');
        expect(sheet).toContain(orderNo);
        expect(sheet).toContain('964.00');
        expect(sheet).toContain('合计（1 款，2 个SKU）');

        // 入库单 → 采购入库: the receivable orders (this one is received; the API-made one of SP001 is not)
        await openPage(page, '/erp/warehouse/inbound');
        await page.getByTestId('inbound-purchase').click();
        await page.getByTestId(`po-receive-${own.orderNo}`).waitFor();
        expect(await page.getByTestId(`po-receive-${orderNo}`).count()).toBe(0);
        await page.getByTestId(`po-receive-${own.orderNo}`).click();
        await expect.poll(() => numberInput(page, `po-receive-qty-${skus['CA-L']!.barcode}`).inputValue()).toBe('4');
        await animationsDone(page);
        await screenshot(page, 'purchase-inbound-receive');
        await page.locator('.ant-modal-footer button', { hasText: '取' }).click();

        await openPage(page, '/erp/purchase/order');
        await searchKeyword(page, orderNo);
        await page.getByTestId(`po-link-${orderNo}`).waitFor();
        await expect.poll(() => page.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
        await animationsDone(page);
        await screenshot(page, 'purchase-order-list');
        const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
        const [header, row] = await readSheet(file);
        expect(header!.slice(0, 4)).toEqual(['单号', '供应商', '收货仓库', '状态']);
        expect(row!.slice(0, 4)).toEqual([orderNo, '广州锦纶纺织有限公司（SP001）', WAREHOUSE.name, '已收货']);
        // money is a number cell in yuan
        expect(row).toContain('964');
      }),
    180_000,
  );

  it(
    "supplier01 sees only SP001's audited orders and confirms one with a promised date",
    () =>
      server.withPage(async (page) => {
        await signInTo(page, 'supplier01', '/erp/purchase/order');
        await page.getByTestId(`po-link-${own.orderNo}`).waitFor();
        expect(await page.getByTestId('po-add').count()).toBe(0);
        // every row is SP001's; the other supplier's order is not found even by its number
        const suppliers = await page.locator('.ant-table-tbody .ant-table-row td:nth-child(2)').allInnerTexts();
        expect(suppliers.length).toBeGreaterThan(0);
        expect(suppliers.every((s) => s.includes('SP001'))).toBe(true);
        await searchKeyword(page, other.orderNo);
        await page.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
        await searchKeyword(page, own.orderNo);
        await page.getByTestId(`po-link-${own.orderNo}`).waitFor();
        // only 详情 and 确认交期
        expect(await page.getByTestId(`po-row-actions-${own.orderNo}`).innerText()).toBe('确认交期');

        await page.getByTestId(`po-row-confirm-${own.orderNo}`).click();
        await page.getByTestId('po-promised-date').waitFor();
        await animationsDone(page);
        await page.getByTestId('po-promised-date').click();
        await page.keyboard.type('2026-12-18');
        await page.keyboard.press('Enter');
        await page.getByTestId('po-action-confirm').click();
        await page.getByTestId('po-action-confirm').waitFor({ state: 'detached' });
        // 承诺交期 is hidden by default (the list fits 1,440 px): shown from 列设置
        await page.getByTestId('list-columns').click();
        await page.getByTestId('list-column-promisedDate').click();
        await page.keyboard.press('Escape');
        await expect.poll(() => page.locator('.ant-table-tbody .ant-table-row').first().innerText()).toContain('2026-12-18');

        await page.getByTestId(`po-link-${own.orderNo}`).click();
        await page.getByTestId('po-info').waitFor();
        await expect.poll(() => page.getByTestId('po-promised').innerText()).toContain('2026-12-18');
        expect(await page.getByTestId('po-action-receive').count()).toBe(0);
        await animationsDone(page);
        await screenshot(page, 'purchase-order-supplier-info');
      }),
    120_000,
  );
});
