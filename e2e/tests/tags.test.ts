import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server: the test adds a group and tags, tags a shop and deletes tags.
const server = usePrivateServer();

interface Group {
  id: number;
  name: string;
  tags: { id: number; name: string }[];
}

const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
const groupRow = (page: Page, name: string) => page.locator('.erp-list .ant-table-row', { has: page.locator('td', { hasText: new RegExp(`^${name}$`) }) });
const panel = (page: Page, name: string) => page.locator('.erp-tag__panel', { hasText: name });
/** The row's cells, whitespace dropped (chips break lines in innerText). */
const cells = async (row: ReturnType<typeof groupRow>) => (await row.locator('td').allInnerTexts()).map((text) => text.replace(/\s+/g, ''));
const dialog = (page: Page, title: string) => page.locator('.ant-modal', { hasText: title });
const save = (page: Page, title: string) => dialog(page, title).locator('.ant-modal-footer .ant-btn-primary').click();

async function openTagPage(page: Page) {
  await signInTo(page, 'admin');
  await page.getByTestId('tab-strip').waitFor();
  await page.locator('.erp-shell__sider').getByText('系统设置', { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry', { hasText: '标签' }).click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: '标签' }).waitFor();
  await page.getByText('共 5 条').waitFor();
}

async function addTag(page: Page, group: string, name: string, color: string) {
  await panel(page, group).locator('[data-testid^=tag-add-]').click();
  await page.getByTestId('tag-form-name').fill(name);
  await page.getByTestId(`tag-color-${color}`).click();
  await save(page, '新增标签');
}

describe('标签', () => {
  it('creates a group and tags, previews the picker, and deletes tags after confirming', () =>
    server.withPage(async (page) => {
      await openTagPage(page);
      // a group whose tags are on shops cannot be deleted
      const admin = await apiLogin(server.url(), 'admin');
      const groups = await api<Group[]>(server.url(), '/admin/api/v1/tag-groups?targetType=shop', { session: admin });
      const area = groups.find((g) => g.name === '门店商圈')!;
      const outlet = area.tags.find((t) => t.name === '奥莱')!;
      const mall = area.tags.find((t) => t.name === '购物中心')!;
      await api(server.url(), '/admin/api/v1/tags/of/shop/1', { method: 'PUT', body: { tagIds: [outlet.id, mall.id] }, session: admin });
      await page.getByTestId('list-refresh').click();
      await groupRow(page, '门店商圈').getByText('1 家门店').waitFor();
      expect(await page.getByTestId(`tag-group-delete-${area.id}`).isDisabled()).toBe(true);

      // a new group: the form checks like the server, a taken name is refused by the server
      await page.getByTestId('tag-group-add').click();
      await save(page, '新增标签分组');
      await dialog(page, '新增标签分组').getByText('请输入分组名称').waitFor();
      await dialog(page, '新增标签分组').getByText('请选择适用对象').waitFor();
      await page.getByTestId('tag-group-form-name').fill('门店等级');
      await page.getByTestId('tag-group-form-applies').getByText('商品').click();
      await save(page, '新增标签分组');
      await message(page, '标签分组“门店等级”已存在');
      await page.getByTestId('tag-group-form-name').fill('季节');
      await page.getByTestId('tag-group-form-applies').getByText('会员').click();
      await page.getByTestId('tag-group-form-multiple').getByText('单选').click();
      await save(page, '新增标签分组');
      await message(page, '新增成功');
      await page.getByText('共 6 条').waitFor();
      const season = groupRow(page, '季节');
      expect(await cells(season)).toEqual(expect.arrayContaining(['季节', '商品会员', '单选', '暂无标签', '6']));

      // its tags, in the expanded row
      await season.getByRole('button', { name: /标签/ }).click();
      await panel(page, '季节').getByText('该分组还没有标签').waitFor();
      await addTag(page, '季节', '春', 'green');
      await message(page, '新增成功');
      await panel(page, '季节').locator('.ant-table-row', { hasText: '春' }).waitFor();
      await addTag(page, '季节', '春', 'blue');
      await message(page, '分组“季节”下已有标签“春”');
      await page.getByTestId('tag-form-name').fill('夏');
      await page.getByTestId('tag-color-volcano').click();
      await animationsDone(page);
      await screenshot(page, 'tags-tag-form');
      await save(page, '新增标签');
      await message(page, '新增成功');
      await panel(page, '季节').locator('.ant-table-row', { hasText: '夏' }).waitFor();
      expect((await cells(season))[4]).toBe('春夏');
      await animationsDone(page);
      await screenshot(page, 'tags-groups');

      // the picker: single choice replaces, and the group applies to products and members only
      await page.getByTestId('tag-picker-preview-open').click();
      const picker = page.getByTestId('tag-picker');
      await picker.waitFor();
      expect(await picker.getByText('季节').count()).toBe(0);
      await page.getByTestId('tag-picker-preview-type').getByText('商品').click();
      await picker.getByText('季节').waitFor();
      await picker.getByText('春', { exact: true }).click();
      await picker.getByText('夏', { exact: true }).click();
      await picker.getByText('国潮', { exact: true }).click();
      await page.getByTestId('tag-picker-preview-count').getByText('已选 2 个标签').waitFor();
      expect(await picker.locator('[aria-checked=true]').allInnerTexts()).toEqual(['国潮', '夏']);
      await animationsDone(page);
      await screenshot(page, 'tags-picker');
      await page.locator('.ant-drawer-close').click();
      await page.getByTestId('tag-picker-preview').waitFor({ state: 'hidden' });

      // delete an unused tag: cancel once, then confirm
      const spring = panel(page, '季节').locator('.ant-table-row', { hasText: '春' });
      await spring.locator('[data-testid^=tag-delete-]').click();
      const springConfirm = page.locator('.ant-popconfirm', { hasText: '删除标签“春”？' });
      await springConfirm.getByRole('button', { name: /取\s*消/ }).click();
      await springConfirm.waitFor({ state: 'hidden' });
      await spring.locator('[data-testid^=tag-delete-]').click();
      await springConfirm.getByText('删除后不可恢复').waitFor();
      await springConfirm.getByRole('button', { name: /删\s*除/ }).click();
      await message(page, '删除成功');
      await spring.waitFor({ state: 'detached' });

      // delete a tag on a shop: the confirmation says it will be detached
      await page.getByTestId(`tag-group-tags-${area.id}`).click();
      await panel(page, '门店商圈').locator('.ant-table-row', { hasText: '奥莱' }).getByText('1 家门店').waitFor();
      await page.getByTestId(`tag-delete-${outlet.id}`).click();
      const outletConfirm = page.locator('.ant-popconfirm', { hasText: '删除标签“奥莱”？' });
      await outletConfirm.getByText('已用于 1 家门店，删除将同时解除这些关联，且不可恢复').waitFor();
      await animationsDone(page);
      await screenshot(page, 'tags-delete-in-use');
      await outletConfirm.getByRole('button', { name: /删\s*除/ }).click();
      await message(page, '删除成功，已解除 1 个关联');
      await page.getByTestId(`tag-delete-${outlet.id}`).waitFor({ state: 'detached' });
      const onShop = await api<{ name: string }[]>(server.url(), '/admin/api/v1/tags/of/shop/1', { session: admin });
      expect(onShop.map((t) => t.name)).toEqual(['购物中心']);
    }));
});
