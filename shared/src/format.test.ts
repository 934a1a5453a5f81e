import { describe, expect, it } from 'vitest';
import { compareSizes, displayOrEmpty, fenToYuan, integerOnly, percentToDiscount, positiveIntegerOnly, thumbnailUrl } from './format.ts';

describe('display rules (SPEC §9)', () => {
  it('shows -- for empty values', () => {
    expect(displayOrEmpty(null)).toBe('--');
    expect(displayOrEmpty(undefined)).toBe('--');
    expect(displayOrEmpty('  ')).toBe('--');
    expect(displayOrEmpty(0)).toBe('0');
    expect(displayOrEmpty('衬衫')).toBe('衬衫');
  });

  it('formats percent as discount with the two bounds', () => {
    expect(percentToDiscount(101)).toBe('大于100%');
    expect(percentToDiscount(-0.5)).toBe('小于0%');
    expect(percentToDiscount(100)).toBe('100%');
    expect(percentToDiscount(0)).toBe('0%');
    expect(percentToDiscount(85.456)).toBe('85.46%');
    expect(percentToDiscount(null)).toBe('--');
  });

  it('shows fen as yuan with two decimals', () => {
    expect(fenToYuan(12345)).toBe('123.45');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(-1999)).toBe('-19.99');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(undefined)).toBe('--');
  });

  it('orders sizes F, S, M, L, XL, XXL, XXXL, then numeric, then the rest', () => {
    const sizes = ['XXL', '38', 'M', 'F', '120', 'XXXL', 'S', 'L', '均码', 'XL', '36'];
    expect([...sizes].sort(compareSizes)).toEqual(['F', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', '36', '38', '120', '均码']);
  });

  it('builds thumbnails with the -200.jpg suffix once', () => {
    expect(thumbnailUrl('/files/a.jpg')).toBe('/files/a.jpg-200.jpg');
    expect(thumbnailUrl('/files/a.jpg-200.jpg')).toBe('/files/a.jpg-200.jpg');
    expect(thumbnailUrl('')).toBe('');
  });

  it('filters integer and positive-integer inputs', () => {
    expect(integerOnly('-12a3')).toBe('-123');
    expect(integerOnly('4.5')).toBe('45');
    expect(positiveIntegerOnly('-012')).toBe('12');
    expect(positiveIntegerOnly('0')).toBe('');
  });
});
