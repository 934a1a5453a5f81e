import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';
import { openPage, pickOption, scanCode, stockApi } from '../support/stock.ts';

// Own server: the tests post stock into and out of WH-HZ.
const server = usePrivateServer();

/** The <input> of an antd InputNumber carrying a testid (on the input or its wrapper). */
const numberInput = (page: Page, testId: string) => page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

async function confirmAction(page: Page, action: string, reason?: string) {
  await page.getByTestId(`doc-action-${action}`).click();
  await page.getByTestId('doc-action-confirm').waitFor();
  await animationsDone(page);
  if (reason !== undefined) await page.getByTestId('doc-action-reason').fill(reason);
  await page.getByTestId('doc-action-confirm').click();
  await page.getByTestId('doc-action-confirm').waitFor({ state: 'detached' });
}

describe('仓库管理 › 入库单 / 出库单', () => {
  it(
    'creates an inbound with two lines, scans it with a scanner (an unknown code warns and changes nothing) and posts it into stock',
    () =>
      server.withPage(async (page) => {
        const stock = stockApi(server.url(), await apiLogin(server.url(), 'admin'));
        const hz = (await stock.warehouseIds())['WH-HZ']!;
        const [coat] = await stock.activeSkus('YS26W1001');
        const jeansSkus = await stock.activeSkus('YS26M3001');
        const jeans = jeansSkus[1]!;
        const before = [await stock.stockOf(hz, coat!.barcode), await stock.stockOf(hz, jeans.barcode)];

        await signInTo(page, 'admin', '/erp/warehouse/inbound');
        await page.getByTestId('doc-add').click();
        await page.getByTestId('doc-form').waitFor();
        await pickOption(page, 'doc-form-warehouse', 'WH-HZ');
        // line 1 by barcode (two Enters make 2 pieces), line 2 by the style's colour × size grid
        await page.getByTestId('doc-editor-barcode').fill(coat!.barcode);
        await page.getByTestId('doc-editor-barcode').press('Enter');
        await page.getByTestId(`line-qty-${coat!.barcode}`).waitFor();
        await page.getByTestId('doc-editor-barcode').fill(coat!.barcode);
        await page.getByTestId('doc-editor-barcode').press('Enter');
        await expect.poll(() => numberInput(page, `line-qty-${coat!.barcode}`).inputValue()).toBe('2');
        await page.getByTestId('doc-editor-add-style').click();
        await page.getByTestId('grid-style').waitFor();
        await animationsDone(page);
        await page.getByTestId('grid-style').click();
        await page.getByTestId('grid-style').locator('input').fill('YS26M3001');
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'YS26M3001' }).first().click();
        await numberInput(page, `grid-cell-${jeans.barcode}`).fill('1');
        await page.getByTestId('grid-add').click();
        await page.getByTestId(`line-qty-${jeans.barcode}`).waitFor();
        await expect.poll(() => page.getByTestId('doc-editor-totals').innerText()).toContain('合计 3 件');
        // the grid closed: the scanner types into the barcode box again
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('doc-editor-barcode');

        // a bad quantity stays as typed, red with its message, and blocks both saves until mended
        await numberInput(page, `line-qty-${coat!.barcode}`).fill('abc');
        await page.getByTestId(`line-qty-${coat!.barcode}-problem`).getByText('数量须为1-1000000的整数').waitFor();
        expect(await numberInput(page, `line-qty-${coat!.barcode}`).inputValue()).toBe('abc');
        expect(await page.getByTestId('save-blocked').innerText()).toContain('第1行：数量须为1-1000000的整数');
        expect(await page.getByTestId('doc-save-submit').isDisabled()).toBe(true);
        expect(await page.getByTestId('doc-save-draft').isDisabled()).toBe(true);
        await animationsDone(page);
        await screenshot(page, 'stock-inbound-add-bad-quantity');
        await numberInput(page, `line-qty-${coat!.barcode}`).fill('2');
        await page.getByTestId('save-blocked').waitFor({ state: 'detached' });
        expect(await page.getByTestId('doc-save-submit').isEnabled()).toBe(true);
        await expect.poll(() => page.getByTestId('doc-editor-totals').innerText()).toContain('合计 3 件');
        await animationsDone(page);
        await screenshot(page, 'stock-inbound-add');
        // 入库新增 is kept alive: leaving the tab and coming back keeps what was entered
        await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: '入库单' }).first().click();
        await page.getByTestId('doc-add').waitFor();
        await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: '入库新增' }).click();
        await expect.poll(() => page.getByTestId('doc-editor-totals').innerText()).toContain('合计 3 件');
        expect(await page.getByTestId('doc-form-warehouse').innerText()).toContain('WH-HZ');

        await page.getByTestId('doc-save-submit').click();
        await page.getByTestId('doc-info').waitFor();
        await expect.poll(() => page.getByTestId('doc-status').first().innerText()).toBe('已提交');
        const docNo = await page.getByTestId('doc-no').innerText();
        expect(docNo).toMatch(/^RK\d{8}-\d{4}$/);

        // a scanner fires as soon as the scan page opens, while its document still loads: the
        // document's answer is held until the code is typed, and no digit of it may be lost
        const docId = Number(new URL(page.url()).searchParams.get('id'));
        let seen: () => void = () => undefined;
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => {
          seen = resolve;
        });
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(
          (url) => url.pathname.endsWith(`/stock-docs/inbound/${docId}`),
          async (route) => {
            seen();
            await released;
            await route.continue();
          },
        );
        await page.goto(`${server.url()}/erp/warehouse/inbound/scan?id=${docId}`);
        await held;
        expect(await page.getByTestId('scan-panel').count()).toBe(0);
        await scanCode(page, coat!.barcode);
        release();
        await page.unrouteAll({ behavior: 'wait' });
        await page.getByTestId('scan-panel').waitFor();
        await expect.poll(() => page.getByTestId('scan-last').innerText()).toContain(coat!.barcode);
        await expect.poll(() => page.getByTestId('scan-total').innerText()).toContain('1');
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('scan-input');
        expect(await page.getByTestId('scan-input').inputValue()).toBe('');
        await scanCode(page, 'NO-SUCH-CODE-42');
        await scanCode(page, coat!.barcode);
        await page.getByTestId('scan-warning').waitFor();
        expect(await page.getByTestId('scan-warning').innerText()).toContain('条码“NO-SUCH-CODE-42”不存在');
        await expect.poll(() => page.getByTestId('scan-panel').getAttribute('data-beeps')).toBe('1');
        // the warning keeps the scanner's focus
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('scan-input');
        await expect.poll(() => page.getByTestId('scan-panel').getAttribute('data-busy')).toBe('0');
        await expect.poll(() => page.getByTestId('scan-total').innerText()).toContain('2');
        await scanCode(page, jeans.barcode);
        await expect.poll(() => page.getByTestId('scan-last').innerText()).toContain(jeans.barcode);
        await expect.poll(() => page.getByTestId('scan-log').locator('.ant-table-row').count()).toBe(4);
        expect(await page.getByTestId('scan-log').locator('.doc-scan__log-bad').count()).toBe(1);
        await animationsDone(page);
        await screenshot(page, 'stock-inbound-scan');
        // the warning outlives good scans until dismissed; Esc dismisses it and keeps the focus
        await page.keyboard.press('Escape');
        await page.getByTestId('scan-warning').waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('scan-input');

        // nothing moved before posting
        expect([await stock.stockOf(hz, coat!.barcode), await stock.stockOf(hz, jeans.barcode)]).toEqual(before);
        await confirmAction(page, 'post');
        await expect.poll(() => page.getByTestId('doc-status').first().innerText()).toBe('已入库');
        expect([await stock.stockOf(hz, coat!.barcode), await stock.stockOf(hz, jeans.barcode)]).toEqual([before[0]! + 2, before[1]! + 1]);

        await openPage(page, '/erp/warehouse/inbound');
        await page.getByTestId(`doc-link-${docNo}`).waitFor();
        await animationsDone(page);
        await screenshot(page, 'stock-inbound-list');
      }),
    120_000,
  );

  it(
    'an outbound of 3 scanned as 2 asks for the difference reason and posts 2 out of stock',
    () =>
      server.withPage(async (page) => {
        const stock = stockApi(server.url(), await apiLogin(server.url(), 'admin'));
        const hz = (await stock.warehouseIds())['WH-HZ']!;
        const [, shirt] = await stock.activeSkus('YS26M3102');
        // stock to ship: an inbound posted through the API
        await stock.doc('inbound', { warehouseId: hz, bizType: 'other' }, [{ skuId: shirt!.id, quantity: 5 }]);
        const before = await stock.stockOf(hz, shirt!.barcode);
        expect(before).toBeGreaterThanOrEqual(5);

        // no print dialog in headless Chromium
        await page.addInitScript(() => {
          window.print = () => undefined;
        });
        await signInTo(page, 'admin', '/erp/warehouse/outbound/add');
        await page.getByTestId('doc-form').waitFor();
        await pickOption(page, 'doc-form-warehouse', 'WH-HZ');
        await pickOption(page, 'doc-form-type', '其他出库');
        await page.getByTestId('doc-editor-barcode').fill(shirt!.barcode);
        await page.getByTestId('doc-editor-barcode').press('Enter');
        await numberInput(page, `line-qty-${shirt!.barcode}`).fill('3');
        await page.getByTestId('doc-save-submit').click();
        await page.getByTestId('doc-info').waitFor();
        await expect.poll(() => page.getByTestId('doc-total-quantity').innerText()).toBe('3');

        await page.getByTestId('doc-scan-link').click();
        await page.getByTestId('scan-panel').waitFor();
        await page.getByTestId('scan-input').focus();
        await scanCode(page, shirt!.barcode);
        await scanCode(page, shirt!.barcode);
        await expect.poll(() => page.getByTestId('scan-panel').getAttribute('data-busy')).toBe('0');
        await expect.poll(() => page.getByTestId('doc-total-actual').innerText()).toBe('2');

        // 审核出库 with a difference leads to the difference page, which asks for the reason
        await page.getByTestId('doc-action-post').click();
        await page.getByTestId('difference-page').waitFor();
        await expect.poll(() => page.getByTestId('difference-rows').locator('.ant-table-row').count()).toBe(1);
        expect(await page.getByTestId('difference-rows').locator('.ant-table-row').innerText()).toContain('-1');
        await page.getByTestId('difference-post').click();
        await page.getByTestId('difference-error').getByText('请填写差异原因').waitFor();
        await page.getByTestId('difference-reason').fill('客户临时少要一件');
        await animationsDone(page);
        await screenshot(page, 'stock-outbound-difference');
        expect(await stock.stockOf(hz, shirt!.barcode)).toBe(before);
        await page.getByTestId('difference-post').click();
        await page.locator('.ant-modal-confirm .ant-btn-primary').click();
        await page.getByTestId('difference-posted').waitFor();
        expect(await page.getByTestId('difference-posted').innerText()).toContain('客户临时少要一件');
        expect(await stock.stockOf(hz, shirt!.barcode)).toBe(before - 2);

        // 打印 sends the posted sheet (what moved: 2) to the A4 outbound frame
        await page.getByTestId('doc-info-link').click();
        await page.getByTestId('doc-info').waitFor();
        const docNo = await page.getByTestId('doc-no').innerText();
        await page.getByTestId('doc-print').click();
        await page.getByTestId('print-preview-ok').click();
        await page.waitForFunction(() => document.querySelector('iframe[data-print-frame=outbound]')?.getAttribute('data-print-state') === 'printed');
        const sheet = await page.locator('iframe[data-print-frame=outbound]').evaluate((f) => (f as HTMLIFrameElement).contentDocument!.body.innerText);
        expect(sheet).toContain(docNo);
        expect(sheet).toContain(shirt!.barcode);
        expect(sheet).toContain('合计（1 行）');
      }),
    120_000,
  );
});
