import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { crossModule, filesWithSql, importEdges, loops, moduleGraph, moduleOf, sourceFiles } from '../test/module-graph.ts';

// The floors of the server (DESIGN §10), checked against its imports (test/module-graph.ts reads
// them): every import points down, no module loops, a module reaches into another only through its
// public files, and SQL lives in repositories and a short, named list of query files.

const src = dirname(fileURLToPath(import.meta.url));

/**
 * Bottom first. A module may import the modules on the floors below it and those listed before it
 * on its own floor, nothing else: one total order, so no loop can be declared.
 */
const FLOORS: readonly { floor: string; modules: readonly string[] }[] = [
  { floor: 'foundation', modules: ['config', 'db'] },
  // what the HTTP auth hook asks (who calls, what the roles grant), below HTTP itself
  { floor: 'identity below http', modules: ['sessions', 'access'] },
  { floor: 'http', modules: ['http'] },
  { floor: 'kernel', modules: ['kernel'] },
  { floor: 'accounts and verification', modules: ['accounts', 'sms'] },
  { floor: 'reference', modules: ['dicts', 'uploads', 'operation-logs', 'system', 'menus', 'roles', 'parties'] },
  { floor: 'sign-in flows', modules: ['registrations', 'auth', 'wechat', 'users', 'party-accounts', 'sub-users'] },
  { floor: 'goods', modules: ['tags', 'product-master', 'materials', 'products', 'warehouses', 'stock'] },
  { floor: 'stock documents', modules: ['stock-docs', 'stock-reports', 'purchasing'] },
  { floor: 'ordering', modules: ['planning', 'ordering'] },
  { floor: 'sales orders', modules: ['sales-orders'] },
  { floor: 'after the sale', modules: ['finance', 'aftersales', 'aftersales-inventory', 'agent-plans'] },
  { floor: 'reports', modules: ['workbench'] },
  { floor: 'the app', modules: ['backup', 'demo', 'app'] },
];

/** Areas, not business modules: any file of theirs but a repository may be imported. */
const AREAS = new Set(['config', 'db', 'http', 'kernel', 'backup', 'demo', 'app']);

/**
 * Besides a module's top-level `*.service.ts` and `*.schema.ts`, the files other modules may import.
 * Never a repository, a routes file (only the app registers routes) or a file in a sub-folder.
 */
const PUBLIC_FILES: Record<string, string> = {
  'accounts/password.ts': 'hashing, checking and making up passwords: every flow that sets one',
  'operation-logs/operation-log.hook.ts': 'the 操作日志 hook: sign-in routes note their sign-ins, the app installs it',
  'parties/party-scope.ts': "the parties' data-scope predicates and the caller's party",
  'products/name-search.ts': 'the style no. / name search every goods list shares',
  'products/products.read.ts': 'the product reads (lists, search, in-use counts)',
  'purchasing/purchase-scope.ts': "the purchase orders' data scope",
  'purchasing/source-hooks.ts': "purchase receipts' source hooks (the demo posts through them)",
  'sms/phone.ts': 'the phone-number checks of every form that takes one',
  'sms/sms-provider.ts': 'the SMS provider the app builds and the flows send through',
  'wechat/wechat-provider.ts': 'the WeChat provider the app builds',
  'stock-docs/doc-lines.ts': "a document's lines and warehouse checks, shared with purchasing",
  'stock-docs/kind-spec.ts': 'the contract of a stock document kind (who acts, headers, actions)',
  'stock/stock-posting.ts': 'the one way into the stock ledger',
  'warehouses/warehouse-scope.ts': "the warehouses' data scope",
  'uploads/storage.ts': 'the file store (local or S3) the app opens',
  'finance/finance-parties.ts': 'whose account a caller reaches (the demo seeds accounts through it)',
};

