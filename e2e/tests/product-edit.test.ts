import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextEan13 } from '../../shared/src/products.ts';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';
import { bmpImage, type Rgb } from '../support/images.ts';

// Own server: the tests add a product, change its sizes and change SKU barcodes.
const server = usePrivateServer();

const STYLE = 'E2E-H3-01';
/** barcodes outside the demo prefix 692088, so they never meet an automatic one */
const GOOD = nextEan13('693000', 4242);
const WRONG = GOOD.slice(0, 12) + String((Number(GOOD[12]) + 1) % 10);
const FRESH = nextEan13('693000', 4243);

/** A 120×120 24-bit BMP (a grey knit square with a red stripe): the server stores a PNG and a -200.jpg thumbnail. */
function knitImage(size = 120): Buffer {
  return bmpImage(size, (_x, y, s): Rgb => (y > s * 0.4 && y < s * 0.5 ? [200, 16, 46] : [140, 140, 140]));
}

const row = (page: Page, styleNo: string) => page.locator('.ant-table-row', { has: page.getByTestId(`product-view-${styleNo}`) });
const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
const formDrawer = (page: Page) => page.getByTestId('product-form-drawer');
const detail = (page: Page) => page.getByTestId('product-detail');
const openDropdown = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

async function openProducts(page: Page, account = 'admin') {
  await signInTo(page, account);
  await page.getByTestId('tab-strip').waitFor();
  await page.locator('.erp-shell__sider').getByText('商品管理', { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry[data-menu-path="/erp/product/list"]').click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: '商品' }).waitFor();
  // the demo holds more styles than a page (订货's twenty): 50 a page shows the ones these tests use
  await page.locator('.ant-pagination-options .ant-select').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '50 条/页' }).click();
  await row(page, 'YS26W1001').waitFor();
}

/** Picks an option of a select by its text (plain-text options carry it as their title). */
async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator(`${openDropdown} .ant-select-item-option[title="${option}"]`).click();
}

async function pickColours(page: Page, names: string[]) {
  await page.getByTestId('product-form-colours').click();
  for (const name of names) await page.locator(`${openDropdown} .ant-select-item-option`, { hasText: name }).click();
  await page.keyboard.press('Escape');
}

/** Fills every required field but 款号 and the colours and sizes. */
async function fillBasics(page: Page, name: string) {
  await page.getByTestId('product-form-name').fill(name);
  await pick(page, 'product-form-brand', '衣尚（YS）');
  await page.getByTestId('product-form-category').click();
  await page.locator(`${openDropdown} .ant-select-tree-title`, { hasText: '针织衫' }).click();
  await pick(page, 'product-form-season', '秋');
  await pick(page, 'product-form-gender', '女');
  await pick(page, 'product-form-unit', '件');
  await page.getByTestId('product-form-retail').fill('499');
  await page.getByTestId('product-form-wholesale').fill('249.5');
  await page.getByTestId('product-form-cost').fill('120');
}

const sizeBox = (page: Page, size: string) => page.getByTestId('product-form-sizes').getByText(size, { exact: true });
const headers = (page: Page, testId: string) => page.getByTestId(testId).allInnerTexts();

async function productTotal(keyword: string): Promise<number> {
  const session = await apiLogin(server.url(), 'admin');
  return (await api<{ total: number }>(server.url(), `/admin/api/v1/products/page?page=1&limit=10&keyword=${keyword}`, { session })).total;
}

