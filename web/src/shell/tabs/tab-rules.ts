/** Tab strip rules (SPEC §2 Tab strip, §4 Closing tabs) as pure functions over an array. */

export interface Tab {
  /** one tab per key: the pathname, plus the search for a page it identifies (详情 ?id=) */
  key: string;
  /** pathname only */
  path: string;
  /** the tab's latest full address (pathname + search, e.g. a list's filters): switching back goes here */
  url?: string;
  title: string;
  /** false for the fixed first tab (the landing page, 首页) */
  closable: boolean;
  /** bumped by 刷新: the page is mounted afresh under a new generation */
  generation?: number;
}

export interface TabState {
  tabs: Tab[];
  activeKey: string;
}

export const HOME_TAB_TITLE = '首页';

/** The initial state: only the fixed landing tab, active. */
export function initialTabs(landingPath: string): TabState {
  const fixed: Tab = { key: landingPath, path: landingPath, title: HOME_TAB_TITLE, closable: false };
  return { tabs: [fixed], activeKey: fixed.key };
}

/** Where switching to a tab goes: its latest address, else its key. */
export function tabUrl(tab: Tab): string {
  return tab.url ?? tab.key;
}

/**
 * Adds the tab at the end, or activates it when its key is open already (title refreshed, its
 * address now the one opened, e.g. a list's new filters).
 */
export function openTab(state: TabState, tab: Tab): TabState {
  const at = state.tabs.findIndex((t) => t.key === tab.key);
  if (at < 0) return { tabs: [...state.tabs, tab], activeKey: tab.key };
  const current = state.tabs[at];
  const title = current.closable ? tab.title : current.title;
  const url = tab.url ?? current.url;
  const changed = title !== current.title || url !== current.url;
  const tabs = changed ? state.tabs.map((t, i) => (i === at ? { ...t, title, ...(url === undefined ? {} : { url }) } : t)) : state.tabs;
  if (tabs === state.tabs && state.activeKey === tab.key) return state;
  return { tabs, activeKey: tab.key };
}

/** Closes one tab. Closing the active tab activates the next tab, otherwise the previous one. */
export function closeTab(state: TabState, key: string): TabState {
  const at = state.tabs.findIndex((t) => t.key === key);
  if (at < 0 || !state.tabs[at].closable) return state;
  const tabs = state.tabs.filter((_, i) => i !== at);
  if (state.activeKey !== key) return { tabs, activeKey: state.activeKey };
  const next = state.tabs[at + 1] ?? state.tabs[at - 1];
  return { tabs, activeKey: next ? next.key : state.activeKey };
}

function keepActive(state: TabState, tabs: Tab[], key: string): TabState {
  if (tabs.length === state.tabs.length) return state;
  const activeKey = tabs.some((t) => t.key === state.activeKey) ? state.activeKey : key;
  return { tabs, activeKey };
}

/** Keeps the fixed tabs and `key`; `key` becomes active. */
export function closeOthers(state: TabState, key: string): TabState {
  if (!state.tabs.some((t) => t.key === key)) return state;
  return { tabs: state.tabs.filter((t) => !t.closable || t.key === key), activeKey: key };
}

/** Closes the closable tabs left of `key`; if the active one goes, `key` becomes active. */
export function closeLeft(state: TabState, key: string): TabState {
  const at = state.tabs.findIndex((t) => t.key === key);
  if (at < 0) return state;
  return keepActive(
    state,
    state.tabs.filter((t, i) => i >= at || !t.closable),
    key,
  );
}

/** Closes the closable tabs right of `key`; if the active one goes, `key` becomes active. */
export function closeRight(state: TabState, key: string): TabState {
  const at = state.tabs.findIndex((t) => t.key === key);
  if (at < 0) return state;
  return keepActive(
    state,
    state.tabs.filter((t, i) => i <= at || !t.closable),
    key,
  );
}

/** 刷新: the tab's page is remounted (its state dropped); the tab stays where it is. */
export function refreshTab(state: TabState, key: string): TabState {
  const at = state.tabs.findIndex((t) => t.key === key);
  if (at < 0) return state;
  const tabs = state.tabs.map((t, i) => (i === at ? { ...t, generation: (t.generation ?? 0) + 1 } : t));
  return { tabs, activeKey: state.activeKey };
}

/** The key a page is mounted under: a refreshed tab gets a new one. */
export function mountKey(tab: Tab): string {
  return tab.generation ? `${tab.key}#${tab.generation}` : tab.key;
}

/**
 * Tabs saved before a reload, made safe again: the fixed landing tab first, only tabs the
 * user may still open (`isOpenable`), each key once, and an active key that exists.
 */
export function restoreTabs(saved: unknown, landingPath: string, isOpenable: (tab: Tab) => boolean): TabState {
  const fresh = initialTabs(landingPath);
  if (!saved || typeof saved !== 'object') return fresh;
  const { tabs, activeKey } = saved as Partial<TabState>;
  if (!Array.isArray(tabs)) return fresh;
  const kept: Tab[] = [fresh.tabs[0]];
  for (const t of tabs as unknown[]) {
    if (!t || typeof t !== 'object') continue;
    const { key, path, title, url } = t as Partial<Tab>;
    if (typeof key !== 'string' || typeof path !== 'string' || typeof title !== 'string') continue;
    if (key === landingPath || kept.some((k) => k.key === key)) continue;
    // the saved address only when it is still this tab's page
    const tab: Tab = { key, path, title, closable: true, ...(typeof url === 'string' && (url === path || url.startsWith(`${path}?`)) ? { url } : {}) };
    if (isOpenable(tab)) kept.push(tab);
  }
  const active = kept.some((t) => t.key === activeKey) ? (activeKey as string) : fresh.activeKey;
  return { tabs: kept, activeKey: active };
}

/** What the strip's menu may do for one tab (for disabling entries). */
export function tabActions(state: TabState, key: string) {
  const at = state.tabs.findIndex((t) => t.key === key);
  const closable = (t: Tab) => t.closable;
  return {
    refresh: at >= 0,
    close: at >= 0 && state.tabs[at].closable,
    closeOthers: at >= 0 && state.tabs.some((t, i) => i !== at && closable(t)),
    closeLeft: at > 0 && state.tabs.slice(0, at).some(closable),
    closeRight: at >= 0 && state.tabs.slice(at + 1).some(closable),
  };
}
