import { describe, expect, it } from 'vitest';
import {
  colourRunsProblem,
  compactRun,
  expandRun,
  formatRun,
  parseRun,
  runPieces,
  SIZE_RUN_COUNT_MAX,
  sizeRunNameProblem,
  sizeRunProblem,
  styleRunRulesProblem,
  wholeRunsIn,
  type StyleRunRules,
} from './size-runs.ts';

const SIZES = ['S', 'M', 'L', 'XL'];
const STANDARD = { S: 1, M: 2, L: 2, XL: 1 };

describe('validating a run', () => {
  it('takes whole counts 0–999 of the group’s sizes with at least one piece', () => {
    expect(sizeRunProblem(STANDARD, SIZES)).toBeNull();
    expect(sizeRunProblem({ S: 0, M: SIZE_RUN_COUNT_MAX }, SIZES)).toBeNull();
  });

  it.each([
    [{ S: -1 }, '尺码 S 的件数须为0-999的整数'],
    [{ M: 1.5 }, '尺码 M 的件数须为0-999的整数'],
    [{ L: 1000 }, '尺码 L 的件数须为0-999的整数'],
    [{ L: Number.NaN }, '尺码 L 的件数须为0-999的整数'],
    [{ XL: '2' }, '尺码 XL 的件数须为0-999的整数'],
    [{ XXL: 1 }, '尺码“XXL”不在该尺码组中'],
    [{ S: 0, M: 0 }, '配码至少要有一件'],
    [{}, '配码至少要有一件'],
  ])('refuses %j: %s', (counts, message) => {
    expect(sizeRunProblem(counts as Record<string, unknown>, SIZES)).toBe(message);
  });

  it('refuses no counts at all, and names that are empty or too long', () => {
    expect(sizeRunProblem(null, SIZES)).toBe('请填写每个尺码的件数');
    expect(sizeRunProblem([1, 2] as never, SIZES)).toBe('请填写每个尺码的件数');
    expect(sizeRunNameProblem('  ')).toBe('请输入配码名称');
    expect(sizeRunNameProblem('x'.repeat(33))).toBe('配码名称不能超过32个字符');
    expect(sizeRunNameProblem(' 标准配码 ')).toBeNull();
  });
});

describe('formatting and reading a run', () => {
  it('writes sizes in the group’s order and leaves empty sizes out', () => {
    expect(formatRun({ XL: 1, S: 1, L: 2, M: 2 }, SIZES)).toBe('S1 M2 L2 XL1');
    expect(formatRun({ S: 0, M: 3 }, SIZES)).toBe('M3');
    expect(compactRun({ XL: 1, S: 0 }, SIZES)).toEqual({ XL: 1 });
  });

  it('writes numeric sizes with × so that they read back', () => {
    const waist = ['26', '27', '28', '29', '30'];
    expect(formatRun({ 26: 1, 28: 2 }, waist)).toBe('26×1 28×2');
    expect(parseRun('26×1 28×2', waist)).toEqual({ 26: 1, 28: 2 });
  });

  it('reads a run by size names or by counts in size order (the web’s forms)', () => {
    expect(parseRun('S1 M2 L2 XL1', SIZES)).toEqual(STANDARD);
    expect(parseRun('s1 m2', SIZES)).toEqual({ S: 1, M: 2 });
    expect(parseRun('S:1，M：2 L*2 XL×1', SIZES)).toEqual(STANDARD);
    expect(parseRun('S1 S2', SIZES)).toEqual({ S: 3 });
    expect(parseRun('1-2-2-1', SIZES)).toEqual(STANDARD);
    expect(parseRun('1 2 2 1', SIZES)).toEqual(STANDARD);
    expect(parseRun('1-2', SIZES)).toBe('配码须有4个数字，对应尺码 S M L XL');
    expect(parseRun('XXL3', SIZES)).toBe('配码“XXL3”无法识别：可用尺码 S M L XL');
    expect(parseRun('  ', SIZES)).toBe('请输入配码，如 S1 M2 L2 XL1');
  });

  it('reads the longest size a part starts with (XL1 is XL, not X and L1)', () => {
    expect(parseRun('XL1 X2', ['X', 'XL'])).toEqual({ XL: 1, X: 2 });
    expect(parseRun('XXL2', ['XL', 'XXL'])).toEqual({ XXL: 2 });
  });
});

