import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signIn, withPage } from '../support/browser.ts';

// e2e files share one server and run one after another in name order; this one changes
// supplier01's password and then logs the account off, so it runs after the files that use it.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('个人中心 account safety', () => {
  it('changes the password with the current one, then signs in again with the new one', async () => {
    await withPage(browser, async (page) => {
      await signIn(page, 'supplier01');
      await page.waitForURL((url) => url.pathname === '/home');
      await page.goto('/usercenter');
      await page.getByTestId('change-password').click();
      await page.getByTestId('change-old').fill('Erp12345');
      await page.getByTestId('change-new').fill('weakpass');
      await page.getByTestId('change-confirm').fill('weakpas');
      await page.getByText('确认修改').click();
      await page.getByText('密码须为8-30位，且包含数字、小写字母、大写字母、特殊字符中的至少三种').waitFor();
      await page.getByText('两次输入密码不一致!').waitFor();
      await screenshot(page, 'usercenter-change-password');

      await page.getByTestId('change-old').fill('wrong-current');
      await page.getByTestId('change-new').fill('Supplier-2026');
      await page.getByTestId('change-confirm').fill('Supplier-2026');
      await page.getByText('确认修改').click();
      await page.getByText('当前密码不正确').waitFor();

      await page.getByTestId('change-old').fill('Erp12345');
      await page.getByText('确认修改').click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText('修改成功,请输入新密码登录').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();

      await signIn(page, 'supplier01', 'Erp12345');
      await page.getByText('登录失败!账号或密码错误').waitFor();
      await signIn(page, 'supplier01', 'Supplier-2026');
      await page.waitForURL((url) => url.pathname === '/home');
    });
  });

  it('logs the own account off after the password is confirmed', async () => {
    await withPage(browser, async (page) => {
      await signIn(page, 'supplier01', 'Supplier-2026');
      await page.waitForURL((url) => url.pathname === '/home');
      await page.goto('/usercenter');
      await page.getByRole('button', { name: '注销账号' }).click();
      await page.getByTestId('logoff-password').fill('Supplier-2026');
      await page.getByText('确认注销').click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText('账号已注销').waitFor();
      await signIn(page, 'supplier01', 'Supplier-2026');
      await page.getByText('登录失败!账号已停用，请联系管理员').waitFor();
    });
  });
});
