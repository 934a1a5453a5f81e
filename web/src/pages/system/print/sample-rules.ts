import { yuanToFen as sharedYuanToFen } from '@erp/shared';
import { isCode128Printable, isValidEan13 } from '../../../print/barcode-rules.ts';

export const MAX_PRICE_YUAN = 99999.99;

/** Yuan as typed (checked by priceError first) to integer fen. */
export function yuanToFen(yuan: number): number {
  return sharedYuanToFen(yuan) ?? Math.round(yuan * 100);
}

export function priceError(yuan: number | null | undefined): string | null {
  if (yuan === null || yuan === undefined || Number.isNaN(yuan)) return '请输入吊牌价';
  if (yuan < 0.01 || yuan > MAX_PRICE_YUAN) return `吊牌价须在0.01-${MAX_PRICE_YUAN}元之间`;
  if (Math.abs(yuan * 100 - Math.round(yuan * 100)) > 1e-6) return '吊牌价最多两位小数';
  return null;
}

/** 13 digits must carry a valid EAN-13 check digit; other values print as Code 128. */
export function sampleBarcodeError(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return '请输入条码';
  if (/^\d{13}$/.test(text)) return isValidEan13(text) ? null : '条码校验位不正确';
  if (!isCode128Printable(text)) return '条码只能包含字母、数字和常用符号，最多48位';
  return null;
}
