import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatYuan } from '@erp/shared';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';
import { openPage, pickOption } from '../support/stock.ts';

// Own server: the journey moves stock back to HQ and changes AG001's account.
const server = usePrivateServer();

interface Returnable {
  skus: { skuId: number; styleNo: string; sizeName: string; barcode: string; returnable: number; unitPriceFen: number }[];
}

async function signedIn(page: Page, account: string) {
  await signInTo(page, account);
  await page.getByTestId('tab-strip').waitFor();
}

const status = (page: Page) => page.getByTestId('return-status').first().innerText();

/** Runs one action of the detail page's bar and waits for the status it leads to. */
async function act(page: Page, action: string, then: string, fill?: () => Promise<void>) {
  await page.getByTestId(`return-action-${action}`).click();
  await fill?.();
  await page.getByTestId('return-action-confirm').click();
  await expect.poll(() => status(page)).toBe(then);
}

describe('售后: returns and swaps', () => {
  it('shop01 asks to return two (scanned) and swap one → HQ audits → the goods travel back (the swap’s both ways through 在途) and the return arrives one short → the account shows the credit and the swap difference', async () => {
    const url = server.url();
    const shop = await apiLogin(url, 'shop01');
    const shops = await api<{ id: number }[]>(url, '/admin/api/v1/sales-returns/shops', { session: shop });
    const seasons = await api<{ id: number }[]>(url, `/admin/api/v1/sales-returns/seasons?shopId=${shops[0]!.id}`, { session: shop });
    const returnable = await api<Returnable>(url, `/admin/api/v1/sales-returns/returnable?shopId=${shops[0]!.id}&seasonId=${seasons[0]!.id}`, { session: shop });
    const hat = returnable.skus.find((k) => k.styleNo === 'YS26A5002' && k.returnable >= 2)!;
    const hoodie = returnable.skus.find((k) => k.styleNo === 'YS26W2005' && k.sizeName === 'M')!;
    let returnUrl = '';
    let swapUrl = '';

    await server.withPage(async (page) => {
      await signedIn(page, 'shop01');
      // 退货: two hats, scanned one by one
      await openPage(page, '/erp/aftersales/return/add');
      await page.getByTestId(`return-left-${hat.barcode}`).waitFor();
      for (let i = 0; i < 2; i += 1) {
        await page.getByTestId('return-scan').fill(hat.barcode);
        await page.getByTestId('return-scan').press('Enter');
      }
      await expect.poll(() => page.getByTestId('return-back-totals').innerText()).toContain('退回 2 件');
      await page.getByTestId('return-reason').fill('线头松脱，顾客退回');
      await animationsDone(page);
      await screenshot(page, 'aftersales-return-form');
      await page.getByTestId('return-submit').click();
      await expect.poll(() => status(page)).toBe('待审核');
      returnUrl = new URL(page.url()).pathname + new URL(page.url()).search;

      // 换货: one hoodie back, one shirt of another style out
      await openPage(page, '/erp/aftersales/swap/add');
      await page.getByTestId(`return-grid-YS26W2005-cell-${hoodie.barcode}`).fill('1');
      await page.getByTestId('swap-out-style').click();
      await page.keyboard.type('YS26W2006');
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'YS26W2006' }).first().click();
      await page.locator('input[data-testid^="swap-out-grid-YS26W2006-cell-"]').first().fill('1');
      await expect.poll(() => page.getByTestId('swap-out-totals').innerText()).toContain('换出 1 件');
      await page.getByTestId('return-reason').fill('尺码不合适，换一件衬衫');
      await page.getByTestId('return-submit').click();
      await expect.poll(() => status(page)).toBe('待审核');
      swapUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    });

    await server.withPage(async (page) => {
      await signedIn(page, 'admin');
      // HQ audits both into 杭州总仓
      for (const path of [returnUrl, swapUrl]) {
        await openPage(page, path);
        await act(page, 'audit', '已审核', () => pickOption(page, 'return-audit-warehouse', '杭州总仓'));
      }
      // the swap's legs are transfers through 在途 (issue 26): HQ ships the new shirt first
      await expect.poll(() => page.getByTestId('swap-out-doc').innerText()).toContain('待发货');
      await page.getByTestId('return-action-ship_out').click();
      await page.getByTestId('return-action-confirm').click();
      await expect.poll(() => page.getByTestId('swap-out-doc').innerText()).toContain('在途');
      expect(await status(page)).toBe('已审核');
    });

    await server.withPage(async (page) => {
      await signedIn(page, 'shop01');
      await openPage(page, returnUrl);
      await act(page, 'ship', '退回在途');
      // the shop sends the hoodie back and takes in the shirt
      await openPage(page, swapUrl);
      await page.getByTestId('return-action-ship').click();
      await page.getByTestId('return-action-confirm').click();
      await expect.poll(() => page.getByTestId('swap-back-doc').innerText()).toContain('在途');
      await page.getByTestId('return-action-receive_out').click();
      await page.getByTestId('return-action-confirm').click();
      await expect.poll(() => page.getByTestId('swap-out-doc').innerText()).toContain('已收货');
      expect(await status(page)).toBe('已审核');
      await animationsDone(page);
      await screenshot(page, 'aftersales-swap-legs');
    });

    await server.withPage(async (page) => {
      await signedIn(page, 'admin');
      // the hoodie arrives: both legs are in, the swap is done with its difference on the account
      await openPage(page, swapUrl);
      await act(page, 'receive', '已完成');
      expect(await page.getByTestId('return-settled').innerText()).toMatch(/^(借记|贷记) ¥/);
      await openPage(page, returnUrl);
      // one of the two arrives
      await act(page, 'receive', '已完成', async () => {
        await page.getByTestId(`return-receive-good-${hat.barcode}`).fill('1');
        await page.getByTestId('return-receive-reason').fill('少到一件');
      });
      expect(await page.getByTestId('return-received').innerText()).toBe('1');
      await expect.poll(() => page.getByTestId('return-settled').innerText()).toMatch(/^贷记 ¥/);
      await animationsDone(page);
      await screenshot(page, 'aftersales-return-done');
    });

    // AG001's account shows both, each opening its document
    const admin = await apiLogin(url, 'admin');
    const agentId = (await api<{ records: { partyId: number }[] }>(url, '/admin/api/v1/finance/accounts/page?partyType=agent&keyword=AG001', { session: admin })).records[0]!
      .partyId;
    await server.withPage(async (page) => {
      await signedIn(page, 'agent01');
      await openPage(page, '/erp/finance/account');
      await page.getByTestId(`account-entries-agent:${agentId}`).click();
      const drawer = page.getByTestId('account-entries-drawer');
      const credit = drawer.locator('.ant-table-row', { hasText: /TH\d{8}-\d{4}/ });
      await credit.getByText('退货', { exact: true }).waitFor();
      const price = hat.unitPriceFen;
      expect(await credit.innerText()).toContain(formatYuan(-price));
      await drawer
        .locator('.ant-table-row', { hasText: /HD\d{8}-\d{4}/ })
        .getByText('换货差额', { exact: true })
        .waitFor();
      await animationsDone(page);
      await screenshot(page, 'aftersales-account');
    });
  }, 240_000);
});
