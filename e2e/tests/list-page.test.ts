import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, registerApplicant } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { purchaseApi } from '../support/purchase.ts';
import { usePrivateServer } from '../support/server.ts';
import { stockApi } from '../support/stock.ts';

// Own server: the test files, rejects and approves registrations.
const server = usePrivateServer();

const HUZHOU_SHOP = { account: 'lp_hz_shop', phone: '13912340101', applicantType: 'shop', businessName: '衣尚·湖州爱山广场店', contactName: '沈佳' } as const;
const HUZHOU_AGENT = { account: 'lp_hz_agent', phone: '13912340102', applicantType: 'agent', businessName: '湖州织里童装贸易有限公司', contactName: '' } as const;
const OTHER = { account: 'lp_wz_supplier', phone: '13912340103', applicantType: 'supplier', businessName: '温州瓯海拉链厂', contactName: '潘明' } as const;

interface Registration {
  id: number;
  account: string;
  status: string;
  rejectReason: string;
}

let ids: Record<string, number> = {};

async function registrations(): Promise<Registration[]> {
  const session = await apiLogin(server.url(), 'admin');
  const page = await api<{ records: Registration[] }>(server.url(), '/admin/api/v1/registrations/page?limit=100', { session });
  return page.records;
}

beforeAll(async () => {
  // one after another: the shop files first, so it is the older one
  for (const applicant of [HUZHOU_SHOP, HUZHOU_AGENT, OTHER]) {
    await registerApplicant(server.url(), applicant);
    await new Promise((r) => setTimeout(r, 20));
  }
  ids = Object.fromEntries((await registrations()).map((r) => [r.account, r.id]));
});

const rows = (page: Page) => page.locator('.erp-list .ant-table-tbody tr.ant-table-row');
const headers = (page: Page) => page.locator('.erp-list .ant-table-thead th').allInnerTexts();
const accountsShown = async (page: Page) => (await rows(page).allInnerTexts()).map((text) => text.match(/lp_[a-z_]+/)?.[0]);

async function openList(page: Page) {
  await page.goto('/erp/system/registration');
  await page.getByTestId('registration-keyword').waitFor();
  await rows(page).first().waitFor();
}

/** The query strings of the list calls the page makes from now on. */
function listCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/registrations/page')) calls.push(new URL(request.url()).search);
  });
  return calls;
}

