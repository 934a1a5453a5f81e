// npm run typecheck: two lanes side by side on our two cores — the server with the benchmarks (one
// program, the longest), and shared, web and e2e one after another. Exits non-zero if any fails.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = (project) =>
  new Promise((done) => {
    const child = spawn('npx', ['tsc', '-p', project, '--noEmit'], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => done(code === 0));
  });

async function lane(projects) {
  let ok = true;
  for (const project of projects) ok = (await tsc(project)) && ok;
  return ok;
}

const results = await Promise.all([lane(['tsconfig.server-bench.json']), lane(['shared', 'web', 'e2e'])]);
process.exit(results.every(Boolean) ? 0 : 1);
