import type { MenuRoute } from '@erp/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from '../support/api.ts';
import { baseUrl, launchBrowser, screenshot, signInTo, withPage } from '../support/browser.ts';

// Every list page, as every role, at 1440×900: no column is narrower than its title (issue 26:
// 商品名称 was 0 px wide for HQ — a column without a width under a fixed table layout gets what
// is left, which can be nothing). Read-only: it runs on the shared server.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const ROLES = ['admin', 'agent01', 'shop01', 'supplier01'] as const;

/** The sider's pages of a role (no hidden routes, no external links, no groups). */
function pagesOf(routes: readonly MenuRoute[]): { path: string; title: string }[] {
  return routes.flatMap((r) => (r.children?.length ? pagesOf(r.children) : r.meta.hidden || r.meta.external || !r.component ? [] : [{ path: r.path, title: r.meta.title }]));
}

interface Narrow {
  title: string;
  width: number;
  needed: number;
}

/** The visible tables' header cells narrower than their title text (content box against the text's width). */
function narrowColumns(page: Page): Promise<Narrow[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const narrow: { title: string; width: number; needed: number }[] = [];
    const active = document.querySelector('.erp-shell__page[data-page-active="true"]') ?? document;
    for (const th of active.querySelectorAll<HTMLTableCellElement>('.ant-table-thead > tr > th')) {
      if (th.offsetParent === null || th.classList.contains('ant-table-selection-column') || th.classList.contains('ant-table-row-expand-icon-cell')) continue;
      const titleNode = th.querySelector('.ant-table-column-title') ?? th;
      const title = (titleNode.textContent ?? '').trim();
      if (!title) continue;
      const style = getComputedStyle(th);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const needed = Math.ceil(canvas.measureText(title).width);
      const width = th.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      if (width + 1 < needed) narrow.push({ title, width: Math.round(width), needed });
    }
    return narrow;
  });
}

/** Opens a page inside the app (no reload) and waits until its tables, if any, have rendered their rows or their empty state. */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
  await page.waitForFunction(
    (to) => {
      // a page that needs a record to show (门店计划明细 without a shop) sends the user on
      if (window.location.pathname !== to) return true;
      // the tab's own page is shown (kept-alive pages of other tabs are hidden beside it)
      const active = document.querySelector<HTMLElement>('.erp-shell__page[data-page-active="true"]');
      const key = active?.dataset.pageKey ?? '';
      if (!active || (key !== to && !key.startsWith(`${to}?`))) return false;
      if (active.querySelector('.ant-spin-spinning, .ant-skeleton')) return false;
      // a page renders something of its own once its chunk loaded
      return active.querySelector('.ant-card, .ant-table, .ant-result, .ant-empty, form, .ant-tabs') !== null;
    },
    path,
    { timeout: 20_000 },
  );
}

describe('list columns at 1440×900', () => {
  for (const account of ROLES) {
    it(`as ${account}: every column is at least as wide as its title`, async () => {
      const session = await apiLogin(baseUrl(), account);
      const pages = pagesOf(await api<MenuRoute[]>(baseUrl(), '/admin/api/v1/menus/route', { session }));
      expect(pages.length).toBeGreaterThan(0);
      const found: string[] = [];
      let tables = 0;
      await withPage(browser, async (page) => {
        await signInTo(page, account, pages[0]!.path);
        for (const { path, title } of pages) {
          await open(page, path).catch((error: Error) => {
            throw new Error(`${title} ${path}: ${error.message}`);
          });
          if (new URL(page.url()).pathname !== path) continue;
          tables += await page.locator('.erp-shell__page[data-page-active="true"] .ant-table-thead').count();
          const narrow = await narrowColumns(page);
          if (narrow.length) {
            found.push(`${title} ${path}: ${narrow.map((n) => `${n.title} ${n.width}px < ${n.needed}px`).join('，')}`);
            await screenshot(page, `narrow-${account}-${path.replace(/\W+/g, '_')}`);
          }
        }
      });
      expect(tables).toBeGreaterThan(0);
      expect(found).toEqual([]);
    });
  }
});
