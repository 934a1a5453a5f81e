// Bundles the server (and the shared package) into dist/main.js; npm dependencies stay external.
// Then writes dist/pglite-template.tar.gz (a new, migrated embedded database) unless the one
// there is newer than every migration: a first start loads it instead of running initdb.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@erp/shared');

await build({
  entryPoints: { main: 'src/main.ts', 'migrate-cli': 'src/migrate-cli.ts', 'make-template': 'src/db/make-template.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

const template = 'dist/pglite-template.tar.gz';
const sources = ['src/db/migrate.ts', 'src/db/database.ts', ...readdirSync('src/db/migrations').map((name) => `src/db/migrations/${name}`)];
const newest = Math.max(...sources.map((path) => statSync(path).mtimeMs), statSync('package.json').mtimeMs);
if (!existsSync(template) || statSync(template).mtimeMs < newest) {
  const result = spawnSync(process.execPath, ['dist/make-template.js', template], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
