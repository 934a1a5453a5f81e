import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';
import { bmpImage, type Rgb } from '../support/images.ts';

// Own server: the test adds, edits and deletes a material.
const server = usePrivateServer();

/** A 120×120 24-bit BMP (a brown paper-bag square with a band): the server turns it into a PNG. */
function bagImage(size = 120): Buffer {
  return bmpImage(size, (_x, y, s): Rgb => (y > s * 0.7 && y < s * 0.8 ? [40, 40, 40] : [196, 150, 98]));
}

async function openMaterials(page: Page) {
  await page.getByTestId('tab-strip').waitFor();
  await page.locator('.erp-shell__sider').getByText('商品管理', { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry', { hasText: '物料' }).click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: '物料' }).waitFor();
  await page.locator('.ant-table-row', { hasText: '购物袋 大号' }).waitFor();
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

const dialog = (page: Page) => page.locator('.ant-modal', { has: page.getByTestId('material-form-code') });
const saveDialog = (page: Page) => dialog(page).locator('.ant-modal-footer .ant-btn-primary').click();

describe('商品管理 › 物料', () => {
  it('adds a material with an image, edits it, shows its details and deletes it', () =>
    server.withPage(async (page) => {
      await signInTo(page, 'admin');
      await openMaterials(page);
      await animationsDone(page);
      await screenshot(page, 'materials-list');

      await page.getByTestId('material-add').click();
      await page.getByTestId('material-form-code').waitFor();
      // a click while the dialog still zooms in can miss the button
      await animationsDone(page);
      await saveDialog(page);
      await dialog(page).getByText('请输入物料编码').waitFor();
      await page.getByTestId('material-form-code').fill('WL-E2E-BOX');
      await page.getByTestId('material-form-name').fill('礼品盒 方形');
      await pick(page, 'material-form-category', '包装物料');
      await pick(page, 'material-form-unit', '个');
      await page.getByTestId('material-form-cost').fill('3.5');
      await page.getByTestId('material-form-spec').fill('30×30×10cm 白卡纸');
      // the supplier picker searches the server by code or name
      await page.getByTestId('material-form-supplier').click();
      await page.getByTestId('material-form-supplier').locator('input').fill('锦纶');
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'SP001' }).click();
      await page.getByTestId('material-form-image').locator('input[type=file]').setInputFiles({ name: 'box.bmp', mimeType: 'image/bmp', buffer: bagImage() });
      await dialog(page).locator('.ant-upload-list-item-done').waitFor();
      await animationsDone(page);
      await screenshot(page, 'materials-form');
      await saveDialog(page);
      await page.getByText('新增成功').waitFor();
      await page.getByTestId('material-form-code').waitFor({ state: 'detached' });

      await page.getByTestId('material-keyword').fill('E2E');
      await page.getByTestId('material-keyword').press('Enter');
      const row = page.locator('.ant-table-row', { hasText: 'WL-E2E-BOX' });
      await row.waitFor();
      expect(await row.locator('img.material-thumb').getAttribute('src')).toMatch(/^\/files\/[0-9a-f]{32}\.png-200\.jpg$/);
      await expect.poll(() => row.innerText()).toContain('3.50');

      await page.getByTestId('material-edit-WL-E2E-BOX').click();
      await page.getByTestId('material-form-code').waitFor();
      await page.getByTestId('material-form-name').fill('礼品盒 方形 大号');
      await saveDialog(page);
      await page.getByText('修改成功').waitFor();
      await page.locator('.ant-table-row', { hasText: '礼品盒 方形 大号' }).waitFor();

      await page.getByTestId('material-detail-WL-E2E-BOX').click();
      const detail = page.getByTestId('material-detail');
      await detail.getByText('30×30×10cm 白卡纸').waitFor();
      await detail.getByText('包装物料').waitFor();
      await detail.getByText('¥3.50').waitFor();
      await detail.getByText('广州锦纶纺织有限公司').waitFor();
      expect(await detail.locator('img').first().getAttribute('src')).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
      await animationsDone(page);
      await screenshot(page, 'materials-detail');
      await detail.locator('.ant-drawer-close').click();
      await detail.waitFor({ state: 'hidden' });

      await page.getByTestId('material-delete-WL-E2E-BOX').click();
      await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-btn-dangerous').click();
      await page.getByText('删除成功').waitFor();
      await page.locator('.ant-table-row', { hasText: 'WL-E2E-BOX' }).waitFor({ state: 'detached' });
    }));
});
