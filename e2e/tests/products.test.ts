import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRODUCT_IMPORT_COLUMNS } from '../../shared/src/product-import.ts';
import { decodeBarcodeSvg } from '../../web/src/print/barcode-decode.ts';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';
import { bmpImage, type Rgb } from '../support/images.ts';

// Own server: the tests change product status and tags, set an image and import products.
const server = usePrivateServer();

interface Sku {
  colourId: number;
  sizeId: number;
  colourName: string;
  sizeName: string;
  barcode: string;
  status: string;
}
interface Detail {
  id: number;
  styleNo: string;
  [field: string]: unknown;
  skus: Sku[];
  tags: { name: string }[];
}

const BASE = '/admin/api/v1/products';
const TITLES = PRODUCT_IMPORT_COLUMNS.map((c) => c.title);

async function admin() {
  return apiLogin(server.url(), 'admin');
}

async function productTotal(session: string, query = ''): Promise<number> {
  return (await api<{ total: number }>(server.url(), `${BASE}/page?page=1&limit=10${query}`, { session })).total;
}

async function detailOf(session: string, styleNo: string): Promise<Detail> {
  const page = await api<{ records: { id: number; styleNo: string }[] }>(server.url(), `${BASE}/page?page=1&limit=10&keyword=${styleNo}`, { session });
  const id = page.records.find((r) => r.styleNo === styleNo)!.id;
  return api<Detail>(server.url(), `${BASE}/${id}`, { session });
}

/** A 120×120 24-bit BMP (a camel square with a dark band): the server stores a PNG and a -200.jpg thumbnail. */
function coatImage(size = 120): Buffer {
  return bmpImage(size, (x, _y, s): Rgb => (x > s * 0.45 && x < s * 0.55 ? [60, 40, 30] : [193, 154, 107]));
}

/** Gives a demo product a main image through the API (the form's upload is tested with the form). */
async function setMainImage(session: string, styleNo: string): Promise<string> {
  const form = new FormData();
  form.append('path', 'product/baseimage');
  form.append('file', new Blob([new Uint8Array(coatImage())], { type: 'image/bmp' }), 'coat.bmp');
  const res = await fetch(`${server.url()}/api/erp/api/v1/common/uploadImg`, { method: 'POST', headers: { session }, body: form });
  const { url } = (await res.json()).data as { url: string };
  await putMainImage(session, styleNo, url);
  return url;
}

/** Saves the style with `url` as its main picture ('' removes it), everything else as it is. */
async function putMainImage(session: string, styleNo: string, url: string): Promise<void> {
  const d = await detailOf(session, styleNo);
  const active = d.skus.filter((s) => s.status === 'active');
  const body = {
    ...Object.fromEntries(
      [
        'styleNo',
        'name',
        'brandId',
        'categoryId',
        'year',
        'season',
        'gender',
        'unit',
        'retailPriceFen',
        'wholesalePriceFen',
        'costPriceFen',
        'supplierId',
        'composition',
        'care',
        'grade',
        'safetyCategory',
        'standard',
        'sizeGroupId',
        'remark',
      ].map((k) => [k, d[k]]),
    ),
    mainImage: url,
    gallery: [],
    colourIds: [...new Set(active.map((s) => s.colourId))],
    sizeIds: [...new Set(active.map((s) => s.sizeId))],
  };
  await api(server.url(), `${BASE}/${d.id}`, { method: 'PUT', body, session });
}

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

const row = (page: Page, styleNo: string) => page.locator('.ant-table-row', { has: page.getByTestId(`product-view-${styleNo}`) });
const styleNos = (page: Page) => page.locator('.ant-table-tbody [data-testid^=product-view-]').allInnerTexts();
const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();

