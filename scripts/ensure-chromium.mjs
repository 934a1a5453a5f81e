// Browser tests run in Debian's Chromium, never a downloaded browser. Installs it where we can
// (root with apt-get); otherwise fails saying how to install it. Never skips silently.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(`找不到 Chromium (${CHROMIUM})。请以 root 运行: apt-get update && apt-get install -y chromium`);
  }
  console.log('未找到 Chromium，正在安装 Debian 的 chromium 包…');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  // a CJK font so screenshots show Chinese text
  execFileSync('apt-get', ['install', '-y', 'chromium', 'fonts-wqy-microhei'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync(CHROMIUM)) throw new Error(`安装后仍找不到 ${CHROMIUM}`);
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
