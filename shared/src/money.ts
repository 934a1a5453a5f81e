import { fenToYuan } from './format.ts';

// 金额 (DESIGN §3): money is integer fen end to end; forms type yuan. These are the one pair of
// conversions both sides use (display formatting is fenToYuan in format.ts).

/**
 * Yuan as typed (a number, or text) with at most two decimals, not negative, at most `maxFen`
 * once converted → integer fen; null when it is not such an amount. Floating noise of a typed
 * number (0.1 + 0.2) is tolerated; a third decimal (1.234) is not.
 */
export function yuanToFen(value: number | string | null | undefined, maxFen = Number.MAX_SAFE_INTEGER): number | null {
  if (value === null || value === undefined) return null;
  let fen: number;
  if (typeof value === 'number') {
    fen = Math.round(value * 100);
    if (!Number.isFinite(value) || value < 0 || Math.abs(fen - value * 100) > 1e-6) return null;
  } else {
    const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
    if (!match) return null;
    fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  }
  return Number.isSafeInteger(fen) && fen <= maxFen ? fen : null;
}

/** Integer fen → yuan as a number with two decimals (for number inputs). */
export function fenToYuanNumber(fen: number): number {
  return Number(fenToYuan(fen));
}
