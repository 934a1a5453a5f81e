// `npm start`: builds what is missing or older than its sources, then starts the server
// (migrations and demo data are applied by the server itself).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else if (!/\.test\.tsx?$/.test(path)) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(join(root, p));
  return newest;
}

function stale(output, sources) {
  const target = join(root, output);
  return !existsSync(target) || statSync(target).mtimeMs < newestMtime(sources);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale('web/dist/index.html', ['web/src', 'web/index.html', 'web/vite.config.ts', 'shared/src'])) {
  console.log('构建前端 (web)…');
  run(['run', 'build', '-w', '@erp/web']);
}
if (stale('server/dist/main.js', ['server/src', 'server/build.mjs', 'shared/src'])) {
  console.log('构建服务端 (server)…');
  run(['run', 'build', '-w', '@erp/server']);
}

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
