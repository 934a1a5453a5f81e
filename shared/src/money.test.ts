import { describe, expect, it } from 'vitest';
import { fenToYuan } from './format.ts';
import { fenToYuanNumber, yuanToFen } from './money.ts';

// a small deterministic generator: property checks without a dependency
function* fens(count: number): Generator<number> {
  let x = 7;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    yield x % 100_000_000;
  }
}

describe('yuan ↔ fen', () => {
  it('reads typed amounts with at most two decimals, refuses the rest', () => {
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen(' 0.07 ')).toBe(7);
    expect(yuanToFen(680)).toBe(68000);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen(1.234)).toBeNull();
    expect(yuanToFen('-1')).toBeNull();
    expect(yuanToFen(-1)).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
    expect(yuanToFen(Number.NaN)).toBeNull();
    expect(yuanToFen(null)).toBeNull();
    expect(yuanToFen('100.01', 10_000)).toBeNull();
    expect(yuanToFen('100', 10_000)).toBe(10_000);
  });

  it('round-trips every amount: shown as text or as a number, read back to the same fen', () => {
    for (const fen of fens(2000)) {
      expect(yuanToFen(fenToYuan(fen))).toBe(fen);
      expect(yuanToFen(fenToYuanNumber(fen))).toBe(fen);
    }
  });
});
