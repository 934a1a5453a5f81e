import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

// The module graph of server/src read from its import statements (static, `export … from`,
// `import type`, dynamic `import('…')`): a module is a folder under modules/, and http, kernel,
// db, demo, backup, config.ts and the other top-level files (app) are areas of their own. Tests and test kits are
// left out: they may reach wherever they need to.

export interface SourceFile {
  /** path relative to server/src */
  path: string;
  text: string;
}

export interface ImportEdge {
  from: string;
  to: string;
  fromModule: string;
  toModule: string;
}

const isTestFile = (name: string) => name.endsWith('.test.ts') || name.includes('test-kit');

/** Every production .ts file under `src`, relative paths. */
export function sourceFiles(src: string): SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return name.endsWith('.ts') && !isTestFile(name) ? [path] : [];
    });
  return walk(src).map((path) => ({ path: relative(src, path), text: readFileSync(path, 'utf8') }));
}

/** The module a path (relative to server/src) belongs to. */
export function moduleOf(path: string): string {
  const parts = path.split('/');
  if (parts[0] === 'modules') return parts[1]!;
  if (parts.length > 1) return parts[0]!;
  return path === 'config.ts' ? 'config' : 'app';
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.{1,2}\/[^']+)'/gm;

/** Every relative import between files, with both ends' modules. */
export function importEdges(files: readonly SourceFile[]): ImportEdge[] {
  return files.flatMap((file) =>
    [...file.text.matchAll(IMPORT)].map((m) => {
      const to = join(dirname(file.path), m[1]!);
      return { from: file.path, to, fromModule: moduleOf(file.path), toModule: moduleOf(to) };
    }),
  );
}

/** Module → the modules it imports (itself left out). */
export function moduleGraph(edges: readonly ImportEdge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!graph.has(e.fromModule)) graph.set(e.fromModule, new Set());
    if (!graph.has(e.toModule)) graph.set(e.toModule, new Set());
    if (e.fromModule !== e.toModule) graph.get(e.fromModule)!.add(e.toModule);
  }
  return graph;
}

/** The loops: strongly connected components of more than one module (Tarjan), each sorted. */
export function loops(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** The file-level imports that cross from one module into another. */
export const crossModule = (edges: readonly ImportEdge[]) => edges.filter((e) => e.fromModule !== e.toModule);

/** Kysely's query starts and the `sql` template: what a file that talks to the database contains. */
const SQL = /\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(?:<[^>]*>)?`/;

/** The files (relative to server/src) that hold SQL. */
export const filesWithSql = (files: readonly SourceFile[]) => files.filter((f) => SQL.test(f.text)).map((f) => f.path);
