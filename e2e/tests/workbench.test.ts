import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatYuan } from '@erp/shared';
import { api, apiLogin } from '../support/api.ts';
import { screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server, so the demo's to-dos are exactly as seeded: the 首页 workbench's to-do counts open
// their lists filtered, and its search opens a document by number.
const server = usePrivateServer();

const activeTab = (page: Page) => page.locator('[data-testid=tab-strip] .ant-tabs-tab-active');
const total = async (session: string, path: string) => (await api<{ total: number }>(server.url(), path, { session })).total;

/** The signed-in agent's own id, as its account list answers it. */
async function agentId(session: string): Promise<number> {
  const page = await api<{ records: { partyType: string; partyId: number }[] }>(server.url(), '/admin/api/v1/finance/accounts/page?limit=10', { session });
  return page.records.find((r) => r.partyType === 'agent')!.partyId;
}

async function signedIn(page: Page, account: string) {
  await signInTo(page, account);
  await page.getByTestId('workbench-todos').waitFor();
}

describe('首页 workbench', () => {
  it('shows HQ its to-do counts; a count opens the list filtered, a number opens its document', () =>
    server.withPage(async (page) => {
      const session = await apiLogin(server.url(), 'admin');
      const toAudit = await total(session, '/admin/api/v1/purchase-orders/page?status=submitted');
      expect(toAudit).toBeGreaterThan(0);

      await signedIn(page, 'admin');
      expect(new URL(page.url()).pathname).toBe('/erp/sells/fullstatist');
      expect(await activeTab(page).innerText()).toBe('首页');
      await expect.poll(() => page.getByTestId('todo-count-purchaseOrderAudit').innerText()).toBe(String(toAudit));
      // HQ has no supplier's to-dos
      expect(await page.getByTestId('todo-purchaseOrderConfirm').count()).toBe(0);
      await screenshot(page, 'workbench-admin');

      await page.getByTestId('todo-purchaseOrderAudit').click();
      await activeTab(page).filter({ hasText: '采购订单' }).waitFor();
      const list = new URL(page.url());
      expect([list.pathname, list.search]).toEqual(['/erp/purchase/order', '?status=submitted']);

      // back to 首页: a transfer's number opens its detail page
      const transfer = (await api<{ records: { id: number; docNo: string }[] }>(server.url(), '/admin/api/v1/stock-docs/transfer/page?status=shipped', { session })).records[0]!;
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: '首页' }).click();
      const box = page.getByPlaceholder('输入单号或商品条码');
      await box.fill(transfer.docNo.toLowerCase());
      await box.press('Enter');
      await activeTab(page).filter({ hasText: '调拨单详情' }).waitFor();
      const detail = new URL(page.url());
      expect([detail.pathname, detail.search]).toEqual(['/erp/warehouse/transfer/info', `?id=${transfer.id}`]);
      await page.getByText(transfer.docNo).first().waitFor();

      // a number that does not exist says so
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: '首页' }).click();
      await box.fill('CG20991231-0001');
      await box.press('Enter');
      await page.getByText('未找到单号或条码为“CG20991231-0001”的单据或商品').waitFor();
      await screenshot(page, 'workbench-search-none');
    }));

  it('gives a supplier its orders to confirm, and the menu drawer lists no hidden page', () =>
    server.withPage(async (page) => {
      const session = await apiLogin(server.url(), 'supplier01');
      await signedIn(page, 'supplier01');
      expect(new URL(page.url()).pathname).toBe('/home');
      const toConfirm = await total(session, '/admin/api/v1/purchase-orders/page?status=partly_received&confirmed=no');
      await expect.poll(() => page.getByTestId('todo-count-purchaseOrderConfirmPartly').innerText()).toBe(String(toConfirm));
      expect(await page.getByTestId('todo-purchaseOrderAudit').count()).toBe(0);
      expect(await page.getByTestId('workbench-search-hint').innerText()).toBe('单号：采购订单 CG、采购退货 CT；或 SKU 条码');
      // the shortcuts and the drawer list the lists, never their 详情 pages
      expect(await page.locator('.erp-workbench').getByText('采购订单详情').count()).toBe(0);
      expect(await page.locator('.erp-workbench').getByText('采购订单', { exact: true }).count()).toBe(1);
      await page.locator('.erp-shell__sider').getByText('采购管理', { exact: true }).click();
      const entries = page.locator('.erp-shell__drawer-entry');
      await entries.first().waitFor();
      expect(await entries.allInnerTexts()).toEqual(['采购订单', '采购退货']);
      await screenshot(page, 'workbench-supplier-drawer');
    }));

  it('gives an agent its orders, deliveries and money: the figures strip and a count that opens its list (issue 26)', () =>
    server.withPage(async (page) => {
      const session = await apiLogin(server.url(), 'agent01');
      await signedIn(page, 'agent01');
      const account = await api<{ availableFen: number | null; receivableFen: number }>(server.url(), '/admin/api/v1/finance/accounts/agent/' + (await agentId(session)), {
        session,
      });
      await page.getByTestId('workbench-figures').waitFor();
      const credit = await page.getByTestId('figure-value-credit').innerText();
      expect(credit).toBe(account.availableFen === null ? '不限' : formatYuan(account.availableFen));
      expect(await page.getByTestId('figure-value-owed').innerText()).toBe(formatYuan(account.receivableFen));
      await screenshot(page, 'workbench-agent');
      const drafts = await total(session, '/admin/api/v1/sales-orders/page?status=draft');
      const shown = page.getByTestId('todo-count-salesOrderDraft');
      if (drafts > 0) {
        await expect.poll(() => shown.innerText()).toBe(String(drafts));
        await page.getByTestId('todo-salesOrderDraft').click();
        await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('draft');
      } else {
        expect(await shown.count()).toBe(0);
      }
    }));
});
