import { describe, expect, it } from 'vitest';
import { canHideColumn, columnsStorageKey, loadSavedColumns, parseSavedColumns, setColumnShown, shownColumnKeys, storeSavedColumns, type ColumnMeta } from './column-settings.ts';

const columns: ColumnMeta[] = [
  { key: 'createdAt', title: '申请时间' },
  { key: 'name', title: '名称' },
  { key: 'remark', title: '备注', defaultHidden: true },
  { key: 'actions', title: '操作', hideable: false },
];

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('column settings', () => {
  it('keys the storage by user and list', () => {
    expect(columnsStorageKey(7, 'system-registration')).toBe('erp:columns:7:system-registration');
    expect(columnsStorageKey(undefined, 'x')).toBe('erp:columns:anonymous:x');
  });

  it('shows the defaults without saved choices', () => {
    expect(shownColumnKeys(columns, {})).toEqual(['createdAt', 'name', 'actions']);
  });

  it('merges saved choices with the current columns', () => {
    // a removed column's choice is ignored; a new column takes its default
    const saved = { name: false, remark: true, gone: false };
    expect(shownColumnKeys(columns, saved)).toEqual(['createdAt', 'remark', 'actions']);
    expect(shownColumnKeys([...columns, { key: 'added', title: '新列' }], saved)).toContain('added');
    // an unhideable column shows whatever was saved
    expect(shownColumnKeys(columns, { actions: false })).toContain('actions');
  });

  it('keeps only choices that differ from the default', () => {
    let saved = setColumnShown(columns, {}, 'name', false);
    expect(saved).toEqual({ name: false });
    saved = setColumnShown(columns, saved, 'remark', true);
    expect(saved).toEqual({ name: false, remark: true });
    saved = setColumnShown(columns, saved, 'name', true);
    expect(saved).toEqual({ remark: true });
    expect(setColumnShown(columns, { gone: true }, 'remark', false)).toEqual({});
    expect(setColumnShown(columns, {}, 'actions', false)).toEqual({});
  });

  it('never hides the last shown column', () => {
    const two: ColumnMeta[] = [
      { key: 'a', title: 'A' },
      { key: 'b', title: 'B' },
    ];
    const saved = setColumnShown(two, {}, 'a', false);
    expect(canHideColumn(two, saved, 'b')).toBe(false);
    expect(setColumnShown(two, saved, 'b', false)).toBe(saved);
    expect(canHideColumn(two, saved, 'a')).toBe(true);
    // everything hidden by a stale choice: the defaults apply
    expect(shownColumnKeys(two, { a: false, b: false })).toEqual(['a', 'b']);
  });

  it('reads tolerant of bad stored text, and removes the key when back to the defaults', () => {
    expect(parseSavedColumns('not json')).toEqual({});
    expect(parseSavedColumns('[1,2]')).toEqual({});
    expect(parseSavedColumns('{"a":false,"b":"x"}')).toEqual({ a: false });
    const storage = memoryStorage();
    storeSavedColumns(storage, 'k', { name: false });
    expect(loadSavedColumns(storage, 'k')).toEqual({ name: false });
    storeSavedColumns(storage, 'k', {});
    expect(storage.data.has('k')).toBe(false);
    expect(loadSavedColumns(null, 'k')).toEqual({});
  });
});
