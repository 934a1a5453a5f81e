import { describe, expect, it } from 'vitest';
import { barcodeFormatFor, barcodeProblem, ean13CheckDigit, isCode128Printable, isValidEan13 } from './barcode-rules.ts';

describe('barcode rules', () => {
  it('computes EAN-13 check digits', () => {
    expect(ean13CheckDigit('690123456789')).toBe(2);
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('000000000000')).toBe(0);
    expect(() => ean13CheckDigit('69012345678')).toThrow();
  });

  it('validates EAN-13 values', () => {
    expect(isValidEan13('6901234567892')).toBe(true);
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('6901234567890')).toBe(false);
    expect(isValidEan13('690123456789')).toBe(false);
    expect(isValidEan13('69012345678921')).toBe(false);
    expect(isValidEan13('690123456789A')).toBe(false);
  });

  it('picks EAN-13 only for valid 13-digit values under auto', () => {
    expect(barcodeFormatFor('6901234567892')).toBe('EAN13');
    expect(barcodeFormatFor('6901234567892', 'auto')).toBe('EAN13');
    expect(barcodeFormatFor('6901234567892', 'CODE128')).toBe('CODE128');
    expect(barcodeFormatFor('6901234567890')).toBe('CODE128');
    expect(barcodeFormatFor('YS26W001-TS-M')).toBe('CODE128');
    expect(barcodeFormatFor('123456789012')).toBe('CODE128');
  });

  it('refuses what cannot print', () => {
    expect(barcodeProblem('6901234567892')).toBeNull();
    expect(barcodeProblem('YS26W001-TS-M')).toBeNull();
    expect(barcodeProblem('')).toBe('条码为空');
    expect(barcodeProblem('6901234567890')).toBe('条码 6901234567890 校验位不正确');
    expect(barcodeProblem('衣尚001')).toBe('条码 衣尚001 含有无法打印的字符');
    expect(isCode128Printable('A'.repeat(49))).toBe(false);
    expect(isCode128Printable('tab\there')).toBe(false);
  });
});
