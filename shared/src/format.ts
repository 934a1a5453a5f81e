/** Display rules (SPEC §9). */
export const EMPTY_DISPLAY = '--';

export function displayOrEmpty(value: unknown): string {
  if (value === null || value === undefined) return EMPTY_DISPLAY;
  const text = String(value);
  return text.trim() === '' ? EMPTY_DISPLAY : text;
}

/** Integer fen to yuan with two decimals: 12345 -> "123.45". */
export function fenToYuan(fen: number | null | undefined): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return EMPTY_DISPLAY;
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Integer fen as Chinese finance screens show money: thousands separated, the sign before the
 * currency: 1573536 -> "¥15,735.36", -481482 -> "−¥4,814.82" (issue 26: one style everywhere).
 */
export function formatYuan(fen: number | null | undefined): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return EMPTY_DISPLAY;
  const abs = Math.abs(Math.trunc(fen));
  const yuan = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fen < 0 ? '−' : ''}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/** Percent shown as a discount: over 100 shows 大于100%, under 0 shows 小于0%. */
export function percentToDiscount(percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return EMPTY_DISPLAY;
  if (percent > 100) return '大于100%';
  if (percent < 0) return '小于0%';
  return `${Number(percent.toFixed(2))}%`;
}

/** Size ordering F, S, M, L, XL, XXL, XXXL, then numeric sizes ascending, then the rest by name. */
export const SIZE_ORDER = ['F', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const;

export function compareSizes(a: string, b: string): number {
  const rank = (s: string): [number, number, string] => {
    const upper = s.trim().toUpperCase();
    const named = (SIZE_ORDER as readonly string[]).indexOf(upper);
    if (named >= 0) return [0, named, upper];
    if (/^\d+(\.\d+)?$/.test(upper)) return [1, Number(upper), upper];
    return [2, 0, upper];
  };
  const [ga, na, sa] = rank(a);
  const [gb, nb, sb] = rank(b);
  if (ga !== gb) return ga - gb;
  if (na !== nb) return na - nb;
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** Thumbnail path by the -200.jpg suffix (SPEC §9). */
export function thumbnailUrl(url: string | null | undefined): string {
  if (!url) return '';
  if (url.endsWith('-200.jpg')) return url;
  return `${url}-200.jpg`;
}

/** Input filters for pagination helpers (SPEC §5): keep only digits; positive drops leading zeros. */
export function integerOnly(input: string): string {
  const negative = input.trim().startsWith('-');
  const digits = input.replace(/\D/g, '');
  return negative && digits ? `-${digits}` : digits;
}

export function positiveIntegerOnly(input: string): string {
  return input.replace(/\D/g, '').replace(/^0+/, '');
}
