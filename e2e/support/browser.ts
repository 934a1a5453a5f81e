import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'Erp12345';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 builds the address bar's pop-ups (chrome://omnibox-popup, its AI-mode variant) as
  // web pages of their own for every new window, which a headless test never opens: about a sixth
  // of the browser's CPU per page load. A second --disable-features replaces the first, so this
  // carries Playwright's own list (chromiumSwitches.ts of the pinned playwright-core) too.
  `--disable-features=${[
    ...['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding'],
    ...['ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch'],
    ...['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'],
  ].join(',')}`,
];

export const baseUrl = () => inject('baseUrl');

let workerBrowser: Promise<Browser> | null = null;

/**
 * The browser of a file: the worker's one Chromium (the files of a worker run one after another
 * and share its imports), seen through a handle whose close() closes only the contexts this file
 * opened. A Chromium started per file cost its processes' start-up and a cold cache every file.
 */
export async function launchBrowser(): Promise<Browser> {
  workerBrowser ??= chromium.launch({ executablePath: inject('chromiumPath'), args: FLAGS });
  const browser = await workerBrowser;
  if (!browser.isConnected()) {
    workerBrowser = null;
    return launchBrowser();
  }
  const opened: BrowserContext[] = [];
  const handle: Browser = new Proxy(browser, {
    get(target, property) {
      if (property === 'close') return async () => Promise.all(opened.splice(0).map((c) => c.close().catch(() => undefined)));
      if (property === 'newContext')
        return async (...args: Parameters<Browser['newContext']>) => {
          const context = await target.newContext(...args);
          opened.push(context);
          return context;
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return handle;
}

// One context per browser and app for a file's tests: each test gets a new page in it, with the
// cookies and storage of the test before cleared. The HTTP cache stays, so the app's scripts are
// neither fetched nor compiled again for every test (a fresh context costs twice the CPU per load).
const contexts = new WeakMap<Browser, Map<string, Promise<BrowserContext>>>();

function contextFor(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const byUrl = contexts.get(browser) ?? new Map<string, Promise<BrowserContext>>();
  contexts.set(browser, byUrl);
  // reduced motion: dialogs open at once (the app honours the setting), so no click lands mid-animation
  const context = byUrl.get(baseURL) ?? browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: 'zh-CN', reducedMotion: 'reduce' });
  byUrl.set(baseURL, context);
  return context;
}

/** A new page with empty cookies and storage, with page errors collected for assertions. */
export async function newPage(browser: Browser, baseURL = baseUrl()): Promise<{ page: Page; errors: string[] }> {
  const context = await contextFor(browser, baseURL);
  await context.clearCookies();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(baseURL).origin,
    storageTypes: 'local_storage,indexeddb,websql,service_workers,cache_storage,file_systems',
  });
  // E2E_CPU_THROTTLE=6 runs the page six times slower: how races of a loaded machine are found
  const throttle = Number(process.env.E2E_CPU_THROTTLE);
  if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  else await cdp.detach();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, errors };
}

/** Fills and submits the login page at `loginUrl` (the plain page, or one with ?redirect=). */
async function submitLogin(page: Page, loginUrl: string, account: string, password: string) {
  await page.goto(loginUrl);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export function signIn(page: Page, account: string, password = DEMO_PASSWORD) {
  return submitLogin(page, '/login', account, password);
}

/**
 * Signs in and opens `path` (default: the role's landing page) as a remembered session does: the
 * login answer is fetched from the API and stored as the login page stores it, then the page loads
 * with the shell shown. The login page itself has its own journeys (login-shell, sms-reset,
 * wechat, register); every other journey skips rendering it (a page load and a render each).
 */
export async function signInTo(page: Page, account: string, path = '/', password = DEMO_PASSWORD) {
  // a same-origin address that renders no app: the login call and the storage the app reads at start
  await page.goto('/healthz');
  const failed = await page.evaluate(
    async ({ account, password }) => {
      const res = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account, password }) });
      const answer = await res.json();
      if (answer.code !== '201' || !answer.data?.active) return `${answer.code} ${answer.msg}`;
      const { device, ...info } = answer.data;
      if (device) localStorage.setItem(`loginDevice:${account.toLowerCase()}`, device);
      localStorage.setItem('session', answer.data.session);
      localStorage.setItem('userInfo', JSON.stringify(info));
      return null;
    },
    { account, password },
  );
  if (failed) throw new Error(`sign-in of ${account}: ${failed}`);
  await page.goto(path);
  if (path !== '/') {
    const wanted = new URL(path, 'http://app').pathname;
    await page.waitForURL((url) => url.pathname === wanted);
  }
  await page.getByTestId('tab-strip').waitFor();
}

/** Waits until finite animations (drawers, modals, toasts) have settled, e.g. before a screenshot. */
export function animationsDone(page: Page) {
  return page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

const shotDir = resolve(import.meta.dirname, '../../screenshots');

/** Screenshots land in ./screenshots (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`), fullPage: true });
}

/** Runs a test body in a fresh page; on failure leaves screenshots/failure-<test name>.png. */
export async function withPage<T>(browser: Browser, fn: (page: Page, errors: string[]) => Promise<T>, baseURL = baseUrl()): Promise<T> {
  const { page, errors } = await newPage(browser, baseURL);
  try {
    return await fn(page, errors);
  } catch (error) {
    const name = expect.getState().currentTestName ?? 'unknown';
    await screenshot(page, `failure-${name.replace(/[^\w\u4e00-\u9fa5-]+/g, '_')}`).catch(() => undefined);
    throw error;
  } finally {
    await page.close();
  }
}

/**
 * Opens the header avatar's hover menu and clicks one item. Under load a hover can land while the
 * header re-renders (a tab opening), and the menu never opens; moving away and hovering again is
 * what a user does, so this retries until the item shows.
 */
export async function chooseAvatarItem(page: Page, item: 'menu-usercenter' | 'menu-logout') {
  const entry = page.getByTestId(item);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await page.getByTestId('avatar-menu').hover();
    const shown = await entry
      .waitFor({ state: 'visible', timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    await page.mouse.move(0, 0);
  }
  await entry.click();
}
