import { createContext, useContext, useSyncExternalStore } from 'react';
import type { TabState } from './tab-rules.ts';

/** A thin store around the pure tab rules: one per shell mount (i.e. per login). */
export interface TabStore {
  getState(): TabState;
  subscribe(listener: () => void): () => void;
  /** Applies a rule; returns the previous and the next state. */
  apply(rule: (state: TabState) => TabState): { prev: TabState; next: TabState };
}

export function createTabStore(initial: TabState): TabStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply(rule) {
      const prev = state;
      const next = rule(prev);
      if (next !== prev) {
        state = next;
        for (const listener of listeners) listener();
      }
      return { prev, next };
    },
  };
}

export const TabStoreContext = createContext<TabStore | null>(null);

export function useTabStore(): TabStore {
  const store = useContext(TabStoreContext);
  if (!store) throw new Error('TabStoreContext missing');
  return store;
}

export function useTabState(): TabState {
  const store = useTabStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}
