import { SAVED_TABS_PREFIX as PREFIX } from '../../auth/session.ts';
import type { TabState } from './tab-rules.ts';

// Open tabs survive a reload of the browser tab (sessionStorage), per user; sign-out clears them (auth/session.ts).

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function loadSavedTabs(userId: number): unknown {
  const raw = store()?.getItem(`${PREFIX}${userId}`);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function saveTabs(userId: number, state: TabState): void {
  const tabs = state.tabs.map(({ key, path, title, closable, url }) => ({ key, path, title, closable, url }));
  try {
    store()?.setItem(`${PREFIX}${userId}`, JSON.stringify({ tabs, activeKey: state.activeKey }));
  } catch {
    // storage full or blocked: tabs just do not survive a reload
  }
}