describe('expanding and checking runs', () => {
  const rules = (over: Partial<StyleRunRules> = {}): StyleRunRules => ({ run: STANDARD, sizes: SIZES, wholeRuns: true, minRuns: 0, ...over });

  it('expands n runs into pieces per size and finds the runs back', () => {
    expect(expandRun(STANDARD, 3)).toEqual({ S: 3, M: 6, L: 6, XL: 3 });
    expect(wholeRunsIn({ S: 3, M: 6, L: 6, XL: 3 }, STANDARD)).toBe(3);
    expect(wholeRunsIn({ S: 3, M: 6, L: 6, XL: 2 }, STANDARD)).toBeNull();
    expect(wholeRunsIn({ S: 1, M: 2, L: 2, XL: 1, XXL: 1 }, STANDARD)).toBeNull();
    expect(wholeRunsIn({}, STANDARD)).toBe(0);
    expect(runPieces(STANDARD)).toBe(6);
  });

  it('demands whole runs naming the colour and the run', () => {
    expect(colourRunsProblem('黑色', { S: 2, M: 4, L: 4, XL: 2 }, rules())).toBeNull();
    expect(colourRunsProblem('黑色', { S: 2, M: 3, L: 4, XL: 2 }, rules())).toBe('黑色：须按整手订货（每手 S1 M2 L2 XL1），当前 S2 M3 L4 XL2 不是整手');
    expect(colourRunsProblem('驼色', { S: 1, M: 2, L: 2, XL: 1 }, rules({ minRuns: 2 }))).toBe('驼色：起订2手（每手 S1 M2 L2 XL1），当前1手');
  });

  it('counts a minimum in pieces when whole runs are not demanded', () => {
    expect(colourRunsProblem('白色', { M: 12 }, rules({ wholeRuns: false, minRuns: 2 }))).toBeNull();
    expect(colourRunsProblem('白色', { M: 11 }, rules({ wholeRuns: false, minRuns: 2 }))).toBe('白色：起订2手（每手6件，共12件），当前11件');
  });

  it('lets a colour ordered nothing of pass, and a style without a run take anything', () => {
    expect(colourRunsProblem('黑色', { S: 0 }, rules({ minRuns: 5 }))).toBeNull();
    expect(colourRunsProblem('黑色', { S: 7 }, rules({ run: null, minRuns: 5 }))).toBeNull();
  });

  it('refuses negative and fractional quantities whatever the rules', () => {
    expect(colourRunsProblem('黑色', { S: -1 }, rules({ run: null }))).toBe('黑色 S：数量须为0-1000000的整数');
    expect(colourRunsProblem('黑色', { M: 1.5 }, rules())).toBe('黑色 M：数量须为0-1000000的整数');
  });

  it('checks a style’s rules: whole runs and a minimum need a run', () => {
    expect(styleRunRulesProblem({ sizeRunId: null, wholeRuns: true })).toBe('整手订货或起订手数需要先选择默认配码');
    expect(styleRunRulesProblem({ sizeRunId: null, minRuns: 2 })).toBe('整手订货或起订手数需要先选择默认配码');
    expect(styleRunRulesProblem({ sizeRunId: 3, minRuns: -1 })).toBe('起订手数须为0-9999的整数');
    expect(styleRunRulesProblem({ sizeRunId: 3, minRuns: 1.5 })).toBe('起订手数须为0-9999的整数');
    expect(styleRunRulesProblem({ sizeRunId: 3, wholeRuns: 'yes' })).toBe('整手订货只能是是或否');
    expect(styleRunRulesProblem({ sizeRunId: 3, wholeRuns: true, minRuns: 2 })).toBeNull();
    expect(styleRunRulesProblem({ sizeRunId: null, wholeRuns: false, minRuns: 0 })).toBeNull();
  });
});

// ---- properties: a small seeded generator (mulberry32), so a failure repeats with its seed ----

function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { int, pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)]! };
}

// size names as groups hold them: letters, numbers (waist, height), Chinese, prefixes of each other
const NAME_POOL = ['F', 'XS', 'S', 'M', 'L', 'X', 'XL', 'XXL', 'XXXL', '2XL', '26', '2', '260', '27', '90', '100', '110', '均码', '大', '大码'];

function sample(seed: number) {
  const r = random(seed);
  const pool = [...NAME_POOL];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const sizes = pool.slice(0, r.int(1, 8));
  const run: Record<string, number> = {};
  for (const size of sizes) run[size] = r.pick([0, 0, 1, 2, 3, r.int(0, SIZE_RUN_COUNT_MAX)]);
  if (runPieces(run) === 0) run[sizes[0]!] = r.int(1, SIZE_RUN_COUNT_MAX);
  return { r, sizes, run };
}

const SEEDS = Array.from({ length: 500 }, (_, i) => i + 1);

describe('properties (500 seeded samples each)', () => {
  it('format then parse gives the run back', () => {
    for (const seed of SEEDS) {
      const { sizes, run } = sample(seed);
      expect(sizeRunProblem(run, sizes), `seed ${seed}`).toBeNull();
      expect(parseRun(formatRun(run, sizes), sizes), `seed ${seed}: ${formatRun(run, sizes)}`).toEqual(compactRun(run, sizes));
    }
  });

  it('expanding n runs is always accepted, as n whole runs, and holds n × the run’s pieces', () => {
    for (const seed of SEEDS) {
      const { r, sizes, run } = sample(seed);
      const minRuns = r.int(0, 20);
      const n = r.int(Math.max(minRuns, 1), 50);
      const quantities = expandRun(run, n);
      const rules = { run, sizes, wholeRuns: r.int(0, 1) === 1, minRuns };
      expect(colourRunsProblem('黑色', quantities, rules), `seed ${seed}`).toBeNull();
      expect(wholeRunsIn(quantities, run), `seed ${seed}`).toBe(n);
      expect(runPieces(quantities)).toBe(n * runPieces(run));
    }
  });

  it('one piece more or less in one size of a run of two sizes or more is never whole runs', () => {
    for (const seed of SEEDS) {
      const { r, sizes, run } = sample(seed);
      // a run of one size is whole at any multiple of its count (S1: every quantity)
      if (Object.values(run).filter((count) => count > 0).length < 2) continue;
      const quantities = expandRun(run, r.int(1, 10));
      const size = r.pick(sizes);
      const changed = { ...quantities, [size]: (quantities[size] ?? 0) + (quantities[size] ? r.pick([-1, 1]) : 1) };
      expect(wholeRunsIn(changed, run), `seed ${seed}`).toBeNull();
      expect(colourRunsProblem('黑色', changed, { run, sizes, wholeRuns: true, minRuns: 0 }), `seed ${seed}`).toMatch(/^黑色：须按整手订货/);
    }
  });
});
