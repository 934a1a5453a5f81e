import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, registerApplicant } from '../support/api.ts';
import { animationsDone, chooseAvatarItem, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server: the permission case files a registration.
const server = usePrivateServer();

const tabTitles = (page: Page) => page.locator('[data-testid=tab-strip] .ant-tabs-tab').allInnerTexts();
const activeTab = (page: Page) => page.locator('[data-testid=tab-strip] .ant-tabs-tab-active').innerText();
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function openFromMenu(page: Page, top: string, entry: string) {
  await page.locator('.erp-shell__sider').getByText(top, { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry', { hasText: entry }).click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: entry }).waitFor();
}

async function openUserCenter(page: Page) {
  await chooseAvatarItem(page, 'menu-usercenter');
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: '个人中心' }).waitFor();
}

async function tabMenu(page: Page, title: string, action: string) {
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: title }).click({ button: 'right' });
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await menu.getByRole('menuitem', { name: action, exact: true }).click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'hidden' });
}

async function signedIn(page: Page, account: string) {
  await signInTo(page, account);
  await page.getByTestId('tab-strip').waitFor();
}

describe('tab strip', () => {
  it('opens five pages, survives a reload, and closes right, left and others', () =>
    server.withPage(async (page) => {
      await signedIn(page, 'admin');
      await openFromMenu(page, '系统设置', '注册审核');
      await openFromMenu(page, '系统设置', '打印模板');
      await openUserCenter(page);
      await page.goto('/home');
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: '工作台' }).waitFor();
      expect(await tabTitles(page)).toEqual(['首页', '注册审核', '打印模板', '个人中心', '工作台']);
      await screenshot(page, 'tabs-five');

      // greyed where they would do nothing
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: '首页' }).click({ button: 'right' });
      const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
      expect(await menu.locator('.ant-dropdown-menu-item-disabled').allInnerTexts()).toEqual(['关闭', '关闭左侧']);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });

      await tabMenu(page, '打印模板', '关闭右侧');
      expect(await tabTitles(page)).toEqual(['首页', '注册审核', '打印模板']);
      expect(await activeTab(page)).toBe('打印模板');
      expect(pathOf(page)).toBe('/erp/system/print');

      await openUserCenter(page);
      await tabMenu(page, '打印模板', '关闭左侧');
      expect(await tabTitles(page)).toEqual(['首页', '打印模板', '个人中心']);
      expect(await activeTab(page)).toBe('个人中心');

      await openFromMenu(page, '系统设置', '注册审核');
      await tabMenu(page, '个人中心', '关闭其他');
      expect(await tabTitles(page)).toEqual(['首页', '个人中心']);
      expect(pathOf(page)).toBe('/usercenter');

      // closing the active last tab activates the previous one
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active .ant-tabs-tab-remove').click();
      expect(await tabTitles(page)).toEqual(['首页']);
      await page.waitForURL((url) => url.pathname === '/erp/sells/fullstatist');
    }));
});

describe('keep-alive', () => {
  it('keeps a kept-alive page, drops an ordinary one unless the cache mode is on, and 刷新 resets', () =>
    server.withPage(async (page) => {
      await signedIn(page, 'admin');
      await openFromMenu(page, '系统设置', '打印模板');
      await page.getByTestId('print-kind-hangtag').click();
      await page.getByTestId('print-sample-styleNo').fill('KA-2026-001');

      await openFromMenu(page, '系统设置', '注册审核');
      await page.getByTestId('registration-keyword').fill('杭州');
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: '打印模板' }).click();
      await expect(page.getByTestId('print-sample-styleNo').inputValue()).resolves.toBe('KA-2026-001');

      // and its scroll position: scroll down, leave, come back
      await page.setViewportSize({ width: 1280, height: 520 });
      const printBox = page.locator('[data-page-key="/erp/system/print"]');
      // scrolled once the page is tall enough for it (its preview may still be rendering)
      await expect
        .poll(() =>
          printBox.evaluate((box) => {
            box.scrollTo(0, 240);
            return box.scrollTop;
          }),
        )
        .toBe(240);
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: '注册审核' }).click();
      await page.locator('[data-page-key="/erp/system/print"][data-page-active=false]').waitFor({ state: 'attached' });
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: '打印模板' }).click();
      await page.locator('[data-page-key="/erp/system/print"][data-page-active=true]').waitFor();
      await expect.poll(() => printBox.evaluate((box) => box.scrollTop)).toBe(240);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: '注册审核' }).click();
      await expect(page.getByTestId('registration-keyword').inputValue()).resolves.toBe('');

      await page.getByTestId('cache-mode-toggle').click();
      await page.getByTestId('registration-keyword').fill('宁波');
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: '打印模板' }).click();
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: '注册审核' }).click();
      await expect(page.getByTestId('registration-keyword').inputValue()).resolves.toBe('宁波');
      await screenshot(page, 'keep-alive-cache-mode');

      // 刷新 remounts the page: its input starts empty again
      await tabMenu(page, '注册审核', '刷新');
      await expect(page.getByTestId('registration-keyword').inputValue()).resolves.toBe('');

      // the cache mode is remembered for this user; closing a tab drops its state
      await page.reload();
      await page.getByTestId('tab-strip').waitFor();
      expect(await page.getByTestId('cache-mode-toggle').getAttribute('aria-checked')).toBe('true');
      await page.locator('[data-testid=tab-strip] .ant-tabs-tab', { hasText: '打印模板' }).click();
      await page.getByTestId('print-kind-hangtag').click();
      await page.getByTestId('print-sample-styleNo').fill('KA-CLOSED');
      await tabMenu(page, '打印模板', '关闭');
      // as a user sees it: the page goes with its tab before it is opened again
      await page.locator('[data-page-key="/erp/system/print"]').waitFor({ state: 'detached' });
      await openFromMenu(page, '系统设置', '打印模板');
      await page.getByTestId('print-kind-hangtag').click();
      expect(await page.getByTestId('print-sample-styleNo').inputValue()).not.toBe('KA-CLOSED');
    }));
});