async function search(page: Page, fill: () => Promise<void>) {
  await page.getByTestId('product-reset').click();
  await fill();
  await page.getByTestId('product-search').click();
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`).click();
}

async function expectRows(page: Page, expected: string[]) {
  await expect.poll(async () => (await styleNos(page)).sort(), { timeout: 10_000 }).toEqual([...expected].sort());
}

async function readSheet(download: Download) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

describe('商品管理 › 商品', () => {
  it('shows thumbnails and searches by barcode, style no. prefix and brand', () =>
    server.withPage(async (page) => {
      const session = await admin();
      const imageUrl = await setMainImage(session, 'YS26W1001');
      // the demo gives every style a picture: one without shows the empty thumbnail
      await putMainImage(session, 'YS26W2003', '');
      const coat = await detailOf(session, 'YS26M3001');
      await openProducts(page);

      const thumb = row(page, 'YS26W1001').locator('img.product-thumb');
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      expect(await thumb.getAttribute('src')).toBe(`${imageUrl}-200.jpg`);
      await row(page, 'YS26W2003').getByTestId('product-thumb-empty-YS26W2003').waitFor();
      await thumb.click();
      const preview = page.locator('.ant-image-preview img').first();
      await expect.poll(() => preview.getAttribute('src')).toBe(imageUrl);
      // closing while the opening animation still runs can leave the preview mid-fade
      await animationsDone(page);
      await page.keyboard.press('Escape');
      await page.locator('.ant-image-preview').waitFor({ state: 'hidden' });
      await page.getByText('成本价', { exact: true }).first().waitFor();
      await animationsDone(page);
      await screenshot(page, 'products-list');

      await search(page, () => page.getByTestId('product-barcode').fill(coat.skus[1].barcode));
      await expectRows(page, ['YS26M3001']);
      await search(page, () => page.getByTestId('product-keyword').fill('YS26M31'));
      await expectRows(page, ['YS26M3102', 'YS26M3103', 'YS26M3104']);
      await search(page, () => pick(page, 'product-brand', '衣尚童装'));
      await page.locator('.ant-table .ant-empty-description', { hasText: '暂无数据' }).waitFor();
      await search(page, async () => {
        await pick(page, 'product-brand', '衣尚');
        await page.getByTestId('product-keyword').fill('YS26W100');
      });
      await expectRows(page, ['YS26W1001', 'YS26W1002', 'YS26W1003', 'YS26W1004', 'YS26W1005']);
    }));

  it('stops two products, finds them as 停售, and tags them in one go', () =>
    server.withPage(async (page) => {
      await openProducts(page);
      for (const styleNo of ['YS26W1001', 'YS26W2003']) await row(page, styleNo).locator('.ant-checkbox-input').check();
      await page.getByTestId('product-selection').getByText('已选 2 个商品').waitFor();
      await page.getByTestId('product-off-sale').click();
      await page.getByTestId('product-status-modal').getByText('确定将选中的2个商品下架（停售）？').waitFor();
      await page.getByTestId('product-status-ok').click();
      await message(page, '已将2个商品设为停售');
      await search(page, () => pick(page, 'product-status', '停售'));
      await expectRows(page, ['YS26W1001', 'YS26W2003']);
      expect(await row(page, 'YS26W1001').getByText('停售').count()).toBe(1);

      await page.getByTestId('product-tags').click();
      const dialog = page.getByTestId('product-tags-modal');
      await page.getByTestId('product-tags-ok').click();
      await dialog.getByText('请至少选择一个标签').waitFor();
      await page.getByTestId('product-tags-pick').getByText('新品', { exact: true }).click();
      await page.getByTestId('product-tags-ok').click();
      await message(page, '已为2个商品添加标签');
      const session = await admin();
      for (const styleNo of ['YS26W1001', 'YS26W2003']) expect((await detailOf(session, styleNo)).tags.map((t) => t.name)).toContain('新品');
      expect((await detailOf(session, 'YS26M3001')).tags.map((t) => t.name)).not.toContain('新品');
    }));

  it('prints labels of one product whose EAN-13 bars scan back to the SKU barcodes', () =>
    server.withPage(async (page) => {
      await page.addInitScript(() => {
        window.print = () => undefined;
      });
      const jeans = await detailOf(await admin(), 'YS26M3102');
      await openProducts(page);
      await row(page, 'YS26M3102').locator('.ant-checkbox-input').check();
      await page.getByTestId('product-print-label').click();
      await page.getByTestId('product-print-copies').fill('2');
      await animationsDone(page);
      await screenshot(page, 'products-print-dialog');

      const frame = page.locator('iframe[data-print-frame=label]');
      const before = Number((await frame.getAttribute('data-print-count')) ?? 0);
      await page.getByTestId('product-print-ok').click();
      // the preview shows the labels as they print; one copy of the batch
      await page.locator('[data-testid=print-preview-frame][data-preview-kind=label]').waitFor();
      await page.getByTestId('print-preview-ok').click();
      await page.waitForFunction((n) => {
        const f = document.querySelector('iframe[data-print-frame=label]');
        return f?.getAttribute('data-print-state') === 'printed' && Number(f.getAttribute('data-print-count')) > n;
      }, before);
      const printed = await frame.evaluate((element) =>
        [...(element as HTMLIFrameElement).contentDocument!.querySelectorAll<HTMLElement>('[data-barcode-value]')].map((w) => ({
          value: w.dataset.barcodeValue!,
          svg: w.querySelector('svg')!.outerHTML,
        })),
      );
      const skus = jeans.skus.filter((s) => s.status === 'active').map((s) => s.barcode);
      // two copies of each SKU label, in grid order
      expect(printed.map((p) => p.value)).toEqual(skus.flatMap((b) => [b, b]));
      expect(decodeBarcodeSvg(printed[0].svg, 'EAN13')).toBe(skus[0]);
    }));

  it('imports from the template: a bad row shows in the error table and writes nothing; a good file imports', () =>
    server.withPage(async (page) => {
      const session = await admin();
      const before = await productTotal(session);
      await openProducts(page);
      await page.getByTestId('product-import').click();
      const [template] = await Promise.all([page.waitForEvent('download'), page.getByTestId('product-import-template').click()]);
      expect(template.suggestedFilename()).toBe('商品导入模板.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await template.path());
      const sheet = book.getWorksheet('商品导入')!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(PRODUCT_IMPORT_COLUMNS.map((c) => (c.required ? `*${c.title}` : c.title)));
      expect(sheet.getRow(2).getCell(1).text).toMatch(/^YS2\d/);

      // the files to import: the template's own header, then three SKU rows of two products
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const line = (styleNo: string, name: string, size: string, price: string) => {
        const cells: Record<string, string> = { styleNo, name, brand: '衣尚', category: '010301', year: '2026', season: '秋', gender: '女', unit: '件' };
        Object.assign(cells, { retailPrice: price, wholesalePrice: '199.00', costPrice: '99.50', sizeGroup: '常规尺码', colour: '黑色', size });
        return PRODUCT_IMPORT_COLUMNS.map((c) => cells[c.key] ?? '');
      };
      const fileWith = async (retail: string) => {
        const out = new ExcelJS.Workbook();
        const data = out.addWorksheet('商品导入');
        data.addRow(header);
        data.addRow(line('E2E-IMP-01', '测试针织开衫', 'S', '399.00'));
        data.addRow(line('E2E-IMP-01', '测试针织开衫', 'M', '399.00'));
        data.addRow(line('E2E-IMP-02', '测试半身裙', 'L', retail));
        return { name: 'products.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await out.xlsx.writeBuffer()) };
      };
      const dialog = page.getByTestId('product-import-modal');
      await dialog.locator('input[type=file]').setInputFiles(await fileWith('abc'));
      const errors = page.getByTestId('product-import-errors');
      const bad = errors.locator('.ant-table-row', { hasText: 'E2E-IMP-02' });
      await bad.waitFor();
      const cells = await bad.locator('td').allInnerTexts();
      expect(cells[0]).toBe('4');
      expect(cells[2]).toMatch(/价/);
      expect(await dialog.getByTestId('product-import-confirm').count()).toBe(0);
      expect(await productTotal(session)).toBe(before);
      await animationsDone(page);
      await screenshot(page, 'products-import-errors');
      const [errorFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('product-import-export-errors').click()]);
      const errorRows = await readSheet(errorFile);
      expect(errorRows[0]).toEqual(['行号', '款号', '原因']);
      expect(errorRows.slice(1).some((r) => r[0] === '4' && r[1] === 'E2E-IMP-02')).toBe(true);

      await dialog.locator('input[type=file]').setInputFiles(await fileWith('259.00'));
      await page.getByTestId('product-import-summary').getByText('将导入2个商品（3个SKU）').waitFor();
      expect(await productTotal(session)).toBe(before);
      await page.getByTestId('product-import-confirm').click();
      await message(page, '成功导入2个商品（3个SKU）');
      await dialog.waitFor({ state: 'hidden' });
      await row(page, 'E2E-IMP-01').waitFor();
      await row(page, 'E2E-IMP-02').waitFor();
      expect(await productTotal(session)).toBe(before + 2);
      expect((await detailOf(session, 'E2E-IMP-01')).skus.map((s) => s.sizeName)).toEqual(['S', 'M']);
    }));

  it('exports the SKU rows of the current query in the import format', () =>
    server.withPage(async (page) => {
      const session = await admin();
      const styles = ['YS26M3102', 'YS26M3103', 'YS26M3104'];
      const expected = (await Promise.all(styles.map((styleNo) => detailOf(session, styleNo)))).flatMap((d) => d.skus.map((s) => s.barcode)).sort();
      await openProducts(page);
      await search(page, () => page.getByTestId('product-keyword').fill('YS26M31'));
      await expectRows(page, styles);
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('product-sku-export').click()]);
      expect(file.suggestedFilename()).toMatch(/^商品SKU明细-\d{8}-\d{6}\.xlsx$/);
      const [header, ...rows] = await readSheet(file);
      expect(header).toEqual(TITLES);
      const at = (key: string) => TITLES.indexOf(PRODUCT_IMPORT_COLUMNS.find((c) => c.key === key)!.title);
      expect(rows.map((r) => r[at('barcode')]).sort()).toEqual(expected);
      expect(new Set(rows.map((r) => r[at('styleNo')]))).toEqual(new Set(styles));
    }));

  it('lets agent01 read the list without the change buttons and without 成本价', () =>
    server.withPage(async (page) => {
      await openProducts(page, 'agent01');
      await page.getByTestId('product-print-label').waitFor();
      for (const id of ['product-add', 'product-import', 'product-on-sale', 'product-off-sale', 'product-tags', 'product-edit-YS26W1001']) {
        expect(await page.getByTestId(id).count(), id).toBe(0);
      }
      const headers = await page.locator('.ant-table-thead th').allInnerTexts();
      expect(headers).toContain('吊牌价');
      expect(headers.some((h) => h.includes('成本价'))).toBe(false);
      // agents do not see which supplier makes a style (the server sends none)
      expect(headers).not.toContain('供应商');
      expect(headers).toContain('批发价');
      await animationsDone(page);
      await screenshot(page, 'products-list-agent');
    }));
});
