import { compareSizes, quantityProblem, runPieces, type SizeRun } from '@erp/shared';

// 尺码横排 (DESIGN §9: size runs are data): the rules behind SizeRunGrid — the colour × size axes
// in size order, quantities per cell kept as typed (bad ones flagged, never silently changed),
// totals per row, per column and overall, and 配码 entry (a run such as S1 M2 L2 XL1, times a
// number of runs, fills a colour's row).

/** One cell's item: a SKU with its colour and size. */
export interface RunCell {
  skuId: number;
  /** row identity (colour id or name) and what the row shows */
  colourKey: string;
  colourName: string;
  sizeName: string;
  /** the size's position in its size group, when known (else the size order F, S, M, …, numbers) */
  sizeSort?: number;
  barcode?: string;
}

export interface RunAxes<C extends RunCell = RunCell> {
  colours: { key: string; name: string }[];
  sizes: string[];
  at(colourKey: string, size: string): C | undefined;
}

/** Colours as rows in first-seen order, sizes as columns in size order. */
export function runAxes<C extends RunCell>(cells: readonly C[]): RunAxes<C> {
  const colours: { key: string; name: string }[] = [];
  const seen = new Set<string>();
  const sorts = new Map<string, number>();
  for (const c of cells) {
    if (!seen.has(c.colourKey)) {
      seen.add(c.colourKey);
      colours.push({ key: c.colourKey, name: c.colourName });
    }
    if (c.sizeSort !== undefined && !sorts.has(c.sizeName)) sorts.set(c.sizeName, c.sizeSort);
  }
  const sizes = [...new Set(cells.map((c) => c.sizeName))].sort((a, b) => {
    const sa = sorts.get(a);
    const sb = sorts.get(b);
    return sa !== undefined && sb !== undefined && sa !== sb ? sa - sb : compareSizes(a, b);
  });
  const index = new Map(cells.map((c) => [`${c.colourKey}\u0000${c.sizeName}`, c]));
  return { colours, sizes, at: (colourKey, size) => index.get(`${colourKey}\u0000${size}`) };
}

/** Quantities by SKU id as typed: a number (NaN: text that is no number), or null for an empty cell. */
export type RunValues = Readonly<Record<number, number | null | undefined>>;

/** What is wrong with a typed quantity (null: fine, or empty): the shared rule, 0–max integers; NaN is text that is no number. */
export function cellProblem(value: number | null | undefined, max: number): string | null {
  return quantityProblem(value ?? null, { min: 0, max });
}

/** The first bad cell of a grid, named by colour and size; null when every cell is fine. */
export function gridProblem<C extends RunCell>(axes: RunAxes<C>, values: RunValues, max: number): string | null {
  for (const colour of axes.colours) {
    for (const size of axes.sizes) {
      const cell = axes.at(colour.key, size);
      const problem = cell ? cellProblem(values[cell.skuId], max) : null;
      if (problem) return `${colour.name} ${size}：${problem}`;
    }
  }
  return null;
}

// a total adds the cells that would be saved: a cell that is wrong (text, a fraction, below 0 or
// above the grid's most) stays red and counts nothing until it is put right
const counted = (value: number | null | undefined, max: number) => (value != null && cellProblem(value, max) === null ? value : 0);

export function rowTotal<C extends RunCell>(axes: RunAxes<C>, values: RunValues, colourKey: string, max: number): number {
  return axes.sizes.reduce((sum, size) => {
    const cell = axes.at(colourKey, size);
    return sum + (cell ? counted(values[cell.skuId], max) : 0);
  }, 0);
}

export function columnTotal<C extends RunCell>(axes: RunAxes<C>, values: RunValues, size: string, max: number): number {
  return axes.colours.reduce((sum, colour) => {
    const cell = axes.at(colour.key, size);
    return sum + (cell ? counted(values[cell.skuId], max) : 0);
  }, 0);
}

export function grandTotal(values: RunValues, max: number): number {
  return Object.values(values).reduce<number>((sum, q) => sum + counted(q, max), 0);
}

// 配码 runs and their typed forms are shared with the server (shared/src/size-runs.ts): one parser.
export { parseRun, type SizeRun } from '@erp/shared';

/** A run saved for the size group (配码 of the 尺码组 page), offered by the grid's 配码 entry. */
export interface SavedRun {
  id: number;
  name: string;
  run: SizeRun;
}

/** The saved runs a grid can apply: those whose sizes the grid has all of (a style may lack some of its group's sizes). */
export const runsFitting = (runs: readonly SavedRun[], sizes: readonly string[]) => runs.filter((r) => Object.entries(r.run).every(([size, n]) => n === 0 || sizes.includes(size)));

/** Fills a colour's row with `count` runs (run × count per size); other cells keep their values. */
export function applyRun<C extends RunCell>(axes: RunAxes<C>, values: RunValues, colourKey: string, run: SizeRun, count: number): Record<number, number | null | undefined> {
  const next: Record<number, number | null | undefined> = { ...values };
  for (const size of axes.sizes) {
    const cell = axes.at(colourKey, size);
    if (!cell) continue;
    const pieces = (run[size] ?? 0) * count;
    next[cell.skuId] = pieces > 0 ? pieces : null;
  }
  return next;
}

/** The pieces of one run (S1 M2 L2 XL1 → 6). */
export const runSize = runPieces;
