import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server: the tests add roles, grants, members and menu entries.
const server = usePrivateServer();

const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
const roleRow = (page: Page, code: string) => page.locator('.erp-list .ant-table-row', { hasText: code });
const treeNode = (page: Page, title: string) =>
  page.locator('[data-testid=grant-tree] .ant-tree-treenode', { has: page.locator('.grant-tree__title > span:first-child', { hasText: new RegExp(`^${title}$`) }) });

async function open(page: Page, account: string, entry: string) {
  await signInTo(page, account);
  await page.getByTestId('tab-strip').waitFor();
  await page.locator('.erp-shell__sider').getByText('系统设置', { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry', { hasText: entry }).click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: entry }).waitFor();
}

/** Expands a page in the grant tree and ticks its 「页面访问」 (the page without its buttons). */
async function grantPageOnly(page: Page, title: string) {
  const node = treeNode(page, title);
  await node.locator('.ant-tree-switcher').click();
  await animationsDone(page);
  const view = node.locator('xpath=following-sibling::div[1]');
  expect(await view.innerText()).toContain('页面访问');
  await view.locator('.ant-tree-checkbox').click();
}

const isHalfChecked = async (page: Page, title: string) =>
  (await treeNode(page, title).locator('.ant-tree-checkbox').getAttribute('class'))!.includes('ant-tree-checkbox-indeterminate');

describe('角色管理 and 权限分配', () => {
  it('creates a role, grants pages without their buttons, adds clerk01, who then sees the page without the buttons', async () => {
    await server.withPage(async (page) => {
      await open(page, 'admin', '角色管理');
      await roleRow(page, 'admin').waitFor();
      expect(await page.getByTestId('role-delete-admin').count()).toBe(0); // built-in: a greyed button without a test id

      await page.getByTestId('role-add').click();
      const form = page.locator('.ant-modal', { hasText: '新增角色' });
      await form.locator('.ant-modal-footer .ant-btn-primary').click();
      await form.getByText('请输入角色编码').waitFor();
      await page.getByTestId('role-form-code').fill('Menu Viewer');
      await form.getByText('角色编码须为2-32位小写字母、数字或下划线，以字母开头').waitFor();
      await page.getByTestId('role-form-code').fill('menu_viewer');
      await page.getByTestId('role-form-name').fill('菜单查看员');
      await page.getByTestId('role-form-remark').fill('只看菜单和注册申请，不能修改');
      await form.locator('.ant-modal-footer .ant-btn-primary').click();
      await message(page, '角色已创建');
      await roleRow(page, 'menu_viewer').waitFor();

      // 权限分配: 菜单管理 and 注册审核 without any of their buttons
      await page.getByTestId('role-grant-menu_viewer').click();
      await page.getByTestId('grant-tree').waitFor();
      await grantPageOnly(page, '菜单管理');
      await grantPageOnly(page, '注册审核');
      expect(await isHalfChecked(page, '菜单管理')).toBe(true);
      expect(await isHalfChecked(page, '系统设置')).toBe(true);
      await page.getByTestId('grant-save').click();
      await message(page, '权限已保存，用户下次加载路由时生效');
      await page.locator('.ant-drawer-content').waitFor({ state: 'hidden' });

      // the tree shows the grant again: pages half-checked, buttons not
      await page.getByTestId('role-grant-menu_viewer').click();
      await page.getByTestId('grant-tree').waitFor();
      expect(await isHalfChecked(page, '菜单管理')).toBe(true);
      expect(await isHalfChecked(page, '注册审核')).toBe(true);
      expect(await treeNode(page, '审核注册申请').locator('.ant-tree-checkbox-checked').count()).toBe(0);
      await animationsDone(page);
      await screenshot(page, 'roles-grant');
      await page.locator('.ant-drawer-close').click();

      // 成员: search and add clerk01
      await page.getByTestId('role-users-menu_viewer').click();
      await page.getByTestId('member-candidates').click();
      await page.keyboard.type('clerk');
      await page.locator('.ant-select-item-option', { hasText: 'clerk01' }).click();
      await page.keyboard.press('Escape');
      await page.getByTestId('member-add').click();
      await message(page, '成员已更新');
      await page.getByTestId('member-table').getByText('clerk01', { exact: true }).waitFor();
      await animationsDone(page);
      await screenshot(page, 'roles-members');
    });

    const admin = await apiLogin(server.url(), 'admin');
    const roles = await api(server.url(), '/admin/api/v1/roles/page?keyword=menu_viewer', { session: admin });
    expect(roles.records[0]).toMatchObject({ code: 'menu_viewer', userCount: 1 });
    expect(await api(server.url(), `/admin/api/v1/roles/${roles.records[0].id}/menus`, { session: admin })).toHaveLength(3);

    await server.withPage(async (page) => {
      await open(page, 'clerk01', '菜单管理');
      await page.locator('.menu-page .ant-table-row').first().waitFor();
      expect(await page.getByTestId('menu-add-root').count()).toBe(0);
      expect(await page.locator('[data-testid^=menu-edit-]').count()).toBe(0);
      expect(await page.locator('[data-testid^=menu-delete-]').count()).toBe(0);
      await screenshot(page, 'roles-clerk-menu-readonly');
    });
    // the server refuses what the buttons would do
    const clerk = await apiLogin(server.url(), 'clerk01');
    const refused = await fetch(`${server.url()}/api/admin/api/v1/menus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', session: clerk },
      body: JSON.stringify({ type: 'dir', name: 'Sneaky', title: '偷偷', path: '/sneaky' }),
    });
    expect(refused.status).toBe(403);
  });

  it('refuses to delete a role with members, then deletes it once empty', () =>
    server.withPage(async (page) => {
      await open(page, 'admin', '角色管理');
      await roleRow(page, 'menu_viewer').waitFor();
      await page.getByTestId('role-delete-menu_viewer').click();
      await page.locator('.ant-popconfirm:visible .ant-btn-dangerous').click();
      await message(page, '该角色已分配给 1 个用户，请先在「成员」中移除后再删除');

      await page.getByTestId('role-users-menu_viewer').click();
      await page.getByTestId('member-remove-clerk01').click();
      await page.locator('.ant-popconfirm:visible .ant-btn-dangerous').click();
      await message(page, '成员已更新');
      await page.getByTestId('member-table').getByText('暂无成员').waitFor();
      await page.locator('.ant-drawer-close').click();
      await page.locator('.ant-drawer-content').waitFor({ state: 'hidden' });

      await page.getByTestId('role-delete-menu_viewer').click();
      await page.locator('.ant-popconfirm:visible .ant-btn-dangerous').click();
      await message(page, '角色已删除');
      await roleRow(page, 'menu_viewer').waitFor({ state: 'detached' });
    }));
});

describe('菜单管理', () => {
  it('adds a directory with an icon and a page under it, refuses a bad button, renames a page for the next route load', () =>
    server.withPage(async (page) => {
      await open(page, 'admin', '菜单管理');
      await page.getByTestId('menu-add-root').click();
      await page.getByTestId('menu-form-title').fill('会员中心');
      await page.getByTestId('menu-form-name').fill('Members');
      await page.getByTestId('menu-form-path').fill('/erp/members');
      await page.getByTestId('menu-icon-field').click();
      await page.getByTestId('menu-icon-search').fill('gift');
      await page.getByTestId('menu-icon-GiftOutlined').click();
      await page.locator('.menu-icon-field__value', { hasText: 'GiftOutlined' }).waitFor();
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      await message(page, '菜单已保存，用户下次加载路由时生效');
      await page.getByTestId('menu-add-child-Members').waitFor();

      // a page under it; then a button under the page with a bad code
      await page.getByTestId('menu-add-child-Members').click();
      await page.getByTestId('menu-form-title').fill('会员列表');
      await page.getByTestId('menu-form-name').fill('MemberList');
      await page.getByTestId('menu-form-path').fill('/erp/members/list');
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.locator('.ant-modal').getByText('请输入组件路径').waitFor();
      await page.getByTestId('menu-form-component').fill('members/list/index');
      await page.getByTestId('menu-form-keepalive').click();
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      await message(page, '菜单已保存');
      await page.getByTestId('menu-add-child-MemberList').click();
      await page.getByTestId('menu-form-title').fill('导出');
      await page.getByTestId('menu-form-name').fill('MemberExport');
      await page.getByTestId('menu-form-permission').fill('member export');
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.locator('.ant-modal').getByText('权限标识格式如 system:menu:add（至少三段，以英文冒号分隔，不超过64个字符）').waitFor();
      await page.locator('.ant-modal-close').click();
      await page.locator('.ant-modal').waitFor({ state: 'hidden' });

      // a directory with children cannot go
      await page.getByTestId('menu-delete-Members').click();
      await page.locator('.ant-popconfirm:visible .ant-btn-dangerous').click();
      await message(page, '该菜单下还有 1 个子项，请先删除或移走子项');
      await animationsDone(page);
      await screenshot(page, 'menus-tree');

      // renaming a page shows in the admin's own menu at once (routes reloaded)
      await page.getByTestId('menu-edit-PrintTemplates').click();
      await page.getByTestId('menu-form-title').fill('打印模板设置');
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      await message(page, '菜单已保存');
      await page.locator('.erp-shell__sider').getByText('系统设置', { exact: true }).click();
      await page.locator('.erp-shell__drawer-entry', { hasText: '打印模板设置' }).waitFor();
    }));
});
