import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server: the test adds a warehouse and shelves and disables them.
const server = usePrivateServer();

async function openFromMenu(page: Page, entry: string) {
  await page.locator('.erp-shell__sider').getByText('仓库管理', { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry', { hasText: entry }).first().click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: entry }).waitFor();
}

const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const drawer = (page: Page) => page.getByTestId('warehouse-form-drawer');
const fieldError = (page: Page, text: string) => drawer(page).locator('.ant-form-item-explain-error', { hasText: text });
const treeNode = (page: Page, code: string) => page.getByTestId('warehouse-tree').getByTestId(`warehouse-node-${code}`);
const shelfRow = (page: Page, code: string) => page.locator('.erp-list__main .ant-table-row', { has: page.getByTestId(`shelf-code-${code}`) });

/** 期初 through the API (documents are another screen): a few coats onto one shelf of the warehouse. */
async function openingStock(warehouseCode: string, shelfCode: string): Promise<void> {
  const session = await apiLogin(server.url(), 'admin');
  const warehouses = await api<{ records: { id: number; code: string }[] }>(server.url(), `/admin/api/v1/warehouses/page?limit=10&keyword=${warehouseCode}`, { session });
  const warehouseId = warehouses.records.find((w) => w.code === warehouseCode)!.id;
  const shelves = await api<{ records: { id: number; code: string }[] }>(server.url(), `/admin/api/v1/warehouses/${warehouseId}/shelves?limit=10&keyword=${shelfCode}`, {
    session,
  });
  const shelfId = shelves.records.find((sh) => sh.code === shelfCode)!.id;
  const products = await api<{ records: { id: number; styleNo: string }[] }>(server.url(), '/admin/api/v1/products/page?limit=10&keyword=YS26W1001', { session });
  const product = await api<{ skus: { id: number; colourName: string; sizeName: string }[] }>(server.url(), `/admin/api/v1/products/${products.records[0]!.id}`, { session });
  const [s, m] = ['S', 'M'].map((size) => product.skus.find((sku) => sku.colourName === '黑色' && sku.sizeName === size)!);
  const lines = [
    { skuId: s!.id, quantity: 5, unitCostFen: 52_000, shelfId },
    { skuId: m!.id, quantity: 6, unitCostFen: 52_000, shelfId },
  ];
  const doc = await api<{ id: number }>(server.url(), '/admin/api/v1/stock-docs/opening', { method: 'POST', session, body: { header: { warehouseId }, lines } });
  for (const action of ['submit', 'post']) await api(server.url(), `/admin/api/v1/stock-docs/opening/${doc.id}/${action}`, { method: 'POST', session, body: {} });
}

async function confirmPopover(page: Page, title: string) {
  const confirm = page.locator('.ant-popconfirm', { hasText: title });
  await confirm.waitFor();
  await animationsDone(page);
  await confirm.locator('.ant-btn-primary').click();
}

describe('仓库管理 › 仓库资料 / 货架', () => {
  it('HQ adds a child warehouse under 杭州总仓, edits it, adds shelves, disables one, and sees stock block disabling', () =>
    server.withPage(async (page) => {
      await signInTo(page, 'admin');
      await page.getByTestId('tab-strip').waitFor();
      await openFromMenu(page, '仓库资料');
      for (const code of ['WH-HZ', 'WH-HZ-DEF', 'WH-TRANSIT', 'WH-US-LA', 'WH-SH001', 'WH-SH003']) await treeNode(page, code).waitFor();
      expect(await treeNode(page, 'WH-HZ-DEF').innerText()).toContain('次品仓');
      expect(await treeNode(page, 'WH-US-LA').innerText()).toContain('海外仓');
      await expect.poll(() => page.getByTestId('warehouse-detail-name').innerText()).toBe('杭州总仓');
      await page.getByTestId('warehouse-children').getByTestId('warehouse-child-WH-HZ-DEF').waitFor();
      // the tree search keeps the hits with their ancestors
      await page.getByTestId('warehouse-tree-search').fill('次品');
      await treeNode(page, 'WH-SH001').waitFor({ state: 'detached' });
      expect(await treeNode(page, 'WH-HZ').count()).toBe(1);
      await page.getByTestId('warehouse-tree-search').fill('');
      await treeNode(page, 'WH-SH001').waitFor();
      await animationsDone(page);
      await screenshot(page, 'warehouses-tree');

      // 新增下级 under 杭州总仓: client checks first, then the server's 409 under its field, input kept
      await page.getByTestId('warehouse-add-child').click();
      await page.getByTestId('warehouse-form-code').waitFor();
      await animationsDone(page);
      expect(await drawer(page).getByTestId('warehouse-form-parent').innerText()).toContain('杭州总仓（WH-HZ）');
      await page.getByTestId('warehouse-form-save').click();
      await fieldError(page, '请输入仓库编码').waitFor();
      await fieldError(page, '请选择仓库类型').waitFor();
      await page.getByTestId('warehouse-form-type').click();
      await openDropdown(page)
        .locator('.ant-select-item-option', { hasText: /^总仓$/ })
        .click();
      await page.getByTestId('warehouse-form-code').fill('WH-HZ');
      await page.getByTestId('warehouse-form-name').fill('杭州总仓 E 区');
      await page.getByTestId('warehouse-form-phone').fill('0571-8690');
      await page.getByTestId('warehouse-form-save').click();
      await fieldError(page, '请输入正确的联系电话（手机号或座机号，如 0571-87001234）').waitFor();
      await page.getByTestId('warehouse-form-phone').fill('0571-86905678');
      await page.getByTestId('warehouse-form-save').click();
      await fieldError(page, '仓库编码“WH-HZ”已存在').waitFor();
      expect(await page.getByTestId('warehouse-form-name').inputValue()).toBe('杭州总仓 E 区');
      await page.getByTestId('warehouse-form-code').fill('WH-HZ-E');
      await page.getByTestId('warehouse-form-contact').fill('周敏');
      await page.getByTestId('warehouse-form-save').click();
      await page.getByText('新增成功').waitFor();
      await drawer(page).waitFor({ state: 'hidden' });
      await treeNode(page, 'WH-HZ-E').waitFor();
      await expect.poll(() => page.getByTestId('warehouse-detail-name').innerText()).toBe('杭州总仓 E 区');
      const detail = page.getByTestId('warehouse-detail');
      await detail.getByText('0571-86905678').waitFor();
      expect(await detail.locator('.wh-detail__path').innerText()).toContain('杭州总仓');

      await page.getByTestId('warehouse-edit').click();
      await page.getByTestId('warehouse-form-name').waitFor();
      await animationsDone(page);
      expect(await page.getByTestId('warehouse-form-code').inputValue()).toBe('WH-HZ-E');
      await page.getByTestId('warehouse-form-name').fill('杭州总仓 E 区（成品）');
      await page.getByTestId('warehouse-form-address').fill('浙江省杭州市余杭区仁和街道仓储路 18 号 5 号库');
      await page.getByTestId('warehouse-form-save').click();
      await page.getByText('修改成功').waitFor();
      await expect.poll(() => page.getByTestId('warehouse-detail-name').innerText()).toBe('杭州总仓 E 区（成品）');
      await detail.getByText('仁和街道仓储路 18 号 5 号库').waitFor();
      await expect.poll(() => treeNode(page, 'WH-HZ-E').innerText()).toContain('杭州总仓 E 区（成品）');

      // 货架: batch-add E-01-01 … E-02-03 into the new warehouse
      await openFromMenu(page, '货架');
      await page.getByTestId('shelf-warehouse').click();
      await openDropdown(page).locator('.ant-select-item-option', { hasText: 'WH-HZ-E' }).click();
      await page.locator('.erp-list__title', { hasText: '杭州总仓 E 区（成品） · 货架' }).waitFor();
      await page.getByTestId('shelf-batch').click();
      await page.getByTestId('shelf-batch-prefix').waitFor();
      await animationsDone(page);
      await page.getByTestId('shelf-batch-prefix').fill('E');
      await page.getByTestId('shelf-batch-row-to').fill('2');
      await page.getByTestId('shelf-batch-level-from').fill('1');
      await page.getByTestId('shelf-batch-level-to').fill('3');
      const preview = page.getByTestId('shelf-batch-preview');
      await expect.poll(() => preview.innerText()).toContain('将生成 6 个货架');
      expect(await preview.innerText()).toContain('E-02-03');
      await animationsDone(page);
      await screenshot(page, 'warehouses-shelf-batch');
      await page.getByTestId('shelf-batch-dialog').locator('.ant-modal-footer .ant-btn-primary').click();
      await page.getByText('已新增6个货架').waitFor();
      for (const code of ['E-01-01', 'E-01-02', 'E-01-03', 'E-02-01', 'E-02-02', 'E-02-03']) await shelfRow(page, code).waitFor();

      // one shelf by hand: a taken code is refused under the field, then added and edited
      const shelfDialog = page.getByTestId('shelf-form-dialog');
      await page.getByTestId('shelf-add').click();
      await page.getByTestId('shelf-form-code').waitFor();
      await animationsDone(page);
      await page.getByTestId('shelf-form-code').fill('e-01-01');
      await page.getByTestId('shelf-form-name').fill('退货暂存');
      await shelfDialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await shelfDialog.locator('.ant-form-item-explain-error', { hasText: '货架编码“E-01-01”在该仓库已存在' }).waitFor();
      await page.getByTestId('shelf-form-code').fill('E-09');
      await page.getByTestId('shelf-form-sort').fill('99');
      await shelfDialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.getByText('新增成功').waitFor();
      await shelfDialog.waitFor({ state: 'hidden' });
      await shelfRow(page, 'E-09').waitFor();
      await page.getByTestId('shelf-edit-E-09').click();
      await page.getByTestId('shelf-form-code').waitFor();
      await animationsDone(page);
      expect(await page.getByTestId('shelf-form-code').inputValue()).toBe('E-09');
      expect(await page.getByTestId('shelf-form-name').inputValue()).toBe('退货暂存');
      await page.getByTestId('shelf-form-name').fill('退货暂存区');
      await shelfDialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.getByText('修改成功').waitFor();
      await expect.poll(() => shelfRow(page, 'E-09').innerText()).toContain('退货暂存区');

      await page.getByTestId('shelf-toggle-E-01-01').click();
      await confirmPopover(page, '确定停用货架“E-01-01”？');
      await page.getByText('已停用').waitFor();
      await expect.poll(() => shelfRow(page, 'E-01-01').innerText()).toContain('停用');
      expect(await shelfRow(page, 'E-01-02').innerText()).toContain('启用');

      // stock on E-01-02 (an opening document): its lines show, and it cannot be disabled
      await openingStock('WH-HZ-E', 'E-01-02');
      await page.getByTestId('list-refresh').click();
      await expect.poll(() => shelfRow(page, 'E-01-02').innerText()).toMatch(/\b11\b/);
      await page.getByTestId('shelf-code-E-01-02').click();
      const stock = page.getByTestId('shelf-stock-drawer');
      await stock.getByText('货架库存 · 杭州总仓 E 区（成品） E-01-02').waitFor();
      const line = stock.locator('.ant-table-row', { has: page.locator('td', { hasText: /^M$/ }) });
      await line.waitFor();
      expect(await line.innerText()).toMatch(/YS26W1001\s+女式双面羊毛大衣\s+黑色\s+M\s+\d{13}\s+6/);
      expect(await stock.locator('.ant-table-row').count()).toBe(2);
      await stock.getByText('合计 11 件').waitFor();
      await animationsDone(page);
      await screenshot(page, 'warehouses-shelf-stock');
      await stock.locator('.ant-drawer-close').click();
      await stock.waitFor({ state: 'hidden' });
      await page.getByTestId('shelf-toggle-E-01-02').click();
      await confirmPopover(page, '确定停用货架“E-01-02”？');
      await page.getByText('货架“E-01-02”还有库存（2条库存记录，合计11件），不能停用').waitFor();
      expect(await shelfRow(page, 'E-01-02').innerText()).toContain('启用');
      await animationsDone(page);
      await screenshot(page, 'warehouses-shelves');

      // the warehouse holds stock: disabling it is refused with the server's reason
      await openFromMenu(page, '仓库资料');
      await treeNode(page, 'WH-HZ-E').click();
      await expect.poll(() => page.getByTestId('warehouse-detail-name').innerText()).toBe('杭州总仓 E 区（成品）');
      await expect.poll(() => page.getByTestId('warehouse-detail-stock').innerText()).toBe('11 件（2 条库存记录）');
      await page.getByTestId('warehouse-toggle-WH-HZ-E').click();
      await confirmPopover(page, '确定停用仓库“杭州总仓 E 区（成品）”？');
      await page.getByText('仓库“杭州总仓 E 区（成品）”还有库存（2条库存记录，合计11件），不能停用').waitFor();
      // an empty one may be disabled and greys out in the tree
      await treeNode(page, 'WH-HZ-DEF').click();
      await expect.poll(() => page.getByTestId('warehouse-detail-name').innerText()).toBe('杭州总仓次品仓');
      await page.getByTestId('warehouse-toggle-WH-HZ-DEF').click();
      await confirmPopover(page, '确定停用仓库“杭州总仓次品仓”？');
      await expect.poll(() => treeNode(page, 'WH-HZ-DEF').getAttribute('class')).toContain('wh-tree__node--off');
      await expect.poll(() => page.getByTestId('warehouse-toggle-WH-HZ-DEF').innerText()).toMatch(/启\s*用/);
    }));
});
