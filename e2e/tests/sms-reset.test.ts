import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsDone, DEMO_PASSWORD, screenshot, signIn } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

/*
 * SMS login, the forced new-password dialog and the reset page.
 *
 * These tests change passwords (newstaff becomes active, agent01 gets a new one), and
 * login-shell.test.ts needs both as seeded. Vitest does not run files in name order (its
 * sequencer runs files without cached results first, then failed and slower ones), so this
 * file starts its own server on a fresh embedded database instead of the shared e2e server:
 * it can run before or after any other file.
 */

const { url: serverUrl, withPage } = usePrivateServer();

interface OutboxEntry {
  phone: string;
  purpose: 'login' | 'reset';
  code: string;
  text: string;
  sentAt: string;
}

/** The newest code sent to `phone` for `purpose`, from the dev outbox (tests only). */
async function latestCode(phone: string, purpose: OutboxEntry['purpose']): Promise<string> {
  const res = await fetch(`${serverUrl()}/api/dev/sms-outbox?phone=${phone}`);
  const body = (await res.json()) as { code: string; data: OutboxEntry[] };
  expect(body.code).toBe('201');
  const entry = body.data.filter((m) => m.purpose === purpose).at(-1);
  expect(entry?.code).toMatch(/^\d{6}$/);
  return entry!.code;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const storedSession = (page: Page) => page.evaluate(() => localStorage.getItem('session'));

/** Sends a code with the button and checks the countdown has started. */
async function sendCode(page: Page, button: string) {
  await page.getByTestId(button).click();
  await page.getByText('验证码已发送').waitFor();
  await expect.poll(() => page.getByTestId(button).innerText()).toMatch(/^\d{1,2}秒后重新获取$/);
  expect(await page.getByTestId(button).isDisabled()).toBe(true);
}

describe('手机号登录', () => {
  it('sends a code, counts down and signs shop01 in', () =>
    withPage(async (page) => {
      await page.goto('/login');
      await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(['账号密码登录', '微信扫码登录', '手机号登录']);
      await page.getByRole('tab', { name: '手机号登录' }).click();
      await page.getByTestId('sms-phone').fill('13800000003');
      await sendCode(page, 'sms-send');
      await page.getByTestId('sms-code').fill(await latestCode('13800000003', 'login'));
      await animationsDone(page);
      await screenshot(page, 'login-sms');
      await page.getByTestId('sms-submit').click();
      await page.waitForURL((url) => url.pathname === '/erp/sells/fullstatist/shop');
      expect(await storedSession(page)).toMatch(/^[0-9a-f]{32}$/);
    }));

  it('shows the required and phone messages and sends nothing for a bad phone', () =>
    withPage(async (page) => {
      await page.goto('/login');
      await page.getByRole('tab', { name: '手机号登录' }).click();
      await page.getByTestId('sms-submit').click();
      await page.getByText('请输入手机号', { exact: true }).waitFor();
      await page.getByText('请输入验证码', { exact: true }).waitFor();
      await page.getByTestId('sms-phone').fill('2380000000');
      await page.getByTestId('sms-send').click();
      await page.getByText('请输入正确的手机号', { exact: true }).waitFor();
      expect(await page.getByTestId('sms-send').innerText()).toBe('获取验证码');
      expect(await page.getByTestId('sms-send').isEnabled()).toBe(true);
      expect(pathOf(page)).toBe('/login');
    }));

  it('re-enables the button when the server refuses a send', () =>
    withPage(async (page) => {
      await page.goto('/login');
      await page.getByRole('tab', { name: '手机号登录' }).click();
      await page.getByTestId('sms-phone').fill('13800000001');
      await sendCode(page, 'sms-send');
      // a reload forgets the countdown, the server does not
      await page.reload();
      await page.getByRole('tab', { name: '手机号登录' }).click();
      await page.getByTestId('sms-phone').fill('13800000001');
      await page.getByTestId('sms-send').click();
      await page.getByText(/^发送过于频繁，请 \d+ 秒后再试$/).waitFor();
      await expect.poll(() => page.getByTestId('sms-send').innerText()).toBe('获取验证码');
      expect(await page.getByTestId('sms-send').isEnabled()).toBe(true);
    }));

  it('refuses a wrong code with 登录失败! and the server message', () =>
    withPage(async (page) => {
      await page.goto('/login');
      await page.getByRole('tab', { name: '手机号登录' }).click();
      await page.getByTestId('sms-phone').fill('13800000001');
      await page.getByTestId('sms-code').fill('000000');
      await page.getByTestId('sms-submit').click();
      await page.getByText('登录失败!验证码错误或已失效').waitFor();
      expect(await storedSession(page)).toBeNull();
    }));
});

describe('forced new password', () => {
  it('makes newstaff set a password that the next sign-in uses', () =>
    withPage(async (page) => {
      await signIn(page, 'newstaff', DEMO_PASSWORD);
      const dialog = page.getByTestId('newpwd-dialog');
      await dialog.waitFor();
      expect(await page.getByTestId('login-password').inputValue()).toBe('');
      expect(await storedSession(page)).toBeNull();
      // it cannot be dismissed: no close button, Esc and the mask do nothing
      expect(await page.locator('.ant-modal-close').count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.mouse.click(8, 8);
      await animationsDone(page);
      expect(await dialog.isVisible()).toBe(true);

      await page.getByTestId('newpwd-password').fill('short1');
      await page.getByTestId('newpwd-submit').click();
      await page.getByText('密码长度必须大于8位，请重新输入').waitFor();
      await page.getByTestId('newpwd-password').fill('Newstaff2026');
      await page.getByTestId('newpwd-confirm').fill('Newstaff2027');
      await page.getByTestId('newpwd-submit').click();
      await page.getByText('两次密码不一致，请重新输入').waitFor();
      await animationsDone(page);
      await screenshot(page, 'newpwd-dialog');

      await page.getByTestId('newpwd-confirm').fill('Newstaff2026');
      await page.getByTestId('newpwd-submit').click();
      await page.getByText('修改成功,请输入新密码登录').waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect(pathOf(page)).toBe('/login');
      expect(await storedSession(page)).toBeNull();
      expect(await page.getByTestId('login-account').inputValue()).toBe('newstaff');

      await page.getByTestId('login-password').fill('Newstaff2026');
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => url.pathname === '/erp/sells/fullstatist');
      expect(await storedSession(page)).toMatch(/^[0-9a-f]{32}$/);
    }));
});

describe('找回密码', () => {
  it('takes agent01 through the three steps to a new password', () =>
    withPage(async (page) => {
      await page.goto('/login');
      await page.getByTestId('login-forgot').click();
      await page.waitForURL((url) => url.pathname === '/resetPassword');
      const stepTitles = () => page.locator('.ant-steps-item-title').allInnerTexts();
      await expect.poll(stepTitles).toEqual(['验证身份', '设置新密码', '完成']);
      const currentStep = () => page.locator('.ant-steps-item-process .ant-steps-item-title').innerText();
      expect(await currentStep()).toBe('验证身份');

      // step 0: verify the phone
      await page.getByTestId('reset-send').click();
      await page.getByText('手机号码不能为空').waitFor();
      await page.getByTestId('reset-phone').fill('12800000002');
      await page.getByTestId('reset-send').click();
      await page.getByText('请输入正确的手机号', { exact: true }).waitFor();
      await page.getByTestId('reset-phone').fill('13800000002');
      await sendCode(page, 'reset-send');
      await page.getByTestId('reset-code').fill(await latestCode('13800000002', 'reset'));
      await animationsDone(page);
      await screenshot(page, 'reset-step0');
      await page.getByTestId('reset-next').click();

      // step 1: the new password
      await page.getByTestId('reset-password').waitFor();
      expect(await currentStep()).toBe('设置新密码');
      await page.getByTestId('reset-submit').click();
      await page.getByText('请输入密码', { exact: true }).waitFor();
      await page.getByText('请再次输入密码', { exact: true }).waitFor();
      await page.getByTestId('reset-password').fill('agent2026');
      await page.getByText('密码须为8-30位，且包含数字、小写字母、大写字母、特殊字符中的至少三种').waitFor();
      await page.getByTestId('reset-password').fill('Agent-2026x');
      await page.getByTestId('reset-confirm').fill('Agent-2026y');
      await page.getByText('两次输入密码不一致!').waitFor();
      // the ticket stays in memory
      expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
      await animationsDone(page);
      await screenshot(page, 'reset-step1');
      await page.getByTestId('reset-confirm').fill('Agent-2026x');
      await page.getByTestId('reset-submit').click();

      // step 2: done
      await page.getByTestId('reset-to-login').waitFor();
      expect(await page.locator('.ant-steps-item-finish .ant-steps-item-title').allInnerTexts()).toEqual(['验证身份', '设置新密码', '完成']);
      await page.getByText('修改成功,请输入新密码登录').waitFor();
      await animationsDone(page);
      await screenshot(page, 'reset-done');
      await page.getByTestId('reset-to-login').click();
      await page.waitForURL((url) => url.pathname === '/login');

      await signIn(page, 'agent01', 'Agent-2026x');
      await page.waitForURL((url) => url.pathname === '/erp/sells/fullstatist/agent');
      const old = await fetch(`${serverUrl()}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ account: 'agent01', password: DEMO_PASSWORD }),
      });
      expect((await old.json()).code).toBe('A0210');
    }));

  it('links back to the login page', () =>
    withPage(async (page) => {
      await page.goto('/resetPassword');
      await page.getByTestId('reset-back').click();
      await page.waitForURL((url) => url.pathname === '/login');
    }));
});
