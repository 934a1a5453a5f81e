import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsDone, screenshot, signIn, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server: it adds a supplier and a sign-in account.
const server = usePrivateServer();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const rowTexts = (page: Page) => page.locator('.erp-list__main .ant-table-row').allInnerTexts();

async function openFromMenu(page: Page, top: string, entry: string) {
  await page.locator('.erp-shell__sider').getByText(top, { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry', { hasText: entry }).click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: entry }).waitFor();
}

describe('用户管理 › 供应商', () => {
  it('HQ adds a supplier with a sign-in account; its first sign-in must set a new password', async () => {
    await server.withPage(async (page) => {
      await signInTo(page, 'admin');
      await page.getByTestId('tab-strip').waitFor();
      await openFromMenu(page, '用户管理', '供应商');
      await page.locator('.erp-list__main .ant-table-row', { hasText: 'SP001' }).waitFor();

      await page.getByTestId('supplier-add').click();
      await page.getByTestId('supplier-form-code').fill('SP002');
      await page.getByTestId('supplier-form-name').fill('绍兴柯桥印染有限公司');
      await page.getByTestId('supplier-form-phone').fill('0575-8412');
      await page.locator('.ant-modal .ant-btn-primary').click();
      await page.locator('.ant-form-item-explain-error', { hasText: '请输入正确的联系电话（手机号或座机号，如 0571-87001234）' }).waitFor();
      await page.getByTestId('supplier-form-phone').fill('0575-84123456');
      await page.getByTestId('supplier-form-contact').fill('何强');
      await page.locator('.ant-modal .ant-btn-primary').click();
      await page.getByText('新增成功').waitFor();
      await page.locator('.erp-list__main .ant-table-row', { hasText: 'SP002' }).waitFor();

      await page.getByTestId('supplier-accounts-SP002').click();
      const drawer = page.getByTestId('party-accounts-drawer');
      await drawer.getByText('暂无账号').waitFor();
      await page.getByTestId('account-add').click();
      await page.getByTestId('account-form-account').fill('kq_heqiang');
      await page.getByTestId('account-form-name').fill('何强');
      await page.getByTestId('account-form-phone').fill('13957500001');
      await page.getByTestId('account-form-password').fill('weakweak');
      await page.locator('.ant-modal .ant-btn-primary').click();
      await page.locator('.ant-form-item-explain-error', { hasText: '密码须为8-30位，且包含数字、小写字母、大写字母、特殊字符中的至少三种' }).waitFor();
      await page.getByTestId('account-form-password').fill('Kq-2026start');
      await page.locator('.ant-modal .ant-btn-primary').click();
      await page.getByText('账号已创建，首次登录须设置新密码').waitFor();
      const row = drawer.locator('.ant-table-row', { hasText: 'kq_heqiang' });
      await row.waitFor();
      expect(await row.innerText()).toContain('待改密');
      expect(await row.innerText()).toContain('139****0001');
      await animationsDone(page);
      await screenshot(page, 'parties-supplier-accounts');
    });

    await server.withPage(async (page) => {
      await signIn(page, 'kq_heqiang', 'Kq-2026start');
      await page.getByTestId('newpwd-dialog').waitFor();
      await page.getByTestId('newpwd-password').fill('Keqiao2026');
      await page.getByTestId('newpwd-confirm').fill('Keqiao2026');
      await page.getByTestId('newpwd-submit').click();
      await page.getByText('修改成功,请输入新密码登录').waitFor();
      await page.getByTestId('login-password').fill('Keqiao2026');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('tab-strip').waitFor();
      // a supplier sees only itself, read-only
      await openFromMenu(page, '用户管理', '供应商');
      await page.locator('.erp-list__main .ant-table-row', { hasText: 'SP002' }).waitFor();
      const rows = await rowTexts(page);
      expect(rows).toHaveLength(1);
      expect(rows[0]).not.toContain('SP001');
      expect(await page.getByTestId('supplier-add').count()).toBe(0);
      expect(await page.getByTestId('supplier-edit-SP002').count()).toBe(0);
      expect(await page.getByTestId('supplier-disable-SP002').count()).toBe(0);
      expect(pathOf(page)).toBe('/erp/users/supplier');
    });
  });
});

describe('用户管理 › 门店 as an agent', () => {
  it('agent01 sees only its two shops and edits one without its code, kind or agent', () =>
    server.withPage(async (page) => {
      await signInTo(page, 'agent01');
      await page.getByTestId('tab-strip').waitFor();
      await openFromMenu(page, '用户管理', '门店');
      await page.locator('.erp-list__main .ant-table-row', { hasText: 'SH001' }).waitFor();
      const rows = await rowTexts(page);
      expect(rows).toHaveLength(2);
      expect(rows.join('\n')).toContain('衣尚·杭州湖滨银泰店');
      expect(rows.join('\n')).toContain('衣尚·宁波天一广场店');
      expect(rows.join('\n')).not.toContain('上海南京西路旗舰店');
      await page.getByText('门店由总部新增').waitFor();
      expect(await page.getByTestId('shop-add').count()).toBe(0);
      expect(await page.getByTestId('shop-disable-SH001').count()).toBe(0);

      await page.getByTestId('shop-edit-SH002').click();
      const drawer = page.getByTestId('shop-edit-drawer');
      await drawer.getByText('门店编码、类型和所属代理商由总部设置').waitFor();
      expect(await page.getByTestId('shop-form-code').isDisabled()).toBe(true);
      await page.getByTestId('shop-form-manager').fill('周小军');
      await page.getByTestId('shop-form-area').fill('168a');
      expect(await page.getByTestId('shop-form-area').inputValue()).toBe('168');
      await animationsDone(page);
      await screenshot(page, 'parties-agent-shop-edit');
      await page.getByTestId('shop-form-save').click();
      await page.getByText('修改成功').waitFor();
      await page.locator('.erp-list__main .ant-table-row', { hasText: '周小军' }).waitFor();
      expect(await page.locator('.erp-list__main .ant-table-row', { hasText: 'SH002' }).innerText()).toContain('168');
    }));
});
