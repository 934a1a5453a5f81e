import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// What a role that may only read a page is given: the page without the codes of its change buttons
// (the web shows a button only for a code in meta.permissions), or no page at all. These were
// browser journeys (a sign-in and a page load each); the screen's rule that a missing code hides
// its button is the shared kits' (ListPage, action bars), and the refusal of the change calls is
// each module's own test (materials, buyer-brands, warehouses, dicts, tags, operation-logs, registrations).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface MenuNode {
  path: string;
  children: MenuNode[];
  meta: { permissions?: string[] };
}

const leaves = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => (n.children.length ? leaves(n.children) : [n]));

async function pagesOf(account: string): Promise<Map<string, string[]>> {
  const session = await t.login(account);
  const res = await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session });
  expect(res.status).toBe(200);
  return new Map(leaves(res.body.data as MenuNode[]).map((n) => [n.path, n.meta.permissions ?? []]));
}

/** account, page, the change codes it must not hold on it (null: the page is not in its menu at all) */
const READ_ONLY: [string, string, string[] | null][] = [
  ['clerk01', '/erp/system/dict', null],
  ['clerk01', '/erp/system/tag', null],
  ['clerk01', '/erp/system/log', null],
  ['clerk01', '/erp/system/registration', ['system:registration:audit']],
  ['agent01', '/erp/product/material', ['product:material:add', 'product:material:edit', 'product:material:delete']],
  ['agent01', '/erp/ordering/brand', ['ordering:brand:edit']],
  ['shop01', '/erp/warehouse/base', ['warehouse:base:edit']],
  ['shop01', '/erp/warehouse/shelf', ['warehouse:shelf:edit']],
];

describe('pages a role may only read', () => {
  it('come without their change codes, or not at all', async () => {
    const byAccount = new Map<string, Map<string, string[]>>();
    for (const [account, path, withheld] of READ_ONLY) {
      if (!byAccount.has(account)) byAccount.set(account, await pagesOf(account));
      const pages = byAccount.get(account)!;
      if (withheld === null) {
        expect(pages.has(path), `${account} ${path}`).toBe(false);
        continue;
      }
      expect(pages.has(path), `${account} ${path}`).toBe(true);
      expect(
        pages.get(path)!.filter((code) => withheld.includes(code)),
        `${account} ${path}`,
      ).toEqual([]);
    }
  });

  it('the same pages carry those codes for admin, so the list above names real buttons', async () => {
    const admin = await pagesOf('admin');
    for (const [, path, withheld] of READ_ONLY) {
      expect(admin.has(path), path).toBe(true);
      for (const code of withheld ?? []) expect(admin.get(path), `${path} ${code}`).toContain(code);
    }
  });
});
