import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { closeTab } from './tab-rules.ts';
import { useTabStore } from './tab-store.ts';

/**
 * Where a form goes once its document is saved: a 新增 page opens the document and stays (it has
 * started over for the next one); an edit page opens the document and closes its own tab — left
 * open it would only say the document can no longer be edited, or show a stale draft.
 */
export function useAfterSave(editing: boolean): (to: string) => void {
  const store = useTabStore();
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      const from = store.getState().activeKey;
      if (editing && from !== to) {
        // close the edit tab once the document's tab is the active one (opened from the new location)
        const stop = store.subscribe(() => {
          if (store.getState().activeKey === from) return;
          stop();
          store.apply((state) => closeTab(state, from));
        });
      }
      navigate(to);
    },
    [store, navigate, editing],
  );
}
