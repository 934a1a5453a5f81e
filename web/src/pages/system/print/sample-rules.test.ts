import { describe, expect, it } from 'vitest';
import { isValidEan13 } from '../../../print/barcode-rules.ts';
import { priceError, sampleBarcodeError } from './sample-rules.ts';
import { samplePayloads, SAMPLE_HANGTAG } from './sample-data.ts';

describe('print sample rules', () => {
  it('checks the price in fen', () => {
    expect(priceError(undefined)).toBe('请输入吊牌价');
    expect(priceError(null)).toBe('请输入吊牌价');
    expect(priceError(0)).toBe('吊牌价须在0.01-99999.99元之间');
    expect(priceError(10_000_000)).toBe('吊牌价须在0.01-99999.99元之间');
    expect(priceError(1999.9)).toBe('吊牌价最多两位小数');
    expect(priceError(129_900)).toBeNull();
    expect(priceError(1)).toBeNull();
  });

  it('checks the barcode', () => {
    expect(sampleBarcodeError('')).toBe('请输入条码');
    expect(sampleBarcodeError('6926013100138')).toBeNull();
    expect(sampleBarcodeError('6926013100139')).toBe('条码校验位不正确');
    expect(sampleBarcodeError('YS26W1001-CA-M')).toBeNull();
    expect(sampleBarcodeError('衣尚M')).toBe('条码只能包含字母、数字和常用符号，最多48位');
  });

  it('ships sample barcodes that scan', () => {
    const payloads = samplePayloads(SAMPLE_HANGTAG);
    const eans = [
      ...payloads.hangtag.map((h) => h.barcode),
      ...payloads.outbound.lines.map((l) => l.barcode),
      ...payloads.transfer.lines.map((l) => l.barcode),
      payloads.label[0].barcode,
    ];
    for (const code of eans) expect(isValidEan13(code), code).toBe(true);
    expect(isValidEan13(payloads.label[1].barcode)).toBe(false);
    const { outbound } = payloads;
    expect(outbound.totalAmountFen).toBe(outbound.lines.reduce((s, l) => s + l.unitPriceFen * l.quantity, 0));
  });
});
