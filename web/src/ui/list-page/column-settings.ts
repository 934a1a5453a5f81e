/** What column settings need to know of a column. */
export interface ColumnMeta {
  key: string;
  title: string;
  /** false: always shown, not in the settings (e.g. 操作); default true */
  hideable?: boolean;
  /** hidden until the user shows it */
  defaultHidden?: boolean;
}

/** Saved choices, column key -> shown; only choices that differ from the default are kept. */
export type SavedColumns = Record<string, boolean>;

/** localStorage key: per user, per list. */
export function columnsStorageKey(userId: number | string | null | undefined, listId: string): string {
  return `erp:columns:${userId ?? 'anonymous'}:${listId}`;
}

/** Stored text -> choices; anything unreadable counts as no choices. */
export function parseSavedColumns(raw: string | null | undefined): SavedColumns {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: SavedColumns = {};
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'boolean') out[key] = value;
    return out;
  } catch {
    return {};
  }
}

const isHideable = (column: ColumnMeta) => column.hideable !== false;

/** Whether a column shows: unhideable always; else the saved choice, else its default. */
export function isColumnShown(column: ColumnMeta, saved: SavedColumns): boolean {
  if (!isHideable(column)) return true;
  return saved[column.key] ?? !column.defaultHidden;
}

/**
 * Merges saved choices with the page's current columns: keys of columns that no longer exist
 * are ignored, new columns take their default. If nothing would show, the defaults apply.
 */
export function shownColumnKeys(columns: readonly ColumnMeta[], saved: SavedColumns): string[] {
  const shown = columns.filter((column) => isColumnShown(column, saved)).map((column) => column.key);
  if (shown.length > 0 || columns.length === 0) return shown;
  return shownColumnKeys(columns, {});
}

/** Whether the user may hide this column now: the last shown column stays. */
export function canHideColumn(columns: readonly ColumnMeta[], saved: SavedColumns, key: string): boolean {
  const column = columns.find((c) => c.key === key);
  if (!column || !isHideable(column)) return false;
  const shown = shownColumnKeys(columns, saved);
  return !shown.includes(key) || shown.length > 1;
}

/** The choices after showing or hiding one column; a choice equal to the default is dropped. */
export function setColumnShown(columns: readonly ColumnMeta[], saved: SavedColumns, key: string, shown: boolean): SavedColumns {
  const column = columns.find((c) => c.key === key);
  if (!column || !isHideable(column)) return saved;
  if (!shown && !canHideColumn(columns, saved, key)) return saved;
  const next: SavedColumns = {};
  // keep only choices for columns that still exist
  for (const c of columns) if (c.key !== key && c.key in saved) next[c.key] = saved[c.key];
  if (shown !== !column.defaultHidden) next[key] = shown;
  return next;
}

export function loadSavedColumns(storage: Pick<Storage, 'getItem'> | null, key: string): SavedColumns {
  try {
    return parseSavedColumns(storage?.getItem(key));
  } catch {
    return {};
  }
}

/** Writes the choices; none left removes the key. */
export function storeSavedColumns(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, key: string, saved: SavedColumns): void {
  try {
    if (Object.keys(saved).length === 0) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(saved));
  } catch {
    // storage full or blocked: the choice lasts for this page only
  }
}