describe('button permissions', () => {
  beforeAll(async () => {
    await registerApplicant(server.url(), {
      account: 'perm_shop',
      phone: '13912348801',
      applicantType: 'shop',
      businessName: '衣尚·苏州观前街店',
      contactName: '吴倩',
    });
  });

  it('shows 通过/驳回 to admin, hides them from a clerk without the code, and refuses the clerk’s call', () =>
    server.withPage(async (page) => {
      const adminSession = await apiLogin(server.url(), 'admin');
      const list = await api<{ records: { id: number }[] }>(server.url(), '/admin/api/v1/registrations/page?status=pending', {
        session: adminSession,
      });
      const id = list.records[0].id;

      await signedIn(page, 'admin');
      await openFromMenu(page, '系统设置', '注册审核');
      await page.getByTestId(`registration-approve-${id}`).waitFor();

      await page.evaluate(() => localStorage.clear());
      await signedIn(page, 'clerk01');
      await openFromMenu(page, '系统设置', '注册审核');
      await page.getByText('衣尚·苏州观前街店').waitFor();
      expect(await page.getByTestId(`registration-approve-${id}`).count()).toBe(0);
      expect(await page.getByTestId(`registration-reject-${id}`).count()).toBe(0);
      await screenshot(page, 'permission-clerk-registrations');

      const refused = await page.evaluate(async (regId) => {
        const res = await fetch(`/api/admin/api/v1/registrations/${regId}/approve`, {
          method: 'POST',
          headers: { session: localStorage.getItem('session') ?? '' },
        });
        return { status: res.status, body: await res.json() };
      }, id);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('A0301');
    }));
});

describe('page chunks', () => {
  it('shows 页面加载失败，请重试 inside the tab when a chunk fails, and 重试 loads it', () =>
    server.withPage(async (page) => {
      await signedIn(page, 'admin');
      await page.route(/\/assets\/UserCenter-[\w-]+\.js$/, (route) => route.abort('connectionrefused'));
      await chooseAvatarItem(page, 'menu-usercenter');
      await page.getByText('页面加载失败，请重试').waitFor();
      await expect(page.getByTestId('tab-strip').isVisible()).resolves.toBe(true);
      await animationsDone(page);
      await screenshot(page, 'chunk-failed');
      await page.unrouteAll();
      await page.getByTestId('page-retry').click();
      await page.getByText('账号安全').first().waitFor();
    }));

  it('reloads the app once when a failed chunk belongs to an older deployment', () =>
    server.withPage(async (page) => {
      await signedIn(page, 'admin');
      let loads = 0;
      page.on('load', () => (loads += 1));
      await page.route(/\/assets\/UserCenter-[\w-]+\.js$/, (route) => route.abort('connectionrefused'));
      // the app's own check fetches "/": answer as a newer build would
      await page.route(
        (url) => url.pathname === '/',
        async (route) => {
          if (route.request().resourceType() !== 'fetch') return route.continue();
          const html = await (await route.fetch()).text();
          await route.fulfill({ contentType: 'text/html', body: html.replace(/\/assets\/index-[\w-]+\.js/, '/assets/index-NEWBUILD.js') });
        },
      );
      await chooseAvatarItem(page, 'menu-usercenter');
      // one reload, then (same fake build again) the retry message instead of a loop
      await page.getByText('页面加载失败，请重试').waitFor();
      expect(loads).toBe(1);
      expect(await page.evaluate(() => sessionStorage.getItem('erp:reloaded-for-build'))).toBe('/assets/index-NEWBUILD.js');
    }));
});
