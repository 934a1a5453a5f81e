import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, registerApplicant } from '../support/api.ts';
import { animationsDone, screenshot, signInTo } from '../support/browser.ts';
import { usePrivateServer } from '../support/server.ts';

// Own server: approves a registration and counts the log rows it leaves.
const server = usePrivateServer();

const APPLICANT = { account: 'ol_nb_shop', phone: '13912340301', applicantType: 'shop', businessName: '衣尚·宁波老外滩店', contactName: '周宁' } as const;

beforeAll(async () => {
  await registerApplicant(server.url(), APPLICANT);
  // a failed sign-in of another person, to filter away
  await fetch(`${server.url()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'agent01', password: 'not-the-password' }),
  });
});

const rows = (page: Page) => page.locator('.erp-list .ant-table-tbody tr.ant-table-row');

async function openFromMenu(page: Page, top: string, entry: string) {
  await page.locator('.erp-shell__sider').getByText(top, { exact: true }).click();
  await page.locator('.erp-shell__drawer-entry', { hasText: entry }).click();
  await page.locator('[data-testid=tab-strip] .ant-tabs-tab-active', { hasText: entry }).waitFor();
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

describe('操作日志', () => {
  it('shows a sign-in and an approval by the account that did them, with the detail', () =>
    server.withPage(async (page) => {
      await signInTo(page, 'admin');
      await page.getByTestId('tab-strip').waitFor();

      // do something: approve the application in 注册审核
      await openFromMenu(page, '系统设置', '注册审核');
      const session = await page.evaluate(() => localStorage.getItem('session'));
      const pending = await api<{ records: { id: number; account: string }[] }>(server.url(), '/admin/api/v1/registrations/page?status=pending', {
        session: session ?? undefined,
      });
      const id = pending.records.find((r) => r.account === APPLICANT.account)!.id;
      await page.getByTestId(`registration-approve-${id}`).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /通\s*过/ })
        .click();
      await page.getByText('已审核通过', { exact: true }).waitFor();

      // see it in 操作日志, filtered by the account
      await openFromMenu(page, '系统设置', '操作日志');
      await rows(page).first().waitFor();
      await page.getByTestId('log-keyword').fill('admin');
      await page.getByTestId('log-search').click();
      await expect.poll(async () => (await rows(page).allInnerTexts()).every((text) => text.includes('admin'))).toBe(true);
      const first = rows(page).first();
      await expect.poll(() => first.innerText()).toContain('审核通过：生成账号');
      const text = await first.innerText();
      expect(text).toContain('系统管理员');
      expect(text).toContain('注册审核');
      expect(text).toContain(String(id));
      expect(text).toContain('成功');
      expect(await rows(page).nth(1).innerText()).toContain('账号密码登录');
      await animationsDone(page);
      await screenshot(page, 'operation-log-list');

      // the detail drawer
      await first.getByRole('button', { name: '查看' }).click();
      const drawer = page.locator('.ant-drawer', { hasText: '日志详情' });
      await drawer.getByText('POST /api/admin/api/v1/registrations/:id/approve').waitFor();
      expect(await drawer.innerText()).toContain('应答码 201');
      await animationsDone(page);
      await screenshot(page, 'operation-log-detail');
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });

      // someone else's failed sign-in: by account and action
      await page.getByTestId('log-keyword').fill('agent01');
      await pick(page, 'log-action', '登录失败');
      await page.getByTestId('log-search').click();
      await page.getByText('共 1 条').waitFor();
      const failed = await rows(page).first().innerText();
      expect(failed).toContain('agent01');
      expect(failed).toContain('陈立华');
      expect(failed).toContain('失败');

      // 重置 shows everything again
      await page.getByTestId('log-reset').click();
      await expect.poll(async () => (await rows(page).allInnerTexts()).some((t) => t.includes('admin'))).toBe(true);
    }));
});
