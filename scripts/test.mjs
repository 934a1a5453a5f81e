// `npm test`: lint and format check (Biome), typecheck, unit (shared + web), components (happy-dom), server integration, then build and end-to-end in
// headless Chromium. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

function step(title, command, args) {
  const t0 = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

ensureChromium();
step('lint and format (Biome)', 'npx', ['biome', 'check', '.']);
step('typecheck', 'npm', ['run', 'typecheck']);
// two workers on our two cores (vitest's default leaves one idle): 323 s instead of 492–515 s; the
// server files each build their own embedded database, so they never share state
step('unit, component and server tests', 'npx', ['vitest', 'run', '--project', 'shared', '--project', 'web', '--project', 'components', '--project', 'server', '--maxWorkers=2']);
step('build', 'npm', ['run', 'build']);
// what a browser downloads may not creep: login JS ≤ 200 kB gzip, shell + 商品 list ≤ 452 kB (issue 26's 450, raised by the one money kit every list now shares)
step('bundle budget', 'node', ['scripts/measure-bundle.mjs', '--check']);
step('end-to-end tests (headless Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']);
console.log(`\nall tests passed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
