import type { Db } from '../../db/database.ts';
import { loadReferenceRows, PRODUCT_DICT_CODES, type ProductDictCode, type ReferenceRowSet } from './products-import.repo.ts';
import type { DictSets } from './products.validate.ts';

// The reference data of an import as maps, read once per call: a cell names a brand, category,
// size group, colour or supplier by code or name, a dictionary item by label or value.

export interface Named {
  id: number;
  code: string;
  name: string;
  enabled: boolean;
}

/** One match, several (a name used twice: the caller asks for the code or the path), or none. */
export type Found<T> = { item: T } | { ambiguous: T[] } | null;

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

function pick<T>(list: T[] | undefined): Found<T> | undefined {
  if (!list || list.length === 0) return undefined;
  return list.length === 1 ? { item: list[0]! } : { ambiguous: list };
}

/** Code as written, then name as written, then either without regard to case. */
function resolverOf<T extends Named>(rows: readonly T[]): (text: string) => Found<T> {
  const byCode = groupBy(rows, (r) => r.code);
  const byName = groupBy(rows, (r) => r.name);
  const byCodeLower = groupBy(rows, (r) => r.code.toLowerCase());
  const byNameLower = groupBy(rows, (r) => r.name.toLowerCase());
  return (text) => {
    const lower = text.toLowerCase();
    return pick(byCode.get(text)) ?? pick(byName.get(text)) ?? pick(byCodeLower.get(lower)) ?? pick(byNameLower.get(lower)) ?? null;
  };
}

export interface CategoryRef extends Named {
  /** 女装/外套/大衣 */
  path: string;
}

/** Code, then a path like 女装/连衣裙 (the names from the top down, levels may be left out), then the name alone. */
function categoryResolver(rows: ReferenceRowSet['categories']): { resolve: (text: string) => Found<CategoryRef>; byId: Map<number, CategoryRef> } {
  const byIdRaw = new Map(rows.map((r) => [r.id, r]));
  const chain = (id: number): string[] => {
    const names: string[] = [];
    for (let row = byIdRaw.get(id); row && names.length < 10; row = row.parent_id === null ? undefined : byIdRaw.get(row.parent_id)) names.unshift(row.name);
    return names;
  };
  const refs: (CategoryRef & { chain: string[] })[] = rows.map((r) => {
    const names = chain(r.id);
    return { id: r.id, code: r.code, name: r.name, enabled: r.enabled, path: names.join('/'), chain: names };
  });
  const byCode = groupBy(refs, (r) => r.code);
  const byName = groupBy(refs, (r) => r.name);
  const byCodeLower = groupBy(refs, (r) => r.code.toLowerCase());
  const byPath = (segments: string[]) =>
    (byName.get(segments.at(-1)!) ?? []).filter((r) => {
      // the earlier segments are ancestors, top down, in order
      let at = 0;
      for (const name of r.chain.slice(0, -1)) if (name === segments[at]) at += 1;
      return at === segments.length - 1;
    });
  const resolve = (text: string): Found<CategoryRef> => {
    const code = pick(byCode.get(text));
    if (code) return code;
    if (/[/／]/.test(text)) return pick(byPath(text.split(/[/／]/).map((s) => s.trim()))) ?? null;
    return pick(byName.get(text)) ?? pick(byCodeLower.get(text.toLowerCase())) ?? null;
  };
  return { resolve, byId: new Map(refs.map((r) => [r.id, r])) };
}

export interface SizeRef {
  id: number;
  group_id: number;
  name: string;
  sort: number;
}

export interface DictRefs {
  /** label or value → value */
  resolve: (code: ProductDictCode, text: string) => string | undefined;
  /** value → label ('' stays '', an unknown value shows as itself) */
  label: (code: ProductDictCode, value: string) => string;
  sets: DictSets;
}

export function dictRefsOf(items: ReferenceRowSet['dictItems']): DictRefs {
  const byName = new Map<string, string>();
  const byValue = new Map<string, string>();
  const labels = new Map<string, string>();
  const sets = Object.fromEntries(PRODUCT_DICT_CODES.map((code) => [code, new Set<string>()])) as unknown as DictSets;
  for (const item of items) {
    const code = item.dict_code as ProductDictCode;
    byName.set(`${code}\u0000${item.name}`, item.value);
    byValue.set(`${code}\u0000${item.value.toLowerCase()}`, item.value);
    labels.set(`${code}\u0000${item.value}`, item.name);
    sets[code].add(item.value);
  }
  return {
    resolve: (code, text) => byName.get(`${code}\u0000${text}`) ?? byValue.get(`${code}\u0000${text.toLowerCase()}`),
    label: (code, value) => (value ? (labels.get(`${code}\u0000${value}`) ?? value) : ''),
    sets,
  };
}

export interface ImportRefs {
  brand: (text: string) => Found<Named>;
  category: (text: string) => Found<CategoryRef>;
  sizeGroup: (text: string) => Found<Named>;
  colour: (text: string) => Found<Named>;
  supplier: (text: string) => Found<Named>;
  /** a size of the group by name (as written, else without regard to case) */
  size: (groupId: number, text: string) => SizeRef | undefined;
  sizesById: Map<number, SizeRef>;
  coloursById: Map<number, Named>;
  dicts: DictRefs;
}

export async function loadImportRefs(db: Db): Promise<ImportRefs> {
  const rows = await loadReferenceRows(db);
  const sizesByGroup = groupBy(rows.sizes, (s) => String(s.group_id));
  return {
    brand: resolverOf(rows.brands),
    category: categoryResolver(rows.categories).resolve,
    sizeGroup: resolverOf(rows.sizeGroups),
    colour: resolverOf(rows.colours),
    supplier: resolverOf(rows.suppliers),
    size: (groupId, text) => {
      const sizes = sizesByGroup.get(String(groupId)) ?? [];
      return sizes.find((s) => s.name === text) ?? sizes.find((s) => s.name.toLowerCase() === text.toLowerCase());
    },
    sizesById: new Map(rows.sizes.map((s) => [s.id, s])),
    coloursById: new Map(rows.colours.map((c) => [c.id, c])),
    dicts: dictRefsOf(rows.dictItems),
  };
}
