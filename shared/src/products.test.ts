import { describe, expect, it } from 'vitest';
import { barcodeProblem, ean13CheckDigit, isValidEan13, nextEan13, skuGrid } from './products.ts';

describe('EAN-13 barcodes', () => {
  it('computes the check digit', () => {
    expect(ean13CheckDigit('690123456789')).toBe(2);
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('000000000000')).toBe(0);
    expect(() => ean13CheckDigit('12345')).toThrow();
  });
  it('validates whole codes', () => {
    expect(isValidEan13('6901234567892')).toBe(true);
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('6901234567891')).toBe(false);
    expect(isValidEan13('690123456789')).toBe(false);
  });
  it('numbers codes from a prefix', () => {
    expect(nextEan13('692088', 1)).toBe('6920880000010');
    expect(isValidEan13(nextEan13('692088', 123456))).toBe(true);
    expect(nextEan13('692088', 123456).startsWith('692088123456')).toBe(true);
    expect(() => nextEan13('692088', 1_000_000)).toThrow('条码流水号已用完');
    expect(() => nextEan13('69', 1)).toThrow('条码前缀');
  });
  it('accepts EAN-13 or Code 128 text', () => {
    expect(barcodeProblem('6901234567892')).toBeNull();
    expect(barcodeProblem('6901234567891')).toBe('条码“6901234567891”的校验位不正确，应为2');
    expect(barcodeProblem('YS-2026-0001')).toBeNull();
    expect(barcodeProblem('abc')).toMatch('8-32位');
    expect(barcodeProblem('含中文的条码码码')).toMatch('8-32位');
  });
});

describe('SKU grid', () => {
  it('is colours in order × sizes in size order', () => {
    const sizes = [
      { id: 1, name: 'XL' },
      { id: 2, name: 'S' },
      { id: 3, name: 'F' },
      { id: 4, name: 'M' },
    ];
    const grid = skuGrid([{ id: 9 }, { id: 7 }], sizes).map((c) => `${c.colour.id}-${c.size.name}`);
    expect(grid).toEqual(['9-F', '9-S', '9-M', '9-XL', '7-F', '7-S', '7-M', '7-XL']);
    expect(
      skuGrid(
        [{ id: 1 }],
        [
          { id: 1, name: '110' },
          { id: 2, name: '90' },
          { id: 3, name: '100' },
        ],
      ).map((c) => c.size.name),
    ).toEqual(['90', '100', '110']);
    // the size group's own sort wins over the name
    expect(
      skuGrid(
        [{ id: 1 }],
        [
          { id: 1, name: 'S', sort: 2 },
          { id: 2, name: 'XL', sort: 1 },
        ],
      ).map((c) => c.size.name),
    ).toEqual(['XL', 'S']);
  });
});
