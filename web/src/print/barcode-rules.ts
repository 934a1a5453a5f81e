/** Which symbology a barcode value prints in, and whether it can print at all. */
export type BarcodeFormat = 'EAN13' | 'CODE128';

/** Template preference: `auto` uses EAN-13 for valid 13-digit values, Code 128 for the rest. */
export type BarcodePreference = 'auto' | 'CODE128';

/** The EAN-13 check digit of the first 12 digits (weights 1,3,1,3…). */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 digits, got "${first12}"`);
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(value: string): boolean {
  return /^\d{13}$/.test(value) && ean13CheckDigit(value.slice(0, 12)) === Number(value[12]);
}

/** Code 128 (sets A/B/C) prints ASCII 0-127; labels use printable ASCII only. */
export function isCode128Printable(value: string): boolean {
  return value.length > 0 && value.length <= 48 && /^[\x20-\x7e]+$/.test(value);
}

export function barcodeFormatFor(value: string, preference: BarcodePreference = 'auto'): BarcodeFormat {
  return preference === 'auto' && isValidEan13(value) ? 'EAN13' : 'CODE128';
}

/** Why `value` cannot print, or null. A 13-digit value with a wrong check digit is refused too. */
export function barcodeProblem(value: string): string | null {
  if (!value) return '条码为空';
  if (/^\d{13}$/.test(value) && !isValidEan13(value)) return `条码 ${value} 校验位不正确`;
  if (!isCode128Printable(value)) return `条码 ${value} 含有无法打印的字符`;
  return null;
}
