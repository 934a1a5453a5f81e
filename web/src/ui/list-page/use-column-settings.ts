import { useCallback, useMemo, useState } from 'react';
import { getUserInfo } from '../../auth/session.ts';
import { canHideColumn, columnsStorageKey, loadSavedColumns, setColumnShown, shownColumnKeys, storeSavedColumns, type ColumnMeta, type SavedColumns } from './column-settings.ts';

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Shown columns of one list, saved per user in localStorage (`erp:columns:<userId>:<listId>`). */
export function useColumnSettings(listId: string, columns: readonly ColumnMeta[]) {
  const storageKey = columnsStorageKey(getUserInfo()?.userId, listId);
  const [saved, setSaved] = useState<{ key: string; choices: SavedColumns }>(() => ({
    key: storageKey,
    choices: loadSavedColumns(localStore(), storageKey),
  }));
  // another user signed in on this tab: read that user's choices
  const choices = saved.key === storageKey ? saved.choices : loadSavedColumns(localStore(), storageKey);

  const shown = useMemo(() => new Set(shownColumnKeys(columns, choices)), [columns, choices]);

  const update = useCallback(
    (next: SavedColumns) => {
      setSaved({ key: storageKey, choices: next });
      storeSavedColumns(localStore(), storageKey, next);
    },
    [storageKey],
  );

  return {
    shown,
    /** whether the checkbox of `key` may be unticked (the last shown column stays) */
    canHide: (key: string) => canHideColumn(columns, choices, key),
    setShown: (key: string, on: boolean) => update(setColumnShown(columns, choices, key, on)),
    reset: () => update({}),
    /** any choice differs from the defaults */
    changed: columns.some((column) => column.key in choices),
  };
}
