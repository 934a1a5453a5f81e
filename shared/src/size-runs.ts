import { quantityProblem } from './quantity.ts';

/**
 * 配码 (DESIGN §9: size runs are data): a run such as S1 M2 L2 XL1 belongs to a size group and
 * says how many pieces of each size one 手 (one run) holds. The rules here are shared by the
 * server (saving runs, checking a style's ordering rules) and the web (forms, the size-run grid).
 */

/** Pieces per size, by size name; sizes not named hold 0. */
export type SizeRun = Readonly<Record<string, number>>;

/** the most pieces of one size in one run */
export const SIZE_RUN_COUNT_MAX = 999;
export const SIZE_RUN_NAME_MAX = 32;
/** the most runs a style may demand as its minimum (起订手数) */
export const MIN_RUNS_MAX = 9999;

export const SizeRunMessages = {
  nameRequired: '请输入配码名称',
  nameTooLong: `配码名称不能超过${SIZE_RUN_NAME_MAX}个字符`,
  empty: '配码至少要有一件',
  countsRequired: '请填写每个尺码的件数',
  runNotFound: '配码不存在',
  defaultDisable: '默认配码不能停用',
  disabledDefault: '停用的配码不能设为默认',
  defaultSet: '已设为默认配码',
  runOfOtherGroup: '默认配码须属于该款的尺码组',
  runDisabled: '停用的配码不能设为款的默认配码',
  rulesNeedRun: '整手订货或起订手数需要先选择默认配码',
  wholeRunsInvalid: '整手订货只能是是或否',
  minRunsInvalid: `起订手数须为0-${MIN_RUNS_MAX}的整数`,
  typeHint: '请输入配码，如 S1 M2 L2 XL1',
} as const;

export const sizeRunNameTaken = (name: string) => `该尺码组已有配码“${name}”`;
export const countInvalid = (size: string) => `尺码 ${size} 的件数须为0-${SIZE_RUN_COUNT_MAX}的整数`;
export const sizeNotInGroup = (size: string) => `尺码“${size}”不在该尺码组中`;
export const runUsedByStyles = (n: number, doing: '删除' | '停用') => `该配码是${n}个款的默认配码，不能${doing}`;
export const sizeUsedByRun = (size: string, run: string) => `尺码“${size}”已用于配码“${run}”，请先修改配码`;
export const runSizeNotInStyle = (run: string, size: string) => `配码“${run}”含该款没有的尺码 ${size}`;

/** What is wrong with a run's name (trimmed, 1–32 characters); null when fine. */
export function sizeRunNameProblem(name: unknown): string | null {
  const value = typeof name === 'string' ? name.trim() : '';
  if (!value) return SizeRunMessages.nameRequired;
  return value.length > SIZE_RUN_NAME_MAX ? SizeRunMessages.nameTooLong : null;
}

/**
 * What is wrong with a run of a group whose sizes are `sizes`: only sizes of the group, every
 * count a whole number 0–999, at least one piece. Counts arrive untyped (a body, a form).
 */
export function sizeRunProblem(counts: Readonly<Record<string, unknown>> | null | undefined, sizes: readonly string[]): string | null {
  if (!counts || typeof counts !== 'object' || Array.isArray(counts)) return SizeRunMessages.countsRequired;
  let pieces = 0;
  for (const [size, count] of Object.entries(counts)) {
    if (!sizes.includes(size)) return sizeNotInGroup(size);
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > SIZE_RUN_COUNT_MAX) return countInvalid(size);
    pieces += count;
  }
  return pieces > 0 ? null : SizeRunMessages.empty;
}

/** The run without its empty sizes, in the group's order (sizes not of the group last, as given). */
export function compactRun(run: SizeRun, sizes: readonly string[]): Record<string, number> {
  const ordered = [...sizes.filter((s) => s in run), ...Object.keys(run).filter((s) => !sizes.includes(s))];
  return Object.fromEntries(ordered.filter((s) => (run[s] ?? 0) > 0).map((s) => [s, run[s]!]));
}

/** The pieces of one run (S1 M2 L2 XL1 → 6). */
export const runPieces = (run: SizeRun) => Object.values(run).reduce((sum, n) => sum + n, 0);

// what may stand between a size and its count when typed: S1, S:1, S：1, S×1, S*1, SX1
const COUNT_AFTER_SIZE = /^[:：×*X]?(\d+)$/;
const COUNTS_ONLY = /^\d+([\s,，\-/]+\d+)*$/;

/** The size a typed part names and its count: the longest size name the part starts with that leaves a count. */
function readPart(part: string, byUpper: ReadonlyMap<string, string>): { size: string; count: number } | null {
  let best: { size: string; count: number } | null = null;
  for (const [upper, size] of byUpper) {
    if (!part.startsWith(upper) || (best && best.size.length >= size.length)) continue;
    const m = COUNT_AFTER_SIZE.exec(part.slice(upper.length));
    if (m) best = { size, count: Number(m[1]) };
  }
  return best;
}

/**
 * Reads a run typed as "S1 M2 L2 XL1" (size and count, in any case; S:1 and S×1 too) or
 * "1-2-2-1" / "1 2 2 1" (counts in the order of `sizes`). Answers the run or the problem, in
 * Chinese. A size named twice adds up. Whether the counts are allowed is sizeRunProblem's.
 */