/** Where SQL may stand outside a `*.repo.ts`: whole areas, and files with a reason each. */
const QUERY_AREAS: Record<string, string> = {
  db: 'the database layer itself: migrations, paging, pipelines, cache counters',
  demo: 'the demo seeds write their business straight into the tables, as a migration would',
};
const QUERY_FILES: Record<string, string> = {
  'http/health.ts': "the readiness probe's one round trip",
  'modules/parties/party-scope.ts': 'scope predicates the repositories put into their where clauses',
  'modules/warehouses/warehouse-scope.ts': 'scope predicates the repositories put into their where clauses',
  'modules/purchasing/purchase-scope.ts': 'scope predicates the repositories put into their where clauses',
  'modules/products/name-search.ts': 'the search predicate the goods repositories share',
  'modules/stock-reports/ledger-columns.ts': "the inventory report's column conditions, shared by its repositories",
  'modules/stock-reports/report-filters.ts': "the stock reports' filter predicates, shared by their repositories",
  'modules/stock/ledger-consistency.ts': "the stock ledger's invariants, read over the whole database",
  'modules/sales-orders/allocation-consistency.ts': "the allocation ledger's invariants, read over the whole database",
  'kernel/ledgers/money-consistency.ts': "the money ledger's invariants, read over the whole database",
  'modules/sales-orders/allocation-holds.ts': 'the statement the posting core sends with its own locks (kernel stock-holds.ts: one round trip)',
};
/** Today's debt, each by name: SQL that should move into a repository. The list may only shrink. */
const SQL_EXCEPTIONS: readonly string[] = [
  'kernel/documents/closing.ts',
  'kernel/documents/idempotency.ts',
  'kernel/documents/numbering.ts',
  'kernel/ledgers/money.ts',
  'modules/finance/finance-parties.ts',
  'modules/finance/payments-vouchers.ts',
  'modules/stock-docs/doc-lines.ts',
  'modules/stock-docs/doc-scan.ts',
  'modules/stock-docs/imports/import-check.ts',
  'modules/stock-docs/kinds/common.ts',
  'modules/stock-docs/kinds/exchange.ts',
  'modules/stock-docs/kinds/line-actuals.ts',
  'modules/stock-docs/kinds/opening.ts',
  'modules/stock-docs/kinds/overseas-comparison.ts',
  'modules/stock-docs/kinds/overseas.ts',
  'modules/stock-docs/kinds/stocktake.ts',
];

const files = sourceFiles(src);
const edges = importEdges(files);
const cross = crossModule(edges);
const order = new Map(FLOORS.flatMap((f) => f.modules).map((m, i) => [m, i] as const));
const floorOf = new Map(FLOORS.flatMap((f) => f.modules.map((m) => [m, f.floor] as const)));

/** Whether another module may import this file (a path relative to server/src). */
function isPublic(path: string, importer: string): boolean {
  const module = moduleOf(path);
  if (path.endsWith('.repo.ts')) return false;
  if (AREAS.has(module)) return true;
  const inModule = path.split('/').slice(2).join('/');
  if (importer === 'app' && /^[^/]+\.routes\.ts$/.test(inModule)) return true;
  return /^[^/]+\.(service|schema)\.ts$/.test(inModule) || `${module}/${inModule}` in PUBLIC_FILES;
}

describe('module graph (DESIGN §10)', () => {
  it('measures the graph', () => {
    const pairs = new Set(cross.map((e) => `${e.fromModule} → ${e.toModule}`));
    console.info(`module graph: ${order.size} modules and areas, ${files.length} files, ${cross.length} cross-module imports over ${pairs.size} module pairs`);
    expect(cross.length).toBeGreaterThan(0);
  });

  it('has no loops', () => {
    expect(loops(moduleGraph(edges))).toEqual([]);
  });

  it('puts every module and area on one floor, and names no module that is gone', () => {
    const listed = FLOORS.flatMap((f) => f.modules);
    expect(listed.length).toBe(new Set(listed).size);
    const actual = new Set(files.map((f) => moduleOf(f.path)));
    expect([...actual].filter((m) => !order.has(m)).sort()).toEqual([]);
    expect(listed.filter((m) => !actual.has(m))).toEqual([]);
  });

  it('imports only down: a floor below, or a module listed before on its own floor', () => {
    const upward = cross
      .filter((e) => order.get(e.toModule)! >= order.get(e.fromModule)!)
      .map((e) => `${e.from} → ${e.to} (${floorOf.get(e.fromModule)} → ${floorOf.get(e.toModule)})`);
    expect(upward).toEqual([]);
  });

  it("imports only another module's public files", () => {
    const internal = cross.filter((e) => !isPublic(e.to, e.fromModule)).map((e) => `${e.from} → ${e.to}`);
    expect(internal).toEqual([]);
    const unused = Object.keys(PUBLIC_FILES).filter((p) => !cross.some((e) => e.to === `modules/${p}`));
    expect(unused).toEqual([]);
  });

  it('keeps SQL in repositories and the declared query files', () => {
    const declared = new Set([...Object.keys(QUERY_FILES), ...SQL_EXCEPTIONS]);
    const stray = filesWithSql(files).filter((p) => !p.endsWith('.repo.ts') && !(moduleOf(p) in QUERY_AREAS) && !declared.has(p));
    expect(stray).toEqual([]);
  });

  it('lists only query files and exceptions that still hold SQL (the exceptions only shrink)', () => {
    const withSql = new Set(filesWithSql(files));
    expect([...Object.keys(QUERY_FILES), ...SQL_EXCEPTIONS].filter((p) => !withSql.has(p))).toEqual([]);
    expect(SQL_EXCEPTIONS.length).toBeLessThanOrEqual(16);
  });
});
