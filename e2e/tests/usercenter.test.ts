import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launchBrowser, screenshot, signIn, withPage } from '../support/browser.ts';
import { api as callApi } from '../support/api.ts';

// e2e files share one server and vitest does not promise their order, so this file changes
// the password of an account of its own, made through registration and approval.
const ACCOUNT = 'uc_supplier';
const PHONE = '13912349999';

const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(baseUrl(), path, init);

async function registerApprovedSupplier() {
  await api(`/auth/sms_code/${PHONE}?purpose=register`);
  const outbox: { purpose: string; code: string }[] = await api(`/dev/sms-outbox?phone=${PHONE}`);
  const smsCode = outbox.filter((m) => m.purpose === 'register').at(-1)!.code;
  await api('/user/register', {
    method: 'POST',
    body: { username: ACCOUNT, password: 'Erp-12345', phone: PHONE, smsCode, applicantType: 'supplier', businessName: '绍兴柯桥织造厂', contactName: '钱坤' },
  });
  const { session } = await api('/auth/login', { method: 'POST', body: { account: 'admin', password: DEMO_PASSWORD } });
  const pending = await api('/admin/api/v1/registrations/page?status=pending&limit=100', { session });
  const mine = pending.records.find((r: { account: string }) => r.account === ACCOUNT);
  await api(`/admin/api/v1/registrations/${mine.id}/approve`, { method: 'POST', session });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await registerApprovedSupplier();
});
afterAll(() => browser?.close());

describe('个人中心 account safety', () => {
  it('changes the password with the current one, then signs in again with the new one', async () => {
    await withPage(browser, async (page) => {
      await signIn(page, ACCOUNT, 'Erp-12345');
      await page.waitForURL((url) => url.pathname === '/home');
      await page.goto('/usercenter');
      await page.getByTestId('change-password').click();
      await page.getByTestId('change-old').fill('Erp-12345');
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

      await page.getByTestId('change-old').fill('Erp-12345');
      await page.getByText('确认修改').click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText('修改成功,请输入新密码登录').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();

      await signIn(page, ACCOUNT, 'Erp-12345');
      await page.getByText('登录失败!账号或密码错误').waitFor();
      await signIn(page, ACCOUNT, 'Supplier-2026');
      await page.waitForURL((url) => url.pathname === '/home');
    });
  });

  it('renames the account and changes its phone with a code sent to the new phone', async () => {
    await withPage(browser, async (page) => {
      await signIn(page, ACCOUNT, 'Supplier-2026');
      await page.waitForURL((url) => url.pathname === '/home');
      await page.goto('/usercenter');
      await page.getByTestId('profile-name-edit').click();
      await page.getByTestId('profile-name').fill('钱坤（业务经理）');
      await page
        .getByRole('button', { name: /确\s*定|OK/ })
        .last()
        .click();
      await page.getByTestId('profile-name-value').getByText('钱坤（业务经理）').waitFor();
      await page.getByTestId('avatar-menu').getByText('钱坤（业务经理）').waitFor();

      const newPhone = '13912347777';
      await page.getByTestId('profile-phone-edit').click();
      await page.getByTestId('phone-new').fill(newPhone);
      await page.getByTestId('phone-send').click();
      await page.getByText('验证码已发送').waitFor();
      const outbox: { purpose: string; code: string }[] = await api(`/dev/sms-outbox?phone=${newPhone}`);
      await page.getByTestId('phone-code').fill(outbox.filter((m) => m.purpose === 'phone').at(-1)!.code);
      await screenshot(page, 'usercenter-change-phone');
      await page
        .getByRole('button', { name: /确\s*定|OK/ })
        .last()
        .click();
      await page.getByText('手机号已更换').waitFor();
      await page.getByTestId('profile-phone-value').getByText('139****7777').waitFor();
    });
  });

  it('logs the own account off after the password is confirmed', async () => {
    await withPage(browser, async (page) => {
      await signIn(page, ACCOUNT, 'Supplier-2026');
      await page.waitForURL((url) => url.pathname === '/home');
      await page.goto('/usercenter');
      await page.getByRole('button', { name: '注销账号' }).click();
      await page.getByTestId('logoff-password').fill('Supplier-2026');
      await page.getByText('确认注销').click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText('账号已注销').waitFor();
      await signIn(page, ACCOUNT, 'Supplier-2026');
      await page.getByText('登录失败!账号已停用，请联系管理员').waitFor();
    });
  });
});
