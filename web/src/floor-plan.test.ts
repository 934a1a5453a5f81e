import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 27: the web's floor plan (DESIGN §10). Every import points down a floor or stays on its own,
// page areas never import one another, and no two areas import each other round a loop. This reads
// every source file under web/src (tests too) and its relative imports: static, dynamic and vi.mock.
// @erp/shared is the ground floor below all of these; anything may import it.

const SRC = dirname(fileURLToPath(import.meta.url));

/** The floors, bottom first: a file may import its own floor and the ones below. */
export const FLOORS: readonly (readonly string[])[] = [
  ['auth'], // the session in local storage, sign-in redirects, password rules
  ['api', 'access'], // the request client, toasts, API clients and their hooks; route meta, Permission, the menu tree
  ['ui'], // kits: list page, document, form modal, money, quantity, report, account, auth layout …
  ['print'], // print frames, templates, print payloads (pages and the shell use them)
  ['shell'], // tabs, menus, keep-alive, the layout; it renders the pages the router hands it
  ['pages'], // pages/<area>/: an area imports no other area
  ['router'], // the page registry and the routes: imports pages
  ['app'], // App.tsx, main.tsx (files at the root of src)
];

/** Imports that break the plan on purpose, with why. The list can only shrink: a listed import that is gone fails. */
export const EXCEPTIONS: readonly { from: string; to: string; reason: string }[] = [
  {
    from: 'shell/ShellRoot.tsx',
    to: 'router/ShellRoutes.tsx',
    reason:
      'the 框架 chunk (src/shell/ShellRoot.tsx, what scripts/measure-bundle.mjs measures) must carry the page registry: ' +
      'loaded as a chunk of its own beside the shell, it re-chunks antd (登录页 199.4 → 202.1 kB gzip, over its 200 kB budget; ' +
      "框架 + 商品列表 +16 kB). Goes when the router is the shell's lazy entry (router/ShellRoutes.tsx importing ShellRoot) " +
      'and the measure names that file',
  },
];

export interface Edge {
  from: string;
  to: string;
}

/** The code of a file without its comments. */
export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const SPECIFIERS = [
  // import … from '…' / export … from '…' / import '…' (a statement at the start of a line, not a string in code)
  /^[ \t]*(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]*?\s*from\s+)?['"]([^'"]+)['"]/gm,
  // import('…'), also in `typeof import('…')`
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bvi\.(?:mock|doMock|importActual)\(\s*['"]([^'"]+)['"]/g,
];