describe('商品 › 新增、编辑与 SKU', () => {
  it('adds a product with a typed barcode and an image, then drops a size', () =>
    server.withPage(async (page) => {
      await openProducts(page);
      await page.getByTestId('product-add').click();
      await page.getByTestId('product-form-style-no').fill(STYLE);
      await fillBasics(page, '女式羊毛混纺开衫');
      await page.getByTestId('product-form-supplier').click();
      await page.locator(`${openDropdown} .ant-select-item-option`, { hasText: '广州锦纶纺织有限公司' }).click();

      // sizes picked L, S, M: the grid shows them in size order; colours in the order picked
      for (const size of ['L', 'S', 'M']) await sizeBox(page, size).click();
      await pickColours(page, ['驼色', '黑色']);
      await expect.poll(() => headers(page, 'sku-preview-size')).toEqual(['S', 'M', 'L']);
      expect((await page.locator('[data-testid=sku-preview] tbody th').allInnerTexts()).map((t) => t.replace(/\s+/g, ''))).toEqual(['CA驼色', 'BK黑色']);
      await page.getByTestId('sku-preview-summary').getByText('新增 6 个 SKU').waitFor();

      // composition: one whole-garment part, 70 + 30; care: a symbol fills its words
      await page.getByTestId('composition-add-part').click();
      await page.getByTestId('composition-part-0-fibre-0-name').locator('input').fill('羊毛');
      await page.getByTestId('composition-part-0-fibre-0-percent').fill('70');
      await page.getByTestId('composition-part-0-sum').getByText('合计 70%').waitFor();
      await page.getByTestId('composition-part-0-add-fibre').click();
      await page.getByTestId('composition-part-0-fibre-1-name').locator('input').fill('锦纶');
      await page.getByTestId('composition-part-0-sum').getByText('合计 100%').waitFor();
      await page.getByTestId('care-add').click();
      await page.getByTestId('care-0-symbol').click();
      await page.locator(`${openDropdown} .ant-select-item-option`, { hasText: '手洗' }).first().click();
      expect(await page.getByTestId('care-0-text').inputValue()).toBe('手洗');

      // a barcode with a wrong check digit is named in its cell and blocks the save
      await page.getByTestId('sku-preview-CA-M').fill(WRONG);
      await page.getByTestId('sku-preview-CA-M-problem').getByText(`条码“${WRONG}”的校验位不正确，应为${GOOD[12]}`).waitFor();
      await page.getByTestId('product-form-main-image').locator('input[type=file]').setInputFiles({ name: 'knit.bmp', mimeType: 'image/bmp', buffer: knitImage() });
      await formDrawer(page).locator('[data-testid=product-form-main-image] .ant-upload-list-item-done').waitFor();
      await page
        .getByTestId('product-form-gallery')
        .locator('input[type=file]')
        .setInputFiles({ name: 'back.bmp', mimeType: 'image/bmp', buffer: knitImage(96) });
      await formDrawer(page).getByText('已上传 1 张').waitFor();
      await page.getByTestId('product-form-save').click();
      await formDrawer(page).getByText('有 1 个条码需要修正').waitFor();
      expect(await productTotal(STYLE)).toBe(0);
      await page.getByTestId('sku-preview-CA-M').fill(GOOD);
      await page.getByTestId('sku-preview-CA-M-problem').waitFor({ state: 'detached' });
      await animationsDone(page);
      await screenshot(page, 'product-edit-form-grid');
      await formDrawer(page)
        .locator('.ant-drawer-body')
        .evaluate((body) => body.scrollTo(0, 0));
      await screenshot(page, 'product-edit-form');

      await page.getByTestId('product-form-save').click();
      await message(page, '新增成功');
      await formDrawer(page).waitFor({ state: 'hidden' });

      // the new product's details: sizes in size order, the typed barcode where it was typed
      await detail(page).getByText(`商品详情 · ${STYLE}`).waitFor();
      expect(await headers(page, 'sku-grid-size')).toEqual(['S', 'M', 'L']);
      expect(await page.getByTestId('sku-cell-CA-M').innerText()).toContain(GOOD);
      for (const cell of ['CA-S', 'CA-L', 'BK-S', 'BK-M', 'BK-L']) expect(await page.getByTestId(`sku-cell-${cell}`).innerText()).toMatch(/^692088\d{7}/);
      await page.getByTestId('sku-grid-total').getByText('共 2 个颜色、3 个尺码，6 个 SKU').waitFor();
      const fields = await detail(page).getByTestId('product-detail-fields').innerText();
      for (const text of ['羊毛70% 锦纶30%', '广州锦纶纺织有限公司', '¥249.50', '¥120.00', '秋', '针织衫']) expect(fields).toContain(text);
      expect(await detail(page).locator('[data-testid=product-detail-main-image] img, img[data-testid=product-detail-main-image]').first().getAttribute('src')).toMatch(
        /^\/files\/[0-9a-f]{32}\.png-200\.jpg$/,
      );
      expect(await page.getByTestId('product-detail-gallery').locator('img').getAttribute('src')).toMatch(/^\/files\/[0-9a-f]{32}\.png-200\.jpg$/);
      await animationsDone(page);
      await screenshot(page, 'product-edit-detail');

      // drop size L: the form marks its SKUs 将停用, and after the save they show 停用
      await page.getByTestId('product-detail-edit').click();
      await sizeBox(page, 'L').click();
      await page.getByTestId('sku-preview-CA-L').getByText('将停用').waitFor();
      await page.getByTestId('sku-preview-BK-L').getByText('将停用').waitFor();
      await page.getByTestId('sku-preview-summary').getByText('新增 0 个 SKU，2 个将停用').waitFor();
      await animationsDone(page);
      await screenshot(page, 'product-edit-form-drop-size');
      await page.getByTestId('product-form-save').click();
      await message(page, '修改成功');
      await formDrawer(page).waitFor({ state: 'hidden' });
      await page.getByTestId('sku-cell-CA-L').getByText('停用').waitFor();
      await page.getByTestId('sku-cell-BK-L').getByText('停用').waitFor();
      expect(await page.getByTestId('sku-cell-CA-M').innerText()).not.toContain('停用');
      await page.getByTestId('sku-grid-total').getByText('（启用 4，停用 2）').waitFor();
      await detail(page).locator('.ant-drawer-close').click();

      // the list shows the uploaded main image as a thumbnail
      expect(await row(page, STYLE).locator('img').first().getAttribute('src')).toMatch(/^\/files\/[0-9a-f]{32}\.png-200\.jpg$/);
    }));

  it('keeps the form when the style no. is taken, and asks before dropping changes', () =>
    server.withPage(async (page) => {
      await openProducts(page);
      await page.getByTestId('product-add').click();
      await page.getByTestId('product-form-style-no').fill('YS26W1001');
      await fillBasics(page, '重复款号的新款');
      await sizeBox(page, 'M').click();
      await pickColours(page, ['米色']);
      await page.getByTestId('product-form-save').click();
      await page.getByTestId('product-form-error').getByText('款号“YS26W1001”已存在').waitFor();
      await formDrawer(page).locator('.ant-form-item-explain-error', { hasText: '款号“YS26W1001”已存在' }).waitFor();
      expect(await page.getByTestId('product-form-name').inputValue()).toBe('重复款号的新款');
      expect(await page.getByTestId('product-form-retail').inputValue()).toBe('499.00');
      await page.getByTestId('sku-preview-BG-M').waitFor();
      await animationsDone(page);
      await screenshot(page, 'product-edit-style-taken');

      // closing with changes asks; 继续编辑 keeps everything
      await formDrawer(page).locator('.ant-drawer-close').click();
      const confirm = page.locator('.ant-modal-confirm', { hasText: '放弃未保存的修改？' });
      await confirm.getByRole('button', { name: '继续编辑' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await page.getByTestId('product-form-name').inputValue()).toBe('重复款号的新款');
      await formDrawer(page).locator('.ant-drawer-close').click();
      // antd spaces a two-character label (关 闭): take the danger button
      await confirm.locator('.ant-btn-dangerous').click();
      await formDrawer(page).waitFor({ state: 'hidden' });
    }));

  it('edits a SKU barcode: a used one is refused and kept in the input, a fresh one saves', () =>
    server.withPage(async (page) => {
      await openProducts(page);
      await page.getByTestId('product-view-YS26W1001').click();
      await detail(page).getByText('商品详情 · YS26W1001').waitFor();
      expect(await headers(page, 'sku-grid-size')).toEqual(['S', 'M', 'L', 'XL']);
      const used = (await page.getByTestId('sku-cell-BK-S').innerText()).slice(0, 13);
      await page.getByTestId('sku-cell-CA-S').click();
      const modal = page.getByTestId('sku-edit-dialog');
      await page.getByTestId('sku-edit-barcode').fill(used);
      await modal.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.getByTestId('sku-edit-error').getByText(`条码“${used}”已被其他SKU使用`).waitFor();
      expect(await page.getByTestId('sku-edit-barcode').inputValue()).toBe(used);
      await animationsDone(page);
      await screenshot(page, 'product-edit-sku-taken');

      await page.getByTestId('sku-edit-barcode').fill(WRONG);
      await modal.getByText('的校验位不正确').waitFor();
      await page.getByTestId('sku-edit-barcode').fill(FRESH);
      await modal.locator('.ant-modal-footer .ant-btn-primary').click();
      await message(page, '修改成功');
      await modal.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('sku-cell-CA-S').innerText()).toContain(FRESH);
    }));

  it('lets agent01 read the details without cost and without editing', () =>
    server.withPage(async (page) => {
      await openProducts(page, 'agent01');
      await page.getByTestId('product-view-YS26W1001').click();
      await detail(page).getByText('商品详情 · YS26W1001').waitFor();
      const fields = await page.getByTestId('product-detail-fields').innerText();
      expect(fields).toContain('¥1,899.00');
      expect(fields).not.toContain('成本价');
      expect(fields).not.toContain('供应商');
      expect(fields).toContain('羊毛90% 羊绒10%');
      expect(await page.getByTestId('product-detail-edit').count()).toBe(0);
      expect(await page.locator('button[data-testid^=sku-cell-]').count()).toBe(0);
      await page.getByTestId('sku-cell-CA-S').waitFor();
      await animationsDone(page);
      await screenshot(page, 'product-edit-detail-agent');
    }));
});