describe('list page: 注册审核', () => {
  it('searches, sorts, pages, keeps hidden columns, exports, rejects and approves', () =>
    server.withPage(async (page) => {
      await signInTo(page, 'admin');
      await page.getByTestId('tab-strip').waitFor();
      const calls = listCalls(page);
      await openList(page);

      // default: pending, newest first, 10 a page
      await page.getByText('共 3 条').waitFor();
      expect(calls.at(-1)).toBe('?status=pending&sort=createdAt&order=desc&page=1&limit=10');
      expect(await accountsShown(page)).toEqual(['lp_wz_supplier', 'lp_hz_agent', 'lp_hz_shop']);

      // keyword (Enter submits), matching the business name
      await page.getByTestId('registration-keyword').fill('湖州');
      await page.getByTestId('registration-keyword').press('Enter');
      await page.getByText('共 2 条').waitFor();
      expect(calls.at(-1)).toContain('keyword=%E6%B9%96%E5%B7%9E');
      expect(await accountsShown(page)).toEqual(['lp_hz_agent', 'lp_hz_shop']);

      // sort by 申请时间: ascending on the server
      await page.locator('.erp-list .ant-table-thead th', { hasText: '申请时间' }).click();
      await expect.poll(() => calls.at(-1)).toContain('sort=createdAt&order=asc');
      await expect.poll(() => accountsShown(page)).toEqual(['lp_hz_shop', 'lp_hz_agent']);

      // page size 20
      await page.locator('.erp-list .ant-pagination-options .ant-select').click();
      await page.locator('.ant-select-item-option', { hasText: '20 条/页' }).click();
      await expect.poll(() => calls.at(-1)).toContain('page=1&limit=20');
      expect(calls.at(-1)).toContain('sort=createdAt&order=asc');
      await animationsDone(page);
      await screenshot(page, 'list-page-registration');

      // hide 手机号: stays hidden after a reload (per user, per list)
      expect(await headers(page)).toContain('手机号');
      await page.getByTestId('list-columns').click();
      await page.getByTestId('list-column-phone').click();
      await expect.poll(() => headers(page)).not.toContain('手机号');
      await animationsDone(page);
      await screenshot(page, 'list-page-columns');
      const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').userId);
      expect(await page.evaluate((key) => localStorage.getItem(key), `erp:columns:${userId}:system-registration`)).toBe('{"phone":false}');
      await page.reload();
      await rows(page).first().waitFor();
      expect(await headers(page)).not.toContain('手机号');
      expect(await headers(page)).toContain('账号');

      // export the current query: keyword 湖州, oldest first, every page, the shown columns
      await page.getByTestId('registration-keyword').fill('湖州');
      await page.getByTestId('registration-search').click();
      await page.getByText('共 2 条').waitFor();
      // oldest first and 20 a page survived the reload (the URL keeps them)
      expect(new URL(page.url()).search).toBe(`?keyword=${encodeURIComponent('湖州')}&limit=20&sort=createdAt&order=asc`);
      await expect.poll(() => accountsShown(page)).toEqual(['lp_hz_shop', 'lp_hz_agent']);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
      expect(download.suggestedFilename()).toMatch(/^注册审核-\d{8}-\d{6}\.xlsx$/);
      await page.getByText('已导出 2 条').waitFor();
      expect(calls.at(-1)).toBe(`?status=pending&keyword=${encodeURIComponent('湖州')}&sort=createdAt&order=asc&page=1&limit=500`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      const sheet = book.worksheets[0];
      const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
      expect(values(1)).toEqual(['申请时间', '类型', '名称', '联系人', '账号', '状态', '审核时间', '驳回原因']);
      expect(sheet.getRow(1).font?.bold).toBe(true);
      expect(sheet.rowCount).toBe(3);
      // empty cells are empty (not the screen's --): trailing ones are not written at all
      expect([...values(2)]).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), '门店', HUZHOU_SHOP.businessName, '沈佳', HUZHOU_SHOP.account, '待审核']);
      expect([...values(3)].slice(1)).toEqual(['代理商', HUZHOU_AGENT.businessName, undefined, HUZHOU_AGENT.account, '待审核']);

      // reject the shop with a reason
      await page.getByTestId(`registration-reject-${ids[HUZHOU_SHOP.account]}`).click();
      const dialog = page.locator('.ant-modal', { hasText: '驳回注册申请' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: '确认驳回' }).click();
      await dialog.getByText('请输入驳回原因').waitFor();
      await page.getByTestId('registration-reject-reason').fill('营业执照与门店名称不符，请核对后重新申请');
      await animationsDone(page);
      await screenshot(page, 'list-page-reject');
      await dialog.getByRole('button', { name: '确认驳回' }).click();
      await page.getByText('已驳回', { exact: true }).waitFor();
      await page.getByText('共 1 条').waitFor();

      // approve the agent
      await page.getByTestId(`registration-approve-${ids[HUZHOU_AGENT.account]}`).click();
      await page.getByText('确认通过该注册申请？通过后将生成账号').waitFor();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /通\s*过/ })
        .click();
      await page.getByText('已审核通过', { exact: true }).waitFor();
      await page.locator('.erp-list .ant-empty-description', { hasText: '暂无数据' }).waitFor();

      const after = await registrations();
      const byAccount = Object.fromEntries(after.map((r) => [r.account, r]));
      expect(byAccount[HUZHOU_SHOP.account]).toMatchObject({ status: 'rejected', rejectReason: '营业执照与门店名称不符，请核对后重新申请' });
      expect(byAccount[HUZHOU_AGENT.account].status).toBe('approved');
      expect(byAccount[OTHER.account].status).toBe('pending');

      // the rejected one under 已驳回, with its reason and no actions
      await page.getByTestId('registration-reset').click();
      await page.locator('.erp-list__search .ant-select').nth(1).click();
      await page.locator('.ant-select-item-option', { hasText: '已驳回' }).click();
      await page.getByTestId('registration-search').click();
      await page.getByText('共 1 条').waitFor();
      await rows(page).getByText('营业执照与门店名称不符，请核对后重新申请').waitFor();
      expect(await page.locator('[data-testid^=registration-approve-]').count()).toBe(0);
    }));
});

