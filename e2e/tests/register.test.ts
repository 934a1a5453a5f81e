import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, baseUrl, DEMO_PASSWORD, launchBrowser, screenshot, signIn, withPage } from '../support/browser.ts';
import { api as callApi } from '../support/api.ts';

/*
 * 注册账号 on the shared e2e server: the test only creates an account of its own (no demo
 * account or demo phone is touched), so it can run before or after any other file.
 */
const ACCOUNT = 'e2e_agent2';
const PHONE = '13912348888';
const PASSWORD = 'Agent-2026x';

const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(baseUrl(), path, init);

/** The newest register code sent to `phone`, from the dev outbox. */
async function latestRegisterCode(phone: string): Promise<string> {
  const outbox: { purpose: string; code: string }[] = await api(`/dev/sms-outbox?phone=${phone}`);
  const code = outbox.filter((m) => m.purpose === 'register').at(-1)?.code;
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

async function approveAsAdmin(account: string) {
  const { session } = await api('/auth/login', { method: 'POST', body: { account: 'admin', password: DEMO_PASSWORD } });
  const pending = await api('/admin/api/v1/registrations/page?status=pending&limit=100', { session });
  const mine = pending.records.find((r: { account: string }) => r.account === account);
  expect(mine).toBeDefined();
  await api(`/admin/api/v1/registrations/${mine.id}/approve`, { method: 'POST', session });
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('注册账号', () => {
  it('applies as an agent from the login page, waits for approval, then signs in', () =>
    withPage(browser, async (page, errors) => {
      await page.goto('/login');
      await page.getByTestId('login-register').click();
      await page.waitForURL((url) => url.pathname === '/register');
      await page.getByRole('heading', { name: '注册账号' }).waitFor();

      // empty submit: the field messages, nothing sent
      await page.getByTestId('register-submit').click();
      for (const message of ['请输入账号', '请输入密码', '请再次输入密码', '请选择申请类型', '请输入单位名称', '请输入手机号', '请输入验证码']) {
        await page.getByText(message, { exact: true }).waitFor();
      }
      expect(pathOf(page)).toBe('/register');

      // the client rules match the server's words
      await page.getByTestId('register-username').fill('张三');
      await page.getByTestId('register-password').fill('weakpass');
      await page.getByTestId('register-confirm').fill('weakpas');
      await page.getByTestId('register-phone').fill('2391234888');
      await page.getByText('账号须为3-32位字母、数字、下划线、点或短横线').waitFor();
      await page.getByText('密码须为8-30位，且包含数字、小写字母、大写字母、特殊字符中的至少三种').waitFor();
      await page.getByText('两次输入密码不一致!').waitFor();
      await page.getByText('请输入正确的手机号', { exact: true }).waitFor();

      await page.getByTestId('register-username').fill(ACCOUNT);
      await page.getByTestId('register-password').fill(PASSWORD);
      await page.getByTestId('register-confirm').fill(PASSWORD);
      expect(await page.getByTestId('register-business').getAttribute('placeholder')).toBe('单位名称');
      await page.getByTestId('register-type-agent').click();
      expect(await page.getByRole('radio', { name: '代理商' }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: '门店' }).isChecked()).toBe(false);
      expect(await page.getByTestId('register-business').getAttribute('placeholder')).toBe('公司名称');
      await page.getByTestId('register-business').fill('绍兴衣尚服饰贸易有限公司');
      await page.getByTestId('register-contact').fill('周立');
      await page.getByTestId('register-phone').fill(PHONE);

      await page.getByTestId('register-send').click();
      await page.getByText('验证码已发送').waitFor();
      await expect.poll(() => page.getByTestId('register-send').innerText()).toMatch(/^\d{1,2}秒后重新获取$/);
      expect(await page.getByTestId('register-send').isDisabled()).toBe(true);
      await page.getByTestId('register-code').fill(await latestRegisterCode(PHONE));
      await animationsDone(page);
      await screenshot(page, 'register');

      await page.getByTestId('register-submit').click();
      await page.getByText('注册申请已提交', { exact: true }).waitFor();
      await page.getByText(`总部审核通过后即可用账号 ${ACCOUNT} 登录`).waitFor();
      await animationsDone(page);
      await screenshot(page, 'register-done');
      await page.getByTestId('register-done-login').click();
      await page.waitForURL((url) => url.pathname === '/login');

      // pending: the right password is answered with the review notice
      await signIn(page, ACCOUNT, PASSWORD);
      await page.getByText('登录失败!注册申请正在审核中，审核通过后即可登录').waitFor();
      expect(pathOf(page)).toBe('/login');

      await approveAsAdmin(ACCOUNT);
      await signIn(page, ACCOUNT, PASSWORD);
      await page.waitForURL((url) => url.pathname === '/erp/sells/fullstatist/agent');
      expect(errors).toEqual([]);
    }));

  it('links back to the login page', () =>
    withPage(browser, async (page) => {
      await page.goto('/register');
      await page.getByText('已有账号？').waitFor();
      await page.getByTestId('register-login').click();
      await page.waitForURL((url) => url.pathname === '/login');
    }));
});
