import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsDone, screenshot, signIn, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server: it adds a sub-user.
const server = usePrivateServer();

const tops = (page: Page) => page.locator('.erp-shell__sider [data-menu-top]').allInnerTexts();

describe('系统设置 › 子账号', () => {
  it('shop01 creates a sub-user with a subset; the sub-user sets its password and sees only that', async () => {
    await server.withPage(async (page) => {
      await signInTo(page, 'shop01');
      await page.getByTestId('tab-strip').waitFor();
      await page.locator('.erp-shell__sider').getByText('系统设置', { exact: true }).click();
      await page.locator('.erp-shell__drawer-entry', { hasText: '子账号' }).click();
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: '子账号' }).waitFor();

      await page.getByTestId('subuser-add').click();
      const tree = page.getByTestId('subuser-grant-tree');
      await tree.waitFor();
      // the shop's own menus only, never the 子账号 page itself
      const titles = await tree.locator('.grant-tree__title > span:first-child').allInnerTexts();
      expect(titles).toEqual([
        '销售报表',
        '销售统计',
        '门店综合统计',
        '商品管理',
        '商品',
        '物料',
        '仓库管理',
        '仓库资料',
        '货架',
        '库存查询',
        '入库单',
        '出库单',
        '调拨单',
        '页面访问',
        '收货',
        '盘点单',
        '页面访问',
        '新增/盘点扫描',
        '换货单',
        '在途统计',
        '库存报表',
        '订货管理',
        '订货',
        '购物车',
        '订货单',
        '页面访问',
        '新增/编辑/提交/撤回/取消',
        '订货额度',
        '发货明细',
        '订货汇总',
        '订货对账单',
        '可订品牌',
        '翻单汇总',
        '页面访问',
        '翻单',
        '修改数量',
        '未发货',
        '代理规划',
        '门店计划明细',
        '订货额度明细',
        '售后管理',
        '退货单',
        '页面访问',
        '新增/编辑/提交/发货',
        '换货单',
        '页面访问',
        '新增/编辑/提交',
        '库存上报',
        '页面访问',
        '新增/编辑/提交',
        '财务管理',
        '往来账户',
        '收款单',
        '页面访问',
        '登记/撤销',
        '对账单',
        '页面访问',
        '确认对账单',
        '用户管理',
        '门店',
        '系统设置',
        '打印模板',
      ]);
      await page.getByTestId('subuser-save').click();
      await page.locator('.ant-form-item-explain-error', { hasText: '请至少选择一项权限' }).waitFor();

      await page.getByTestId('subuser-form-account').fill('hb_clerk01');
      await page.getByTestId('subuser-form-name').fill('李小雪');
      await page.getByTestId('subuser-form-password').fill('Hb-2026start');
      await tree
        .locator('.ant-tree-treenode')
        .filter({ has: page.locator('.grant-tree__title > span:first-child', { hasText: /^门店$/ }) })
        .locator('.ant-tree-checkbox')
        .click();
      await page.getByTestId('subuser-save').click();
      await page.getByText('子账号已创建，首次登录须设置新密码').waitFor();
      const row = page.locator('.erp-list__main .ant-table-row', { hasText: 'hb_clerk01' });
      await row.waitFor();
      expect(await row.innerText()).toContain('待改密');
      await animationsDone(page);
      await screenshot(page, 'sub-users-list');
    });

    await server.withPage(async (page) => {
      await signIn(page, 'hb_clerk01', 'Hb-2026start');
      await page.getByTestId('newpwd-dialog').waitFor();
      await page.getByTestId('newpwd-password').fill('Hubin2026');
      await page.getByTestId('newpwd-confirm').fill('Hubin2026');
      await page.getByTestId('newpwd-submit').click();
      await page.getByText('修改成功,请输入新密码登录').waitFor();
      await page.getByTestId('login-password').fill('Hubin2026');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('tab-strip').waitFor();
      await expect.poll(() => tops(page)).toEqual(['用户管理']);
      await page.locator('.erp-shell__sider').getByText('用户管理', { exact: true }).click();
      const entries = await page.locator('.erp-shell__drawer-entry').allInnerTexts();
      expect(entries.map((text) => text.trim())).toEqual(['门店']);
      await page.locator('.erp-shell__drawer-entry', { hasText: '门店' }).click();
      const shop = page.locator('.erp-list__main .ant-table-row', { hasText: 'SH001' });
      await shop.waitFor();
      expect(await page.locator('.erp-list__main .ant-table-row').count()).toBe(1);
      await animationsDone(page);
      await screenshot(page, 'sub-users-signed-in');
    });
  });
});
