// Browser tests run in Debian's Chromium, never a downloaded browser. Installs it where we can
// (root with apt-get); otherwise fails saying how to install it. Never skips silently.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const canInstall = () => typeof process.getuid === 'function' && process.getuid() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

/** Whether a font with Chinese glyphs is installed (fc-list ships with fontconfig, a chromium dependency). */
function hasChineseFont() {
  const result = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.trim() !== '';
}

/** Screenshots without a CJK font show boxes for every Chinese character: add one where we can. */
function ensureChineseFont() {
  if (hasChineseFont() || !canInstall()) return;
  console.log('未找到中文字体，正在安装 fonts-wqy-microhei（截图中显示中文）…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['install', '-y', 'fonts-wqy-microhei'], { stdio: 'inherit', env }).status !== 0) {
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'fonts-wqy-microhei'], { stdio: 'inherit', env });
  }
}

export function ensureChromium() {
  if (existsSync(CHROMIUM)) {
    ensureChineseFont();
    return CHROMIUM;
  }
  if (!canInstall()) {
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
