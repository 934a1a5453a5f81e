import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { purchaseApi } from '../support/purchase-refunds.ts';
import { usePrivateServer } from '../support/server.ts';
import { openPage } from '../support/stock.ts';

// Own server: the test makes suppliers, a warehouse, a style, orders, receipts and refunds.
const server = usePrivateServer();

/** The <input> of an antd InputNumber carrying a testid (on the input or its wrapper). */
const numberInput = (page: Page, testId: string) => page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
const rowsText = (page: Page) => page.locator('.erp-list .ant-table-tbody').first().innerText();

describe('采购管理 › 采购退货 / 应付账款 / 采购汇总', () => {
  it(
    'refunds one line of a received order (可退 holds), the outbound completes it, payables and the summary follow',
    () =>
      server.withPage(async (page) => {
        const admin = purchaseApi(server.url(), await apiLogin(server.url(), 'admin'));
        const order = await admin.receivedOrder('E1');
        const [coat, other] = order.lines;

        await signInTo(page, 'admin', `/erp/purchase/refund/add?orderId=${order.orderId}`);
        await page.getByTestId('refund-order-lines').waitFor();
        await page.getByTestId(`refund-refundable-${coat!.sku.barcode}`).waitFor();
        expect(await page.getByTestId(`refund-refundable-${coat!.sku.barcode}`).innerText()).toBe('8');
        expect(await page.getByTestId(`refund-refundable-${other!.sku.barcode}`).innerText()).toBe('5');
        // the order presets supplier and warehouse
        expect(await page.getByTestId('refund-form-supplier').innerText()).toContain(order.supplierName);
        expect(await page.getByTestId('refund-form-warehouse').innerText()).toContain(order.warehouseCode);
        await page.getByTestId('refund-form-reason').fill('面料色差，退回供应商');

        // more than 可退 stays as typed, red on the spot, and blocks saving (nothing is sent)
        await numberInput(page, `refund-qty-${coat!.sku.barcode}`).fill('9');
        await page.getByTestId(`refund-qty-${coat!.sku.barcode}-problem`).getByText('超出可退数量8').waitFor();
        expect(await numberInput(page, `refund-qty-${coat!.sku.barcode}`).inputValue()).toBe('9');
        expect(await page.getByTestId('save-blocked').innerText()).toContain('超出可退数量8');
        expect(await page.getByTestId('refund-save-audit').isDisabled()).toBe(true);
        await animationsDone(page);
        await screenshot(page, 'purchase-refund-add-over');
        const none = await admin.get<{ total: number }>(`/purchase-refunds/page?page=1&limit=10&supplierId=${order.supplierId}`);
        expect(none.total).toBe(0);

        await numberInput(page, `refund-qty-${coat!.sku.barcode}`).fill('3');
        await expect.poll(() => page.getByTestId('refund-totals').innerText()).toContain('合计 3 件');
        expect(await page.getByTestId('refund-totals').innerText()).toContain('金额 ¥37.50');
        await page.getByTestId(`refund-qty-${coat!.sku.barcode}-problem`).waitFor({ state: 'detached' });
        await animationsDone(page);
        await screenshot(page, 'purchase-refund-add');
        await page.getByTestId('refund-save-audit').click();

        await page.getByTestId('refund-info').waitFor();
        await expect.poll(() => page.getByTestId('refund-status').first().innerText()).toBe('已审核（待出库）');
        const refundNo = await page.getByTestId('refund-no').innerText();
        expect(refundNo).toMatch(/^CT\d{8}-\d{4}$/);
        expect(await page.getByTestId('refund-total-quantity').innerText()).toBe('3');
        expect(await page.getByTestId('refund-total-amount').innerText()).toBe('¥37.50');
        // one line only: the line left at 0 was not sent
        expect(await page.getByTestId('refund-lines').locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
        await page.getByTestId('refund-outbound-link').waitFor();
        await expect.poll(() => page.getByTestId('refund-outbound-status').innerText()).toBe('已提交');
        await animationsDone(page);
        await screenshot(page, 'purchase-refund-info-audited');
        // 打印: the preview shows the refund on the priced sheet, titled 采购退货单
        await page.getByTestId('refund-print').click();
        const preview = page.frameLocator('[data-testid=print-preview-frame]');
        await expect.poll(() => preview.locator('.doc__title').innerText()).toBe('采购退货单');
        expect(await preview.locator('body').innerText()).toContain('37.50');
        await animationsDone(page);
        await screenshot(page, 'purchase-refund-print-preview');
        await page.keyboard.press('Escape');

        // the warehouse posts the outbound: the refund is done
        const refundId = Number(new URL(page.url()).searchParams.get('id'));
        const outboundNo = await admin.postRefundOutbound(refundId);
        await page.reload();
        await page.getByTestId('refund-info').waitFor();
        await expect.poll(() => page.getByTestId('refund-status').first().innerText()).toBe('已退货');
        expect(await page.getByTestId('refund-returned-quantity').innerText()).toBe('3');
        expect(await page.getByTestId('refund-outbound-link').innerText()).toBe(outboundNo);
        await expect.poll(() => page.getByTestId('refund-outbound-status').innerText()).toBe('已出库');
        await animationsDone(page);
        await screenshot(page, 'purchase-refund-info-done');
        // the order's 可退 went down by what was refunded
        const after = await admin.get<{ lines: { id: number; refundableQuantity: number; returnedQuantity: number }[] }>(`/purchase-orders/${order.orderId}`);
        expect(after.lines.find((l) => l.id === coat!.lineId)).toMatchObject({ refundableQuantity: 5, returnedQuantity: 3 });

        // the list: found by its number, links to order and outbound, exported
        await openPage(page, '/erp/purchase/refund');
        await page.getByTestId('refund-filter-keyword').fill(refundNo);
        await page.getByTestId('refund-search').click();
        await page.getByTestId(`refund-link-${refundNo}`).waitFor();
        await expect.poll(() => page.locator('.erp-list .ant-table-tbody .ant-table-row').count()).toBe(1);
        // 采购订单 and 出库单 are hidden by default (the list fits 1,440 px): shown from 列设置
        await page.getByTestId('list-columns').click();
        await page.getByTestId('list-column-orderNo').click();
        await page.getByTestId('list-column-outboundNo').click();
        await page.keyboard.press('Escape');
        await expect.poll(() => rowsText(page)).toContain(order.orderNo);
        const row = await rowsText(page);
        expect(row).toContain(outboundNo);
        expect(row).toContain('已退货');
        expect(row).toContain('37.50');
        await animationsDone(page);
        await screenshot(page, 'purchase-refund-list');
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
        expect(download.suggestedFilename()).toMatch(/^采购退货-\d{8}-\d{6}\.xlsx$/);
        const book = new ExcelJS.Workbook();
        await book.xlsx.readFile(await download.path());
        const sheet = book.worksheets[0]!;
        expect(sheet.rowCount).toBe(2);
        const header = (sheet.getRow(1).values as unknown[]).slice(1);
        const values = (sheet.getRow(2).values as unknown[]).slice(1);
        expect(values[header.indexOf('退货单号')]).toBe(refundNo);
        expect(values[header.indexOf('金额')]).toBe(37.5);
        expect(sheet.getRow(2).getCell(header.indexOf('金额') + 1).numFmt).toBe('#,##0.00');
        expect(values[header.indexOf('状态')]).toBe('已退货');

        // payables: received 8 × 12.50 + 5 × 20.00 = 200.00, refunded 37.50, owed 162.50
        await openPage(page, '/erp/purchase/payable');
        await page.getByTestId('payable-filter-keyword').fill(order.supplierCode);
        await page.getByTestId('payable-search').click();
        await page.getByTestId(`payable-payableFen-${order.supplierCode}`).waitFor();
        expect(await page.getByTestId(`payable-receivedAmountFen-${order.supplierCode}`).innerText()).toBe('¥200.00');
        expect(await page.getByTestId(`payable-refundedAmountFen-${order.supplierCode}`).innerText()).toBe('¥37.50');
        expect(await page.getByTestId(`payable-payableFen-${order.supplierCode}`).innerText()).toBe('¥162.50');
        await animationsDone(page);
        await screenshot(page, 'purchase-payable');
        await page.getByTestId(`payable-detail-${order.supplierCode}`).click();
        await page.getByTestId(`payable-order-${order.orderNo}`).waitFor();
        expect(await page.getByTestId(`payable-order-${order.orderNo}`).innerText()).toBe('¥162.50');
        expect(await page.getByTestId('payable-drawer-total').innerText()).toBe('¥162.50');
        await animationsDone(page);
        await screenshot(page, 'purchase-payable-drawer-orders');
        await page.locator('.ant-drawer .ant-tabs-tab', { hasText: '流水' }).click();
        const entries = page.getByTestId('payable-entries-list').locator('.ant-table-tbody .ant-table-row');
        await expect.poll(() => entries.count()).toBe(2);
        const ledger = await page.getByTestId('payable-entries-list').locator('.ant-table-tbody').innerText();
        expect(ledger).toContain('采购入库');
        expect(ledger).toContain('采购退货');
        expect(ledger).toContain(refundNo);
        expect(ledger).toContain(outboundNo);
        await animationsDone(page);
        await screenshot(page, 'purchase-payable-drawer');
        const [ledgerFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('payable-entries-list').getByTestId('list-export').click()]);
        expect(ledgerFile.suggestedFilename()).toMatch(/^应付流水-.+\.xlsx$/);
        await page.locator('.ant-drawer-close').click();

        // summary by supplier: 1 order, 16 ordered (245.00), 13 received (200.00), 3 returned (37.50)
        await openPage(page, '/erp/purchase/summary');
        await page.getByTestId('summary-keyword').fill(order.supplierCode);
        await page.getByTestId('summary-search').click();
        await expect.poll(() => page.locator('.erp-list .ant-table-tbody .ant-table-row').count()).toBe(1);
        await expect.poll(() => rowsText(page)).toContain(order.supplierName);
        const cells = await page.locator('.erp-list .ant-table-tbody .ant-table-row').first().locator('td').allInnerTexts();
        expect(cells).toEqual([order.supplierCode, order.supplierName, '1', '16', '¥245.00', '13', '¥200.00', '3', '¥37.50']);
        expect(await page.getByTestId('summary-total-receivedAmountFen').innerText()).toBe('¥200.00');
        await animationsDone(page);
        await screenshot(page, 'purchase-summary-supplier');
        const [summaryFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
        expect(summaryFile.suggestedFilename()).toMatch(/^采购汇总（按供应商）-\d{8}-\d{6}\.xlsx$/);
        // 列设置 hides 供应商名称 and 订单数: 本页合计 follows the shown columns
        await page.getByTestId('list-columns').click();
        await page.getByTestId('list-column-supplierName').click();
        await page.getByTestId('list-column-orderCount').click();
        await page.getByTestId('list-columns').click();
        await expect
          .poll(() => page.locator('.erp-list .ant-table-tbody .ant-table-row').first().locator('td').allInnerTexts())
          .toEqual([order.supplierCode, '16', '¥245.00', '13', '¥200.00', '3', '¥37.50']);
        expect(await page.getByTestId('summary-total').locator('td').allInnerTexts()).toEqual(['本页合计', '16', '¥245.00', '13', '¥200.00', '3', '¥37.50']);
        await page.getByTestId('list-columns-panel').waitFor({ state: 'hidden' });
        await animationsDone(page);
        await screenshot(page, 'purchase-summary-hidden-columns');
        // by style: the style's row
        await page.getByTestId('summary-group').getByText('按款式').click();
        await page.getByTestId('summary-keyword').fill(order.styleNo);
        await page.getByTestId('summary-search').click();
        await expect.poll(() => rowsText(page)).toContain(order.styleNo);
        await animationsDone(page);
        await screenshot(page, 'purchase-summary-style');

        // without an order: SKU lines by barcode (the stock editor) with a unit price and amount
        await openPage(page, '/erp/purchase/refund/add');
        await page.getByTestId('refund-free-lines').waitFor();
        for (let i = 0; i < 2; i++) {
          await page.getByTestId('doc-editor-barcode').fill(coat!.sku.barcode);
          await page.getByTestId('doc-editor-barcode').press('Enter');
          await expect.poll(() => numberInput(page, `line-qty-${coat!.sku.barcode}`).inputValue()).toBe(String(i + 1));
        }
        await numberInput(page, `refund-free-price-${coat!.sku.barcode}`).fill('12.5');
        await expect.poll(() => page.getByTestId('doc-editor-totals').innerText()).toContain('合计 2 件');
        await expect.poll(() => page.getByTestId('refund-free-amount').innerText()).toBe('金额 ¥25.00');
        await animationsDone(page);
        await screenshot(page, 'purchase-refund-add-free');
      }),
    180_000,
  );

  it(
    'a supplier sees its own refunds only',
    () =>
      server.withPage(async (page) => {
        const session = await apiLogin(server.url(), 'admin');
        const admin = purchaseApi(server.url(), session);
        const order = await admin.receivedOrder('E2');
        const sp001 = (await api<{ id: number; code: string }[]>(server.url(), '/admin/api/v1/users/supplier/options?keyword=SP001', { session })).find((s) => s.code === 'SP001')!;
        const own = await admin.auditedRefund(sp001.id, order.warehouseId, order.lines[0]!.sku.id, 'SP001 退货');
        const others = await admin.auditedRefund(order.supplierId, order.warehouseId, order.lines[1]!.sku.id, '别家的退货');

        await signInTo(page, 'supplier01', '/erp/purchase/refund');
        await page.getByTestId(`refund-link-${own.refundNo}`).waitFor();
        expect(await rowsText(page)).not.toContain(others.refundNo);
        // read only: no 新增, no row actions
        expect(await page.getByTestId('refund-add').count()).toBe(0);
        expect(await page.getByTestId(`refund-action-void-${own.refundNo}`).count()).toBe(0);
        await animationsDone(page);
        await screenshot(page, 'purchase-refund-list-supplier');
        // another supplier's refund by id: not there for them, with the way back to the list
        await openPage(page, `/erp/purchase/refund/info?id=${others.id}`);
        await page.getByText('退货单不存在', { exact: true }).waitFor();
        expect(await page.getByTestId('doc-back-to-list').innerText()).toBe('返回采购退货列表');
        await openPage(page, `/erp/purchase/refund/info?id=${own.id}`);
        await page.getByTestId('refund-info').waitFor();
        expect(await page.getByTestId('refund-no').innerText()).toBe(own.refundNo);
        expect(await page.getByTestId('refund-actions').count()).toBe(0);
      }),
    120_000,
  );
});