describe('list page: 采购订单 keeps its query in the URL', () => {
  const orderRows = (page: Page) => page.locator('.erp-list .ant-table-tbody tr.ant-table-row');
  const th = (page: Page, title: string) => page.locator('.erp-list .ant-table-thead th', { hasText: title });

  /** The applied search, sort and page as the screen shows them. */
  async function shown(page: Page) {
    return {
      keyword: await page.getByTestId('po-filter-keyword').inputValue(),
      sort: await th(page, '金额').getAttribute('aria-sort'),
      page: await page.locator('.erp-list .ant-pagination-item-active').innerText(),
      rows: await orderRows(page).count(),
    };
  }
  const PAGE_2 = { keyword: 'SP001', sort: 'ascending', page: '2', rows: 1 };
  /** the table has its rows (no load running) */
  const idle = (page: Page) => page.locator('.erp-list .ant-spin-spinning').waitFor({ state: 'detached' });

  beforeAll(async () => {
    // 6 demo orders of SP001 and 5 more: 11, so page 2 has one
    const session = await apiLogin(server.url(), 'admin');
    const purchase = purchaseApi(server.url(), session);
    const [sku] = await stockApi(server.url(), session).activeSkus('YS26W1001');
    const warehouseId = await purchase.warehouse('WH-E2E-LP', '列表测试仓');
    const supplierId = await purchase.supplierId('SP001');
    for (let i = 1; i <= 5; i++) await purchase.order({ supplierId, warehouseId, expectedDate: '2026-12-20', lines: [{ skuId: sku!.id, quantity: i, unitPriceFen: 1000 }] }, []);
  });

  it('keeps filter, sort and page over a tab switch, a reload and Back; fits 1440 px with 数量 and 金额 in view', () =>
    server.withPage(async (page) => {
      await signInTo(page, 'admin', '/erp/purchase/order');
      await orderRows(page).first().waitFor();

      // the key figures fit: no horizontal scroll, 数量 and 金额 left of the fixed 操作 column
      const fit = await page.evaluate(() => {
        const box = document.querySelector('.erp-list .ant-table-content') as HTMLElement;
        const right = (title: string) => [...document.querySelectorAll('.erp-list .ant-table-thead th')].find((h) => h.textContent === title)!.getBoundingClientRect();
        return { scroll: box.scrollWidth, client: box.clientWidth, amount: right('金额').right, quantity: right('数量').right, actions: right('操作').left };
      });
      expect(fit.scroll).toBeLessThanOrEqual(fit.client);
      expect(fit.quantity).toBeLessThanOrEqual(fit.actions);
      expect(fit.amount).toBeLessThanOrEqual(fit.actions);
      expect(fit.actions).toBeLessThan(1440);

      // search, sort by 金额 ascending, page 2: each lands in the URL
      await page.getByTestId('po-filter-keyword').fill('SP001');
      await page.getByTestId('po-search').click();
      await page.getByText('共 11 条').waitFor();
      await expect.poll(() => new URL(page.url()).search).toBe('?keyword=SP001');
      await idle(page);
      await th(page, '金额').click();
      await expect.poll(() => new URL(page.url()).search).toBe('?keyword=SP001&sort=totalAmountFen&order=asc');
      await idle(page);
      await page.locator('.erp-list .ant-pagination-item-2').click();
      await expect.poll(() => new URL(page.url()).search).toBe('?keyword=SP001&page=2&sort=totalAmountFen&order=asc');
      await expect.poll(() => shown(page)).toEqual(PAGE_2);

      // Back: the list before the page change; Forward: page 2 again
      await page.goBack();
      await expect.poll(() => new URL(page.url()).search).toBe('?keyword=SP001&sort=totalAmountFen&order=asc');
      await expect.poll(() => shown(page)).toEqual({ ...PAGE_2, page: '1', rows: 10 });
      await page.goForward();
      await expect.poll(() => shown(page)).toEqual(PAGE_2);

      // another tab and back: the tab returns to its own address
      await idle(page);
      await page.locator('.erp-shell__tabs [data-tab-key]').first().click();
      await expect.poll(() => new URL(page.url()).pathname).not.toBe('/erp/purchase/order');
      await page.locator('[data-tab-key="/erp/purchase/order"]').click();
      await expect.poll(() => new URL(page.url()).search).toBe('?keyword=SP001&page=2&sort=totalAmountFen&order=asc');
      await expect.poll(() => shown(page)).toEqual(PAGE_2);
      expect(await page.locator('[data-tab-key^="/erp/purchase/order"]').count()).toBe(1);

      // a reload: the same list
      await page.reload();
      await orderRows(page).first().waitFor();
      await expect.poll(() => shown(page)).toEqual(PAGE_2);
      await animationsDone(page);
      await screenshot(page, 'list-page-url-state');
    }));
});
