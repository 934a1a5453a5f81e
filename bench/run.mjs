#!/usr/bin/env node
// npm run bench -- <name>: runs bench/<name>.bench.ts with tsx (not part of npm test).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace('.bench.ts', ''));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`用法：npm run bench -- <名称>，可用：${available.join('、')}`);
  process.exit(2);
}
const tsx = join(here, '..', 'node_modules', '.bin', 'tsx');
if (!existsSync(tsx)) {
  console.error('未找到 tsx：请先执行 npm ci');
  process.exit(2);
}
const result = spawnSync(tsx, [join(here, `${name}.bench.ts`), ...process.argv.slice(3)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
