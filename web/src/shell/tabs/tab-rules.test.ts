import { describe, expect, it } from 'vitest';
import {
  HOME_TAB_TITLE,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  initialTabs,
  mountKey,
  openTab,
  refreshTab,
  restoreTabs,
  tabActions,
  tabUrl,
  type Tab,
  type TabState,
} from './tab-rules.ts';

const LANDING = '/erp/sells/fullstatist';
const tab = (key: string, title = key): Tab => ({ key, path: key.split('?')[0], title, closable: true });

/** landing + /a + /b + /c, with `active` active */
function fourTabs(active: string): TabState {
  let state = initialTabs(LANDING);
  for (const key of ['/a', '/b', '/c']) state = openTab(state, tab(key));
  return { ...state, activeKey: active };
}
const keys = (state: TabState) => state.tabs.map((t) => t.key);

describe('initialTabs', () => {
  it('holds only the fixed landing tab titled 首页', () => {
    const state = initialTabs(LANDING);
    expect(state.tabs).toEqual([{ key: LANDING, path: LANDING, title: HOME_TAB_TITLE, closable: false }]);
    expect(HOME_TAB_TITLE).toBe('首页');
    expect(state.activeKey).toBe(LANDING);
  });
});

describe('openTab', () => {
  it('appends a new tab and activates it', () => {
    const state = openTab(initialTabs(LANDING), tab('/a'));
    expect(keys(state)).toEqual([LANDING, '/a']);
    expect(state.activeKey).toBe('/a');
  });

  it('activates an open tab instead of duplicating it', () => {
    const state = openTab(fourTabs('/c'), tab('/a'));
    expect(keys(state)).toEqual([LANDING, '/a', '/b', '/c']);
    expect(state.activeKey).toBe('/a');
  });

  it('treats a different query as a different tab (key is the full path)', () => {
    const state = openTab(openTab(initialTabs(LANDING), tab('/d?id=1')), tab('/d?id=2'));
    expect(keys(state)).toEqual([LANDING, '/d?id=1', '/d?id=2']);
  });

  it("keeps a listed page's latest address: a list's query moves with it, no second tab", () => {
    const list = (url: string): Tab => ({ ...tab('/list'), url });
    let state = openTab(fourTabs('/a'), list('/list?status=draft'));
    state = openTab(state, list('/list?status=draft&page=2'));
    state = openTab(state, tab('/b'));
    expect(keys(state)).toEqual([LANDING, '/a', '/b', '/c', '/list']);
    const kept = state.tabs.find((t) => t.key === '/list')!;
    expect(tabUrl(kept)).toBe('/list?status=draft&page=2');
    expect(tabUrl(state.tabs[1]!)).toBe('/a');
  });

  it('returns the same state when nothing changes', () => {
    const state = fourTabs('/b');
    expect(openTab(state, tab('/b'))).toBe(state);
  });

  it('keeps the fixed tab title 首页 when its path is opened with a menu title', () => {
    const state = openTab(fourTabs('/a'), { ...tab(LANDING, '销售统计'), closable: false });
    expect(state.tabs[0].title).toBe('首页');
    expect(state.activeKey).toBe(LANDING);
  });
});

describe('closeTab', () => {
  it('activates the next tab when the active tab closes', () => {
    const state = closeTab(fourTabs('/a'), '/a');
    expect(keys(state)).toEqual([LANDING, '/b', '/c']);
    expect(state.activeKey).toBe('/b');
  });

  it('activates the previous tab when the active last tab closes', () => {
    const state = closeTab(fourTabs('/c'), '/c');
    expect(keys(state)).toEqual([LANDING, '/a', '/b']);
    expect(state.activeKey).toBe('/b');
  });

  it('keeps the active tab when another tab closes', () => {
    const state = closeTab(fourTabs('/a'), '/c');
    expect(keys(state)).toEqual([LANDING, '/a', '/b']);
    expect(state.activeKey).toBe('/a');
  });

  it('never closes the fixed tab, and ignores unknown keys', () => {
    const state = fourTabs(LANDING);
    expect(closeTab(state, LANDING)).toBe(state);
    expect(closeTab(state, '/nope')).toBe(state);
  });
});

describe('closeOthers', () => {
  it('keeps the fixed tab and the chosen one, which becomes active', () => {
    const state = closeOthers(fourTabs('/c'), '/b');
    expect(keys(state)).toEqual([LANDING, '/b']);
    expect(state.activeKey).toBe('/b');
  });

  it('on the fixed tab leaves only the fixed tab', () => {
    const state = closeOthers(fourTabs('/a'), LANDING);
    expect(keys(state)).toEqual([LANDING]);
    expect(state.activeKey).toBe(LANDING);
  });
});

