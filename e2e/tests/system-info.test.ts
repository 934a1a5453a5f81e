import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';
import { bmpImage, type Rgb } from '../support/images.ts';

// Own server: this file changes the title, logo and record numbers every page shows.
const server = usePrivateServer();

/** A 96×96 24-bit BMP logo (a diagonal two-colour badge): the server turns it into a PNG. */
function bmpLogo(size = 96): Buffer {
  return bmpImage(size, (x, y, s): Rgb => (x + y < s ? [196, 29, 127] : [250, 140, 22]));
}

const logoInput = (page: Page) => page.locator('[data-testid=system-info-logo] input[type=file]');
const uploadCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/common/uploadImg')) calls.push(request.url());
  });
  return calls;
};

async function openSystemInfo(page: Page) {
  await signInTo(page, 'admin');
  await page.getByTestId('tab-strip').waitFor();
  await page.locator('.erp-shell__sider').getByText('系统设置', { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry', { hasText: '系统信息' }).click();
  await page.getByTestId('system-info-title').waitFor();
}

describe('系统信息', () => {
  it('refuses a too-big or non-image file in the browser, before anything is sent', () =>
    server.withPage(async (page) => {
      const calls = uploadCalls(page);
      await openSystemInfo(page);
      const big = Buffer.alloc(5 * 1024 * 1024 + 1);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
      await logoInput(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
      await page.getByText('上传文件大小不能超过 5MB!!').waitFor();
      await logoInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
      await page.getByText('只能上传 png、jpeg、jpg、bmp 格式的图片').waitFor();
      await animationsDone(page);
      await screenshot(page, 'system-info-too-big');
      expect(calls).toEqual([]);
      expect(await page.locator('[data-testid=system-info-logo] .ant-upload-list-item').count()).toBe(0);
    }));

  it('uploads a logo, saves the record numbers, and the login page shows them', () =>
    server.withPage(async (page) => {
      await openSystemInfo(page);
      await logoInput(page).setInputFiles({ name: 'logo.bmp', mimeType: 'image/bmp', buffer: bmpLogo() });
      await page.getByText('上传成功！').waitFor();
      const thumb = page.locator('[data-testid=system-info-logo] img.ant-upload-list-item-image');
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
      expect(await thumb.getAttribute('src')).toMatch(/^\/files\/[0-9a-f]{32}\.png-200\.jpg$/);

      await page.getByTestId('system-info-title').fill('');
      await page.getByTestId('system-info-save').click();
      await page.getByText('请输入系统名称').waitFor();
      await page.getByTestId('system-info-title').fill('衣尚服饰 ERP');
      await page.getByTestId('system-info-icp').fill('浙ICP备2026000001号-1');
      await page.getByTestId('system-info-mpsicp').fill('浙公网安备33010602000001号');
      await page.getByTestId('system-info-save').click();
      await page.getByText('系统信息已保存').waitFor();

      // the shell header follows at once
      const headerLogo = page.locator('.erp-shell__logo');
      await headerLogo.waitFor();
      const logoUrl = await headerLogo.getAttribute('src');
      expect(logoUrl).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
      expect(await page.locator('.erp-shell__title').innerText()).toBe('衣尚服饰 ERP');
      await animationsDone(page);
      await screenshot(page, 'system-info-saved');

      // a visitor who is not signed in sees them on the login page
      const visitor = await page
        .context()
        .browser()!
        .newContext({ baseURL: server.url(), viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
      try {
        const login = await visitor.newPage();
        await login.goto('/login');
        const logo = login.locator('img.erp-login__logo');
        await logo.waitFor();
        expect(await logo.getAttribute('src')).toBe(logoUrl);
        await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
        expect(await login.locator('.erp-login__title').innerText()).toBe('衣尚服饰 ERP');
        await login.locator('.erp-login__footer', { hasText: '浙ICP备2026000001号-1' }).waitFor();
        await login.locator('.erp-login__footer', { hasText: '浙公网安备33010602000001号' }).waitFor();
        expect(await login.title()).toBe('衣尚服饰 ERP');
        await screenshot(login, 'system-info-login');
      } finally {
        await visitor.close();
      }
    }));
});
