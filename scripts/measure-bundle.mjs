// Prints what the browser downloads (gzip level 9, like the precompressed files) for the login
// page and for the shell with the 商品 list, from the Vite manifest of the last `npm run build`.
// Usage: node scripts/measure-bundle.mjs [--json] [--check]
//   --check exits 1 when a budget is exceeded (login JS 200 kB, shell + 商品 list JS 452 kB).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'web/dist');
const manifestFile = join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('找不到 web/dist/.vite/manifest.json：请先运行 npm run build');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The entry, a route's chunk, and every chunk they import statically (what loads before the page shows). */
function closure(keys) {
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return [...files];
}

const sizes = new Map();
function gzipSize(file) {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
}
/** What the server really sends to a browser (web/compress-dist.mjs writes it): brotli. */
function brotliSize(file) {
  const path = join(dist, `${file}.br`);
  if (existsSync(path)) return readFileSync(path).length;
  return brotliCompressSync(readFileSync(join(dist, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

function measure(name, keys, budgetKb) {
  const files = closure(keys);
  const js = files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipSize(f), 0);
  const css = files.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipSize(f), 0);
  const br = files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + brotliSize(f), 0);
  return { name, files: files.length, jsKb: +(js / 1000).toFixed(1), jsBrotliKb: +(br / 1000).toFixed(1), cssKb: +(css / 1000).toFixed(1), budgetKb, ok: js / 1000 <= budgetKb };
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const results = [
  measure('登录页 /login', [entry, 'src/pages/login/LoginPage.tsx'], 200),
  measure('框架 + 商品列表 /erp/product/list', [entry, 'src/shell/ShellRoot.tsx', 'src/pages/product/list/ProductPage.tsx'], 452),
];

if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
else {
  for (const r of results) {
    console.log(
      `${r.ok ? 'ok  ' : 'OVER'} ${r.name}: JS ${r.jsKb} kB gzip (budget ${r.budgetKb} kB; ${r.jsBrotliKb} kB as sent, brotli), CSS ${r.cssKb} kB gzip, ${r.files} files`,
    );
  }
}
if (process.argv.includes('--check') && results.some((r) => !r.ok)) process.exit(1);