/** Every module a piece of code names. */
export function specifiers(source: string): string[] {
  const code = withoutComments(source);
  return SPECIFIERS.flatMap((re) => [...code.matchAll(re)].map((m) => m[1]!));
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const posix = (path: string) => path.split('\\').join('/');

/** The relative imports of the files under `src`, as paths relative to it. */
export function edgesOf(src: string): Edge[] {
  return sources(src).flatMap((path) =>
    specifiers(readFileSync(path, 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({ from: posix(relative(src, path)), to: posix(relative(src, resolve(dirname(path), spec))) })),
  );
}

/** `pages/<area>` for a page file, the top folder otherwise, `app` at the root. */
export function areaOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return 'app';
  return parts[0] === 'pages' ? `pages/${parts[1]}` : parts[0]!;
}

export function floorOf(area: string): number {
  return FLOORS.findIndex((floor) => floor.includes(area.split('/')[0]!));
}

/** What breaks the plan: an unknown folder, an import leaving src, up a floor, or into another page area. */
export function violations(edges: readonly Edge[]): string[] {
  const found: string[] = [];
  for (const { from, to } of edges) {
    const [a, b] = [areaOf(from), areaOf(to)];
    const line = `${from} -> ${to}`;
    if (to.startsWith('..')) found.push(`${line}: leaves web/src (shared code comes from '@erp/shared')`);
    else if (floorOf(a) < 0 || floorOf(b) < 0) found.push(`${line}: ${floorOf(a) < 0 ? a : b} has no floor (declare it in FLOORS)`);
    else if (floorOf(b) > floorOf(a)) found.push(`${line}: up from ${a} to ${b}`);
    else if (a !== b && a.startsWith('pages/') && b.startsWith('pages/')) found.push(`${line}: page area ${a} imports page area ${b}`);
  }
  return found;
}

/** Groups of areas that import one another round a loop (strongly connected, two or more). */
export function areaCycles(edges: readonly Edge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  const node = (area: string) => graph.get(area) ?? graph.set(area, new Set()).get(area)!;
  for (const { from, to } of edges) {
    const [a, b] = [areaOf(from), areaOf(to)];
    node(b);
    if (a !== b) node(a).add(b);
  }
  // Tarjan
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = stack.splice(stack.indexOf(v));
    if (group.length > 1) groups.push(group.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return groups;
}

describe('the web floor plan', () => {
  const edges = edgesOf(SRC);

  it('reads the imports of every source file', () => {
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges.filter((e) => !existsSync(join(SRC, e.to))).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('every import points down or stays on its floor, and no page area imports another', () => {
    const excused = new Set(EXCEPTIONS.map((e) => `${e.from} -> ${e.to}`));
    const found = violations(edges);
    expect(found.filter((v) => !excused.has(v.slice(0, v.indexOf(':'))))).toEqual([]);
    // a listed exception whose import is gone leaves the list
    expect([...excused].filter((line) => !found.some((v) => v.startsWith(`${line}:`)))).toEqual([]);
  });

  it('no two areas import each other round a loop', () => {
    const excused = new Set(EXCEPTIONS.map((e) => `${e.from} -> ${e.to}`));
    expect(areaCycles(edges.filter((e) => !excused.has(`${e.from} -> ${e.to}`)))).toEqual([]);
  });
});

describe('the floor-plan checker', () => {
  it('finds static, dynamic, type-only, side-effect and mocked imports, not those in comments or strings', () => {
    // ` stands for ' here, so this file's own imports are not these
    const code = [
      'import { a } from `./a.ts`;',
      'import type {',
      '  B,',
      '  C,',
      '} from `../b.ts`;',
      'import `./c.css`;',
      'export { d } from `./d.ts`;',
      'const Page = lazy(() => import(`../pages/x/X.tsx`));',
      'vi.mock(`../api/e.ts`, async (original) => ({ ...(await original<typeof import(`../api/e.ts`)>()) }));',
      '// import { no } from `./comment.ts`;',
      'const sample = "import { no } from `./string.ts`;";',
    ]
      .join('\n')
      .replaceAll('`', "'");
    expect(specifiers(code).sort()).toEqual(['../api/e.ts', '../api/e.ts', '../b.ts', '../pages/x/X.tsx', './a.ts', './c.css', './d.ts']);
  });

  it.each([
    ['a page area into another', { from: 'pages/finance/A.tsx', to: 'pages/ordering/b.ts' }, 'page area pages/finance imports page area pages/ordering'],
    ['ui up into a page', { from: 'ui/Kit.tsx', to: 'pages/warehouse/docs/x.ts' }, 'up from ui to pages/warehouse'],
    ['api up into ui', { from: 'api/request.ts', to: 'ui/feedback.ts' }, 'up from api to ui'],
    ['the shell up into the router', { from: 'shell/Outlet.tsx', to: 'router/registry.ts' }, 'up from shell to router'],
    ['a folder with no floor', { from: 'pages/home/A.tsx', to: 'store/x.ts' }, 'store has no floor'],
    ['out of web/src', { from: 'ui/x.ts', to: '../../shared/src/x.ts' }, 'leaves web/src'],
  ])('refuses %s', (_name, edge, why) => {
    const found = violations([edge]);
    expect(found).toHaveLength(1);
    expect(found[0]!.startsWith(`${edge.from} -> ${edge.to}: ${why}`)).toBe(true);
  });

  it('lets a file import its own floor and below, and its own page area', () => {
    const fine: Edge[] = [
      { from: 'router/registry.ts', to: 'pages/home/Workbench.tsx' },
      { from: 'pages/finance/A.tsx', to: 'pages/finance/rebate/b.ts' },
      { from: 'pages/finance/A.tsx', to: 'shell/tabs/use-after-save.ts' },
      { from: 'ui/list-page/ListPage.tsx', to: 'access/route-meta.ts' },
      { from: 'api/queries.ts', to: 'access/menu-tree.ts' },
      { from: 'api/request.ts', to: 'auth/session.ts' },
      { from: 'App.tsx', to: 'router/AppRoutes.tsx' },
    ];
    expect(violations(fine)).toEqual([]);
  });

  it('finds a loop between areas', () => {
    const loop: Edge[] = [
      { from: 'api/a.ts', to: 'access/b.ts' },
      { from: 'access/b.ts', to: 'api/c.ts' },
      { from: 'ui/x.ts', to: 'api/a.ts' },
    ];
    expect(areaCycles(loop)).toEqual([['access', 'api']]);
  });
});
