import type { Page, Response } from 'playwright-core';
import { WECHAT_POLL_MS } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { animationsDone, chooseAvatarItem, DEMO_PASSWORD, screenshot, signIn } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

/*
 * WeChat QR sign-in and binding with the demo provider: the QR points at /wechat/confirm of
 * this app, opened here in a second, phone-sized page. Binding changes demo data, so this
 * file runs its own server on a fresh embedded database.
 */

const { url: serverUrl, browser: privateBrowser, withPage } = usePrivateServer();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const storedSession = (page: Page) => page.evaluate(() => localStorage.getItem('session'));

/** Waits for the next answer of `path` and returns its QR sign. */
function nextSign(page: Page, path: string): Promise<string> {
  return page
    .waitForResponse((res) => new URL(res.url()).pathname === `/api${path}`)
    .then(async (res: Response) => {
      const body = (await res.json()) as { code: string; data: { sign: string; img: string } };
      expect(body.code).toBe('201');
      expect(body.data.img).toMatch(/^data:image\/png;base64,/);
      return body.data.sign;
    });
}

/** Opens the QR's page in a phone-sized page, picks `openid` and confirms. */
async function confirmOnPhone(sign: string, openid: string, action: '登录' | '绑定', shot?: string) {
  const context = await privateBrowser().newContext({
    baseURL: serverUrl(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const phone = await context.newPage();
  const errors: string[] = [];
  phone.on('pageerror', (err) => errors.push(err.message));
  try {
    await phone.goto(`/wechat/confirm?sign=${encodeURIComponent(sign)}`);
    await phone.getByText('微信授权确认').waitFor();
    await phone.getByText(`衣尚服饰 ERP 请求使用你的微信身份${action}`).waitFor();
    expect(await phone.getByTestId('wechat-confirm').isDisabled()).toBe(true);
    await phone.getByTestId(`wechat-identity-${openid}`).click();
    expect(await phone.getByTestId('wechat-confirm').innerText()).toBe(`确认${action}`);
    if (shot) {
      await animationsDone(phone);
      await screenshot(phone, shot);
    }
    await phone.getByTestId('wechat-confirm').click();
    await phone.getByTestId('wechat-confirmed').getByText('已确认，请回到电脑上继续').waitFor();
    // the ticket is used: the page now says so
    await phone.reload();
    await phone.getByText('二维码已失效，请在电脑上刷新后重新扫描').waitFor();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

/**
 * The page's clock run `ms` ahead (its timers fire at once), then the count of polls seen: a round
 * trip to the page after it lets every request the timers started reach the listener first.
 */
async function pollsAfter(page: Page, polls: () => number, ms: number): Promise<number> {
  if (ms > 0) await page.clock.runFor(ms);
  await page.evaluate(() => fetch('/api/admin/config/sysBasicInfo').then((r) => r.status));
  return polls();
}

/** Opens the 微信扫码登录 tab and returns the sign of its QR. */
async function openWechatTab(page: Page): Promise<string> {
  await page.goto('/login');
  await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(['账号密码登录', '微信扫码登录', '手机号登录']);
  const sign = nextSign(page, '/auth/wechat/login_qr');
  await page.getByRole('tab', { name: '微信扫码登录' }).click();
  const value = await sign;
  await page.getByTestId('wechat-qr').waitFor();
  expect(await page.getByTestId('wechat-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await page.getByText('请使用微信扫描二维码登录').waitFor();
  return value;
}

describe('微信扫码登录', () => {
  it('signs agent01 in when the bound WeChat confirms on the phone', () =>
    withPage(async (page) => {
      const sign = await openWechatTab(page);
      await animationsDone(page);
      await screenshot(page, 'login-wechat');
      await confirmOnPhone(sign, 'demo-wx-agent01', '登录', 'wechat-confirm-phone');
      await page.waitForURL((url) => url.pathname === '/erp/sells/fullstatist/agent');
      expect(await storedSession(page)).toMatch(/^[0-9a-f]{32}$/);
    }));

  it('stops polling off the tab, gets a new QR back on it, and asks an unbound WeChat to bind first', () =>
    withPage(async (page) => {
      // the page's timers under Playwright's clock: time flows as usual, and "no poll for a
      // while" is checked by running the page's clock ahead instead of sleeping
      await page.clock.install();
      const first = await openWechatTab(page);
      let polls = 0;
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/api/auth/wechat/login_state') polls++;
      });
      await expect.poll(() => polls, { timeout: 5000 }).toBeGreaterThan(0);
      await page.getByRole('tab', { name: '账号密码登录' }).click();
      const before = await pollsAfter(page, () => polls, 0);
      expect(await pollsAfter(page, () => polls, 3 * WECHAT_POLL_MS)).toBe(before);

      const again = nextSign(page, '/auth/wechat/login_qr');
      await page.getByRole('tab', { name: '微信扫码登录' }).click();
      const second = await again;
      expect(second).not.toBe(first);

      // 刷新二维码 replaces it too
      const refreshed = nextSign(page, '/auth/wechat/login_qr');
      await page.getByTestId('wechat-refresh').click();
      const sign = await refreshed;
      expect(sign).not.toBe(second);

      await confirmOnPhone(sign, 'demo-wx-guest', '登录');
      await page.getByText('请先用账号登录后绑定微信!').first().waitFor();
      await page.getByTestId('wechat-must-bind').waitFor();
      expect(pathOf(page)).toBe('/login');
      expect(await storedSession(page)).toBeNull();
      // the poll stopped
      const settled = await pollsAfter(page, () => polls, 0);
      expect(await pollsAfter(page, () => polls, 3 * WECHAT_POLL_MS)).toBe(settled);
    }));

  it('shows the warning for an unknown QR on the phone', async () => {
    const context = await privateBrowser().newContext({ baseURL: serverUrl(), viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    try {
      const phone = await context.newPage();
      await phone.goto('/wechat/confirm?sign=no-such-sign');
      await phone.getByText('二维码已失效，请在电脑上刷新后重新扫描').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('微信绑定', () => {
  it('binds supplier01 to the guest WeChat, signs in with it, then unbinds', () =>
    withPage(async (page) => {
      await signIn(page, 'supplier01', DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/home');
      await page.goto('/usercenter');
      const status = page.getByTestId('wechat-status');
      await expect.poll(() => status.innerText()).toBe('未绑定');

      const bindSign = nextSign(page, '/admin/api/v1/users/wechat/bind_qr');
      await page.getByTestId('wechat-bind').click();
      const sign = await bindSign;
      await page.getByTestId('wechat-bind-qr').waitFor();
      await animationsDone(page);
      await screenshot(page, 'usercenter-wechat');

      await confirmOnPhone(sign, 'demo-wx-guest', '绑定');
      await page.getByText('微信绑定成功').waitFor();
      await page.getByTestId('wechat-bind-qr').waitFor({ state: 'detached' });
      await expect.poll(() => status.innerText()).toBe('已绑定（访客小李）');
      await animationsDone(page);
      await screenshot(page, 'usercenter-wechat-bound');

      await chooseAvatarItem(page, 'menu-logout');
      await page.waitForURL((url) => url.pathname === '/login');

      const loginSign = await openWechatTab(page);
      await confirmOnPhone(loginSign, 'demo-wx-guest', '登录');
      await page.waitForURL((url) => url.pathname === '/home');
      const session = await storedSession(page);
      const info = await fetch(`${serverUrl()}/api/admin/api/v1/users/info`, { headers: { session: session! } });
      expect((await info.json()).data.account).toBe('supplier01');

      await page.goto('/usercenter');
      await expect.poll(() => status.innerText()).toBe('已绑定（访客小李）');
      await page.getByTestId('wechat-unbind').click();
      const popconfirm = page.locator('.ant-popconfirm');
      await popconfirm.getByText('确定解除微信绑定吗？').waitFor();
      await popconfirm.getByRole('button', { name: '解除绑定' }).click();
      await page.getByText('已解除微信绑定').waitFor();
      await expect.poll(() => status.innerText()).toBe('未绑定');
    }));
});

describe('/authresult (Open Platform callback page)', () => {
  it('explains a visit without WeChat parameters', () =>
    withPage(async (page) => {
      await page.goto('/authresult');
      await page.getByTestId('authresult-failed').getByText('授权未完成：缺少微信返回的参数，请在电脑上刷新二维码后重新扫描').waitFor();
    }));

  it('hands code and state to the server and shows its answer', () =>
    withPage(async (page) => {
      // the demo server has no Open Platform provider, so the server refuses the callback
      await page.goto(`/authresult?code=abc&state=${'f'.repeat(32)}`);
      await page.getByTestId('authresult-failed').getByText('微信登录未配置，请联系管理员').waitFor();
      await screenshot(page, 'authresult-failed');
    }));
});
