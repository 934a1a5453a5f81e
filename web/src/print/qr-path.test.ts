import { describe, expect, it } from 'vitest';
import { qrGeometry } from './qr-path.ts';

/** Dark cells of a path drawn by qrGeometry. */
function cells(path: string): Set<string> {
  const dark = new Set<string>();
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(run); i += 1) dark.add(`${Number(x) + i},${y}`);
  }
  return dark;
}

describe('QR path', () => {
  it('draws a version 1 symbol with its finder patterns inside the quiet zone', () => {
    const { size, path } = qrGeometry('CK20261121001');
    expect(size).toBe(21 + 4);
    const dark = cells(path);
    // top-left finder: a 7x7 ring with a 3x3 centre, starting after the 2-module quiet zone
    for (let i = 0; i < 7; i += 1) {
      expect(dark.has(`${2 + i},2`)).toBe(true);
      expect(dark.has(`2,${2 + i}`)).toBe(true);
    }
    expect(dark.has('3,3')).toBe(false);
    expect(dark.has('4,4')).toBe(true);
    expect(dark.has('0,0')).toBe(false);
  });

  it('grows with the data and honours the quiet zone', () => {
    const long = qrGeometry('https://erp.example.com/t/YS26W001?colour=%E9%A9%BC%E8%89%B2&size=M', 4);
    expect(long.size).toBeGreaterThan(29);
    expect(cells(long.path).has('4,4')).toBe(true);
    expect(cells(long.path).has('3,4')).toBe(false);
  });
});
