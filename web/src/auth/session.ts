import type { LoginResult } from '@erp/shared';

/** localStorage keys (SPEC §3: session id and user info are stored locally at login). */
export const SESSION_KEY = 'session';
export const USER_INFO_KEY = 'userInfo';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getSession(): string | null {
  return storage()?.getItem(SESSION_KEY) || null;
}

/** The stored login answer: session, account, active, roleType, name, image, userId, landing. */
export function getUserInfo(): LoginResult | null {
  const raw = storage()?.getItem(USER_INFO_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as LoginResult;
  } catch {
    return null;
  }
}

/** Stores a successful login: the session id and the login answer (the device token apart: it outlives the session). */
export function setSession(result: LoginResult): void {
  const store = storage();
  if (!store) return;
  const { device, ...info } = result;
  if (device) rememberLoginDevice(result.account, device);
  store.setItem(SESSION_KEY, result.session);
  store.setItem(USER_INFO_KEY, JSON.stringify(info));
}

// 登录设备: per account, kept across sign-outs, so the owner is never held back by a guesser's failures
const deviceKey = (account: string) => `loginDevice:${account.trim().toLowerCase()}`;

export function loginDeviceOf(account: string): string | undefined {
  return storage()?.getItem(deviceKey(account)) || undefined;
}

export function rememberLoginDevice(account: string, device: string): void {
  storage()?.setItem(deviceKey(account), device);
}

/** The shell's open tabs per user (sessionStorage, shell/tabs/tab-persist.ts): a sign-out clears them. */
export const SAVED_TABS_PREFIX = 'erp:tabs:';

function clearSavedTabs(): void {
  let tabs: Storage | null;
  try {
    tabs = typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return;
  }
  if (!tabs) return;
  for (const key of Object.keys(tabs)) if (key.startsWith(SAVED_TABS_PREFIX)) tabs.removeItem(key);
}

export function clearSession(): void {
  clearSavedTabs();
  const store = storage();
  if (!store) return;
  store.removeItem(SESSION_KEY);
  store.removeItem(USER_INFO_KEY);
}
