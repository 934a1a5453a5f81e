import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server: the test adds a brand, categories and a colour and reorders sizes.
const server = usePrivateServer();

interface Group {
  sizes: { name: string }[];
}

const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
const dialog = (page: Page, title: string) => page.locator('.ant-modal', { hasText: title });
const save = (page: Page, title: string) => dialog(page, title).locator('.ant-modal-footer .ant-btn-primary').click();
const row = (page: Page, text: string) => page.locator('.erp-list .ant-table-row', { has: page.locator('td', { hasText: new RegExp(`^${text}$`) }) });

async function openPage(page: Page, entry: string) {
  await page.locator('.erp-shell__sider').getByText('商品管理', { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry', { hasText: entry }).click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: entry }).waitFor();
}

describe('商品资料', () => {
  it('adds a brand, a level-3 category (level 4 refused), reorders sizes and adds a colour', () =>
    server.withPage(async (page) => {
      await signInTo(page, 'admin');
      await page.getByTestId('tab-strip').waitFor();

      // 品牌: the form checks like the server; a taken code is refused by the server
      await openPage(page, '品牌');
      await page.getByText('共 2 条').waitFor();
      await page.getByTestId('brand-add').click();
      await save(page, '新增品牌');
      await dialog(page, '新增品牌').getByText('请输入编码').waitFor();
      await page.getByTestId('brand-form-code').fill('YS');
      await page.getByTestId('brand-form-name').fill('衣尚轻奢');
      await save(page, '新增品牌');
      await message(page, '品牌编码“YS”已存在');
      await page.getByTestId('brand-form-code').fill('YSL');
      await save(page, '新增品牌');
      await message(page, '新增成功');
      await row(page, '衣尚轻奢').waitFor();
      await page.getByText('共 3 条').waitFor();

      // 商品分类: a third level under 女装 › 外套, then no fourth
      await openPage(page, '商品分类');
      await page.getByTestId('category-name-010101').waitFor();
      await page.getByTestId('category-add-child-0101').click();
      await page.getByTestId('category-form-code').fill('010104');
      await page.getByTestId('category-form-name').fill('皮衣');
      await save(page, '新增分类');
      await message(page, '新增成功');
      await page.getByTestId('category-name-010104').waitFor();
      expect(await page.getByTestId('category-add-child-010104').isDisabled()).toBe(true);
      await animationsDone(page);
      await screenshot(page, 'product-category-tree');
      // the server refuses a fourth level even when asked directly
      const admin = await apiLogin(server.url(), 'admin');
      type Node = { id: number; code: string; children: Node[] };
      const tree = await api<Node[]>(server.url(), '/admin/api/v1/product-categories/tree', { session: admin });
      const leather = tree[0]!.children.find((c) => c.code === '0101')!.children.find((c) => c.code === '010104')!;
      const deep = await api(server.url(), '/admin/api/v1/product-categories', {
        method: 'POST',
        body: { parentId: leather.id, code: '01010401', name: '长款' },
        session: admin,
      }).catch((e: Error) => e);
      expect(String(deep)).toContain('商品分类最多3级，此操作会产生第4级分类');

      // 尺码组: move XXXL before XXL, save, then 按标准排序 puts it back
      await openPage(page, '尺码组');
      await page.getByTestId('size-group-edit-DEFAULT').click();
      await page.getByTestId('size-left-XXXL').waitFor();
      // a click while the dialog still zooms in can miss the button
      await animationsDone(page);
      await page.getByTestId('size-left-XXXL').click();
      await page.getByTestId('size-new').fill('s');
      await page.getByTestId('size-add').click();
      await dialog(page, '编辑尺码组').getByText('尺码“s”重复').waitFor();
      await animationsDone(page);
      await screenshot(page, 'product-size-editor');
      await save(page, '编辑尺码组');
      await message(page, '修改成功');
      await expect.poll(async () => (await page.getByTestId('size-group-sizes-DEFAULT').locator('.erp-size-chip').allInnerTexts()).join(' ')).toBe('F S M L XL XXXL XXL');
      await page.getByTestId('size-group-edit-DEFAULT').click();
      await page.getByTestId('size-sort-standard').click();
      await save(page, '编辑尺码组');
      await message(page, '修改成功');
      await expect
        .poll(async () => (await api<Group[]>(server.url(), '/admin/api/v1/size-groups', { session: admin }))[0]!.sizes.map((s) => s.name).join(' '))
        .toBe('F S M L XL XXL XXXL');

      // 颜色: a bad hex is refused by the form, a good one shows its swatch
      await openPage(page, '颜色');
      await page.getByText('共 8 条').waitFor();
      await page.getByTestId('colour-add').click();
      await page.getByTestId('colour-form-code').fill('PK');
      await page.getByTestId('colour-form-name').fill('粉色');
      await page.getByTestId('colour-form-hex').fill('#FFC0C');
      await save(page, '新增颜色');
      await dialog(page, '新增颜色').getByText('颜色值须为 #RRGGBB 格式（如 #1F2A44），或留空').waitFor();
      await page.getByTestId('colour-form-hex').fill('#ffc0cb');
      await save(page, '新增颜色');
      await message(page, '新增成功');
      await row(page, '粉色').waitFor();
      expect(await row(page, '粉色').locator('td').nth(3).innerText()).toBe('#FFC0CB');
      await screenshot(page, 'product-colours');
    }));
});
