import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server: the test adds, edits and deletes a dictionary and its items.
const server = usePrivateServer();

const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
const dictRow = (page: Page, code: string) => page.locator('.erp-list .ant-table-row', { has: page.getByTestId(`dict-open-${code}`) });
const drawer = (page: Page) => page.locator('.ant-drawer-content-wrapper');

async function openDictPage(page: Page) {
  await signInTo(page, 'admin');
  await page.getByTestId('tab-strip').waitFor();
  await page.locator('.erp-shell__sider').getByText('系统设置', { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry', { hasText: '字典管理' }).click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: '字典管理' }).waitFor();
  await page.getByTestId('dict-open-season').waitFor();
}

describe('字典管理', () => {
  it('adds a dictionary and an item, edits both, and deletes them after confirming', () =>
    server.withPage(async (page) => {
      await openDictPage(page);
      expect(await page.locator('[data-testid^=dict-open-]').count()).toBe(10); // the first page of 12 (materials adds material_category, planning agent_level)
      // a dictionary with items cannot be deleted: the button says why
      expect(await page.getByTestId('dict-delete-season').isDisabled()).toBe(true);

      // add: the form checks like the server, a taken code is refused by the server
      await page.getByTestId('dict-add').click();
      const form = page.locator('.ant-modal', { hasText: '新增字典' });
      await page.getByTestId('dict-form-code').fill('1colour');
      await form.locator('.ant-modal-footer .ant-btn-primary').click();
      await form.getByText('字典编码须为2-64位字母、数字或下划线，且以字母开头').waitFor();
      await form.getByText('请输入字典名称').waitFor();
      await page.getByTestId('dict-form-code').fill('season');
      await page.getByTestId('dict-form-name').fill('颜色');
      await form.locator('.ant-modal-footer .ant-btn-primary').click();
      await message(page, '字典编码“season”已存在');
      await page.getByTestId('dict-form-code').fill('colour');
      await page.getByTestId('dict-form-remark').fill('商品颜色');
      await form.locator('.ant-modal-footer .ant-btn-primary').click();
      await message(page, '新增成功');
      await form.waitFor({ state: 'hidden' });

      // the new, empty dictionary opens its items: add one
      await drawer(page).getByText('字典项 · 颜色').waitFor();
      await drawer(page).locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
      await page.getByTestId('dict-item-add').click();
      const itemForm = page.locator('.ant-modal', { hasText: '新增字典项' });
      await page.getByTestId('dict-item-form-name').fill('藏青');
      await page.getByTestId('dict-item-form-value').fill('navy');
      await itemForm.locator('.ant-modal-footer .ant-btn-primary').click();
      await message(page, '新增成功');
      await drawer(page).getByText('藏青', { exact: true }).waitFor();
      // the drawer's select preview offers it, as the forms will
      await drawer(page).locator('.ant-drawer-extra .ant-select').click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '藏青' }).waitFor();
      await page.keyboard.press('Escape');

      // edit it: the value is fixed, the name changes
      await page.getByTestId('dict-item-edit-navy').click();
      const itemEdit = page.locator('.ant-modal', { hasText: '编辑字典项' });
      expect(await page.getByTestId('dict-item-form-value').isDisabled()).toBe(true);
      await page.getByTestId('dict-item-form-name').fill('藏青色');
      await animationsDone(page);
      await screenshot(page, 'dicts-item-edit');
      await itemEdit.locator('.ant-modal-footer .ant-btn-primary').click();
      await message(page, '修改成功');
      await drawer(page).getByText('藏青色', { exact: true }).waitFor();

      // selects see it at once (any signed-in user)
      const clerk = await apiLogin(server.url(), 'clerk01');
      const options = () => api(server.url(), '/admin/api/v1/dict-items/select_list/colour', { session: clerk });
      expect(await options()).toEqual([{ id: expect.any(Number), name: '藏青色', value: 'navy' }]);

      // switch it off: gone from selects
      await page.getByTestId('dict-item-status-navy').click();
      await message(page, '已停用');
      expect(await options()).toEqual([]);
      await animationsDone(page);
      await screenshot(page, 'dicts-items');
      await drawer(page).locator('.ant-drawer-close').click();
      await drawer(page).waitFor({ state: 'hidden' });

      // find it in the list; with an item it cannot be deleted
      await page.getByTestId('dict-keyword').fill('colour');
      await page.getByTestId('dict-search').click();
      await page.getByText('共 1 条').waitFor();
      const row = dictRow(page, 'colour');
      expect(await row.locator('td').allInnerTexts()).toEqual(expect.arrayContaining(['colour', '颜色', '1 项', '12', '商品颜色'])); // sort follows the 11 seeded dictionaries
      expect(await page.getByTestId('dict-delete-colour').isDisabled()).toBe(true);

      // edit the dictionary's name
      await page.getByTestId('dict-edit-colour').click();
      const edit = page.locator('.ant-modal', { hasText: '编辑字典' });
      expect(await page.getByTestId('dict-form-code').isDisabled()).toBe(true);
      await page.getByTestId('dict-form-name').fill('商品颜色');
      await edit.locator('.ant-modal-footer .ant-btn-primary').click();
      await message(page, '修改成功');
      await row
        .locator('td', { hasText: /^商品颜色$/ })
        .first()
        .waitFor();

      // delete the item after confirming
      await page.getByTestId('dict-items-colour').click();
      await page.getByTestId('dict-item-delete-navy').click();
      const confirm = page.locator('.ant-popconfirm', { hasText: '删除字典项“藏青色”？' });
      await confirm.getByRole('button', { name: /删\s*除/ }).click();
      await message(page, '删除成功');
      await drawer(page).locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
      await drawer(page).locator('.ant-drawer-close').click();
      await drawer(page).waitFor({ state: 'hidden' });

      // the emptied dictionary: cancel once, then delete
      await row.getByText('0 项').waitFor();
      await page.getByTestId('dict-delete-colour').click();
      const dictConfirm = page.locator('.ant-popconfirm', { hasText: '删除字典“商品颜色”？' });
      await dictConfirm.getByRole('button', { name: /取\s*消/ }).click();
      await dictConfirm.waitFor({ state: 'hidden' });
      await row.waitFor();
      await page.getByTestId('dict-delete-colour').click();
      await dictConfirm.getByRole('button', { name: /删\s*除/ }).click();
      await message(page, '删除成功');
      await row.waitFor({ state: 'detached' });
      await page.getByTestId('dict-reset').click();
      await page.getByText('共 12 条').waitFor();
    }));
});
