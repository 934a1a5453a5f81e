import { isCode128Printable, isValidEan13 } from '../../../print/barcode-rules.ts';

/** The sample's largest 吊牌价: 99,999.99 yuan. */
export const MAX_PRICE_FEN = 9_999_999;

/** The sample price in fen (typed in yuan through YuanInput): 0.01 to 99,999.99 yuan. */
export function priceError(fen: number | null | undefined): string | null {
  if (fen === null || fen === undefined || Number.isNaN(fen)) return '请输入吊牌价';
  if (fen < 1 || fen > MAX_PRICE_FEN) return '吊牌价须在0.01-99999.99元之间';
  if (!Number.isInteger(fen)) return '吊牌价最多两位小数';
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