describe('closeLeft', () => {
  it('closes closable tabs left of the chosen one and keeps the fixed tab', () => {
    const state = closeLeft(fourTabs('/c'), '/b');
    expect(keys(state)).toEqual([LANDING, '/b', '/c']);
    expect(state.activeKey).toBe('/c');
  });

  it('moves the active tab to the chosen one when the active one closes', () => {
    const state = closeLeft(fourTabs('/a'), '/c');
    expect(keys(state)).toEqual([LANDING, '/c']);
    expect(state.activeKey).toBe('/c');
  });

  it('changes nothing left of the first closable tab', () => {
    const state = fourTabs('/a');
    expect(closeLeft(state, '/a')).toBe(state);
  });
});

describe('closeRight', () => {
  it('closes tabs right of the chosen one', () => {
    const state = closeRight(fourTabs('/a'), '/a');
    expect(keys(state)).toEqual([LANDING, '/a']);
    expect(state.activeKey).toBe('/a');
  });

  it('moves the active tab to the chosen one when the active one closes', () => {
    const state = closeRight(fourTabs('/c'), '/a');
    expect(keys(state)).toEqual([LANDING, '/a']);
    expect(state.activeKey).toBe('/a');
  });

  it('from the fixed tab closes every other tab but never the fixed one', () => {
    const state = closeRight(fourTabs('/b'), LANDING);
    expect(keys(state)).toEqual([LANDING]);
    expect(state.activeKey).toBe(LANDING);
  });
});

describe('tabActions', () => {
  it('reports which actions would change anything', () => {
    const state = fourTabs('/b');
    expect(tabActions(state, LANDING)).toEqual({ refresh: true, close: false, closeOthers: true, closeLeft: false, closeRight: true });
    expect(tabActions(state, '/a')).toEqual({ refresh: true, close: true, closeOthers: true, closeLeft: false, closeRight: true });
    expect(tabActions(state, '/c')).toEqual({ refresh: true, close: true, closeOthers: true, closeLeft: true, closeRight: false });
    expect(tabActions(initialTabs(LANDING), LANDING)).toEqual({
      refresh: true,
      close: false,
      closeOthers: false,
      closeLeft: false,
      closeRight: false,
    });
  });
});

describe('refreshTab', () => {
  it('gives the tab a new mount key and leaves order and active tab alone', () => {
    const state = fourTabs('/b');
    const before = state.tabs.map(mountKey);
    const next = refreshTab(state, '/a');
    expect(keys(next)).toEqual(keys(state));
    expect(next.activeKey).toBe('/b');
    expect(mountKey(next.tabs[1])).not.toBe(before[1]);
    expect(next.tabs.filter((_, i) => i !== 1).map(mountKey)).toEqual(before.filter((_, i) => i !== 1));
    expect(mountKey(refreshTab(next, '/a').tabs[1])).not.toBe(mountKey(next.tabs[1]));
  });

  it('refreshes the fixed tab too, and ignores unknown keys', () => {
    const state = fourTabs('/b');
    expect(mountKey(refreshTab(state, LANDING).tabs[0])).not.toBe(LANDING);
    expect(refreshTab(state, '/nope')).toBe(state);
  });
});

describe('restoreTabs', () => {
  const openable = (t: Tab) => t.path !== '/gone';
  it('brings back saved tabs and the active one', () => {
    const saved = fourTabs('/b');
    const restored = restoreTabs(JSON.parse(JSON.stringify(saved)), LANDING, openable);
    expect(keys(restored)).toEqual([LANDING, '/a', '/b', '/c']);
    expect(restored.activeKey).toBe('/b');
    expect(restored.tabs[0]).toMatchObject({ title: HOME_TAB_TITLE, closable: false });
  });

  it('drops tabs no longer openable, duplicates and junk; falls back to the landing tab', () => {
    const saved = {
      tabs: [tab('/gone'), tab('/a'), tab('/a'), { key: 3 }, null, { ...tab(LANDING), closable: true }],
      activeKey: '/gone',
    };
    const restored = restoreTabs(saved, LANDING, openable);
    expect(keys(restored)).toEqual([LANDING, '/a']);
    expect(restored.activeKey).toBe(LANDING);
    expect(restored.tabs[0].closable).toBe(false);
  });

  it("brings back a tab's address only when it is that tab's page", () => {
    const saved = {
      tabs: [
        { ...tab('/a'), url: '/a?page=3' },
        { ...tab('/b'), url: '/elsewhere?x=1' },
      ],
      activeKey: '/a',
    };
    const restored = restoreTabs(saved, LANDING, openable);
    expect(restored.tabs.map(tabUrl)).toEqual([LANDING, '/a?page=3', '/b']);
  });

  it('starts afresh from anything that is not a saved state', () => {
    for (const bad of [null, 'x', 42, { tabs: 'no' }]) expect(restoreTabs(bad, LANDING, openable)).toEqual(initialTabs(LANDING));
  });
});
