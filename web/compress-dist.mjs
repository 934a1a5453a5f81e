// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text asset of dist/
// of at least 1 kB, so the server sends them as they are (server/src/http/web-static.ts). A copy
// that would not be smaller is not written; the server then falls back to the next encoding.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const dist = new URL('./dist/', import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|xml|webmanifest)$/;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // .vite holds the manifest (read by scripts/measure-bundle.mjs), not served
    if (name === '.vite') return [];
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const started = Date.now();
let count = 0;
let before = 0;
let after = 0;
await Promise.all(
  files(dist)
    .filter((path) => TEXT.test(path) && !path.endsWith('.map'))
    .map(async (path) => {
      const source = readFileSync(path);
      for (const stale of ['.br', '.gz']) rmSync(path + stale, { force: true });
      if (source.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
        gzipAsync(source, { level: 9 }),
      ]);
      if (br.length < source.length) writeFileSync(`${path}.br`, br);
      if (gz.length < source.length) writeFileSync(`${path}.gz`, gz);
      count += 1;
      before += source.length;
      after += br.length;
    }),
);
console.log(`precompressed ${count} files: ${(before / 1e6).toFixed(2)} MB → ${(after / 1e6).toFixed(2)} MB brotli (${Date.now() - started} ms)`);
