import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Module boundaries (DESIGN §2, §8) kept by a test: a module writes only its own tables and never
// imports another module's repository; every API route declares a permission, or is public, or
// is on the short list of calls any signed-in user may make about themselves.

const src = dirname(fileURLToPath(import.meta.url));

/** Which area owns (writes) each table. Every table has one owner; other areas go through its service. */
const OWNERS: Record<string, readonly string[]> = {
  sessions: ['sessions'],
  accounts: ['users', 'user_roles'],
  auth: ['password_tickets', 'auth_throttles', 'login_devices'],
  sms: ['sms_codes'],
  wechat: ['wechat_bindings', 'wechat_tickets'],
  menus: ['menus'],
  roles: ['roles', 'role_menus'],
  registrations: ['registrations'],
  system: ['system_settings'],
  'operation-logs': ['operation_logs'],
  dicts: ['dicts', 'dict_items'],
  uploads: ['uploads'],
  tags: ['tags', 'tag_groups', 'tag_links'],
  parties: ['agents', 'shops', 'suppliers'],
  'product-master': ['brands', 'product_categories', 'size_groups', 'sizes', 'size_runs', 'size_run_counts', 'colours'],
  materials: ['materials'],
  products: ['products', 'skus'],
  warehouses: ['warehouses', 'shelves'],
  stock: ['stock_moves', 'stock_balances'],
  'stock-docs': ['stock_docs', 'stock_doc_lines', 'stock_doc_scans', 'stock_freezes'],
  purchasing: ['purchase_orders', 'purchase_order_lines', 'purchase_refunds', 'purchase_refund_lines'],
  documents: ['doc_number_days', 'document_events', 'idempotency_keys'],
  ledgers: ['account_balances', 'account_entries'],
  planning: ['discount_policies', 'special_discounts'],
  ordering: ['ordering_seasons', 'ordering_season_styles', 'ordering_quotas', 'ordering_quota_entries', 'ordering_buyer_brands'],
  'sales-orders': ['sales_orders', 'sales_order_lines', 'sales_allocations', 'sales_allocation_balances', 'sales_delivery_differences', 'ordering_cart_lines'],
  finance: [
    'finance_credit_limits',
    'finance_payments',
    'finance_payment_orders',
    'finance_adjustments',
    'finance_statement_confirmations',
    'finance_rebate_rules',
    'finance_rebate_tiers',
    'finance_rebates',
  ],
  aftersales: ['sales_returns', 'sales_return_lines'],
  'agent-plans': ['agent_plans'],
  'aftersales-inventory': ['shop_inventory_reports', 'shop_inventory_lines'],
};

/**
 * Calls any signed-in user may make without a button permission: about themselves (profile,
 * password, sessions, menus, sign-out), uploading a file for a form they are filling in, and the
 * names of reference data every picker needs (dictionaries, brands, categories, size groups,
 * colours, tag groups, suppliers — each answer filtered by the caller's data scope where it has one).
 */
const SESSION_ONLY = new Set<string>([
  'GET /api/auth/apilogout',
  'POST /api/admin/api/v1/users/changePassword',
  'POST /api/admin/api/v1/users/logoff',
  'GET /api/admin/api/v1/menus/route',
  'GET /api/admin/api/v1/menus/cleanUserCache',
  'GET /api/admin/api/v1/users/info',
  'GET /api/admin/api/v1/users/sessions/page',
  'POST /api/admin/api/v1/users/profile',
  'GET /api/admin/api/v1/users/phone/sms_code',
  'POST /api/admin/api/v1/users/phone',
  'GET /api/admin/api/v1/users/wechat/bind_qr',
  'GET /api/admin/api/v1/users/wechat/bind_state',
  'GET /api/admin/api/v1/users/unbindAccount',
  'POST /api/erp/api/v1/common/uploadImg',
  'POST /api/erp/api/v1/common/uploadVideo',
  'GET /api/admin/api/v1/dict-items/select_list/:code',
  'GET /api/admin/api/v1/tag-groups',
  'GET /api/admin/api/v1/users/supplier/options',
  'GET /api/admin/api/v1/brands/options',
  'GET /api/admin/api/v1/product-categories/tree',
  'GET /api/admin/api/v1/size-groups',
  'GET /api/admin/api/v1/colours/options',
]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('test-kit') ? [path] : [];
  });
}

/** The area of a file: modules/<area>/… or kernel/<area>/…. */
const areaOf = (path: string) => relative(src, path).split('/')[1]!;

const WRITE = /(?:insertInto|updateTable|deleteFrom)\(\s*'([a-z_]+)|(?:INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_]+)/g;

describe('module boundaries', () => {
  const files = [...filesUnder(join(src, 'modules')), ...filesUnder(join(src, 'kernel'))];
  const owner = new Map(Object.entries(OWNERS).flatMap(([area, tables]) => tables.map((t) => [t, area] as const)));

  it('every table written anywhere has exactly one owner', () => {
    const counted = Object.values(OWNERS).flat();
    expect(counted.length).toBe(new Set(counted).size);
    const written = new Set(files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(WRITE)].map((m) => m[1] ?? m[2]!)));
    const ownerless = [...written].filter((t) => !owner.has(t) && !['of', 'in', 'set'].includes(t));
    expect(ownerless).toEqual([]);
  });

  it('a module writes only its own tables', () => {
    const violations: string[] = [];
    for (const file of files) {
      const area = areaOf(file);
      for (const m of readFileSync(file, 'utf8').matchAll(WRITE)) {
        const table = m[1] ?? m[2]!;
        const tableOwner = owner.get(table);
        if (tableOwner && tableOwner !== area) violations.push(`${relative(src, file)} writes ${table} (owned by ${tableOwner})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("a module never imports another module's repository", () => {
    const violations: string[] = [];
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+\.repo\.ts)'/g)) {
        const target = resolve(dirname(file), m[1]!);
        if (areaOf(target) !== areaOf(file)) violations.push(`${relative(src, file)} imports ${relative(src, target)}`);
      }
    }
    expect(violations).toEqual([]);
  });
});

describe('every route is guarded', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('declares a permission, or is public, or is a call about oneself', () => {
    const unguarded = t.app
      .routeGuards()
      .filter((g) => !g.public && !g.permission && !SESSION_ONLY.has(`${g.method} ${g.url}`))
      .map((g) => `${g.method} ${g.url}`);
    expect(unguarded).toEqual([]);
  });

  it('names only permission codes that exist', async () => {
    const { Permissions } = await import('@erp/shared');
    const known = new Set<string>(Object.values(Permissions));
    const unknown = t.app
      .routeGuards()
      .flatMap((g) => (g.permission === null ? [] : [g.permission].flat()))
      .filter((code) => !known.has(code));
    expect(unknown).toEqual([]);
  });
});