export function parseRun(text: string, sizes: readonly string[]): Record<string, number> | string {
  const input = text.trim().toUpperCase();
  if (!input) return SizeRunMessages.typeHint;
  if (COUNTS_ONLY.test(input)) {
    const counts = input.split(/[\s,，\-/]+/).map(Number);
    if (counts.length !== sizes.length) return `配码须有${sizes.length}个数字，对应尺码 ${sizes.join(' ')}`;
    return Object.fromEntries(sizes.map((s, i) => [s, counts[i]!]));
  }
  const run: Record<string, number> = {};
  const byUpper = new Map(sizes.map((s) => [s.toUpperCase(), s]));
  for (const part of input.split(/[\s,，]+/)) {
    const read = readPart(part, byUpper);
    if (!read) return `配码“${part}”无法识别：可用尺码 ${sizes.join(' ')}`;
    run[read.size] = (run[read.size] ?? 0) + read.count;
  }
  return run;
}

/**
 * A run as people write it: "S1 M2 L2 XL1", sizes in the group's order, empty sizes left out.
 * A size whose name would read back as another size and count (a name ending in a digit: 26 1
 * → "261") is written with ×: "26×1 28×2".
 */
export function formatRun(run: SizeRun, sizes: readonly string[]): string {
  const byUpper = new Map(sizes.map((s) => [s.toUpperCase(), s]));
  return Object.entries(compactRun(run, sizes))
    .map(([size, count]) => {
      const plain = `${size}${count}`;
      const back = readPart(plain.toUpperCase(), byUpper);
      return /\d$/.test(size) || !back || back.size !== size || back.count !== count ? `${size}×${count}` : plain;
    })
    .join(' ');
}

/** `runs` runs of the run: pieces per size (S1 M2 × 3 → S3 M6). */
export function expandRun(run: SizeRun, runs: number): Record<string, number> {
  return Object.fromEntries(Object.entries(run).map(([size, count]) => [size, count * runs]));
}

/** How many whole runs the quantities are (0 for none), or null when they are no exact multiple of the run. */
export function wholeRunsIn(quantities: SizeRun, run: SizeRun): number | null {
  const runSizes = Object.keys(run).filter((s) => run[s]! > 0);
  if (runSizes.length === 0) return null;
  if (Object.entries(quantities).some(([size, q]) => q > 0 && !(run[size]! > 0))) return null;
  const first = runSizes[0]!;
  const n = (quantities[first] ?? 0) / run[first]!;
  if (!Number.isInteger(n)) return null;
  return runSizes.every((s) => (quantities[s] ?? 0) === run[s]! * n) ? n : null;
}

/** A style's ordering rules (per style: its default run, 整手订货, 起订手数). */
export interface StyleRunRules {
  /** the style's run; null: the style has none and no rule applies */
  run: SizeRun | null;
  /** the run's order of sizes, for messages */
  sizes: readonly string[];
  /** orders must be whole runs (整手订货) */
  wholeRuns: boolean;
  /** the least number of runs per colour (起订手数); 0 = none */
  minRuns: number;
}

/**
 * Checks what is ordered of one colour of a style (quantities per size name) against the style's
 * rules: every quantity a whole number ≥ 0; with 整手订货 an exact multiple of the run; at least
 * 起订手数 runs (counted as pieces when whole runs are not demanded). A colour ordered nothing of
 * is fine. Answers the first problem naming the colour, in Chinese, or null.
 */
export function colourRunsProblem(colourName: string, quantities: SizeRun, rules: StyleRunRules): string | null {
  for (const [size, q] of Object.entries(quantities)) {
    const problem = quantityProblem(q, { min: 0 });
    if (problem) return `${colourName} ${size}：${problem}`;
  }
  const pieces = runPieces(quantities);
  if (pieces === 0 || !rules.run || runPieces(rules.run) === 0) return null;
  const each = formatRun(rules.run, rules.sizes);
  const perRun = runPieces(rules.run);
  if (rules.wholeRuns) {
    const n = wholeRunsIn(quantities, rules.run);
    if (n === null) return `${colourName}：须按整手订货（每手 ${each}），当前 ${formatRun(quantities, rules.sizes)} 不是整手`;
    if (n < rules.minRuns) return `${colourName}：起订${rules.minRuns}手（每手 ${each}），当前${n}手`;
    return null;
  }
  if (pieces < rules.minRuns * perRun) return `${colourName}：起订${rules.minRuns}手（每手${perRun}件，共${rules.minRuns * perRun}件），当前${pieces}件`;
  return null;
}

/** What is wrong with a style's 整手订货 / 起订手数 (untyped, from a body); null when fine. */
export function styleRunRulesProblem(input: { sizeRunId?: unknown; wholeRuns?: unknown; minRuns?: unknown }): string | null {
  if (input.wholeRuns !== undefined && input.wholeRuns !== null && typeof input.wholeRuns !== 'boolean') return SizeRunMessages.wholeRunsInvalid;
  const min = input.minRuns;
  if (min !== undefined && min !== null && (typeof min !== 'number' || !Number.isInteger(min) || min < 0 || min > MIN_RUNS_MAX)) return SizeRunMessages.minRunsInvalid;
  const demands = input.wholeRuns === true || (typeof min === 'number' && min > 0);
  return demands && (input.sizeRunId === null || input.sizeRunId === undefined) ? SizeRunMessages.rulesNeedRun : null;
}
