/**
 * Fen as an Excel number cell in yuan (1234550 → 12345.5; the sheet's `#,##0.00` shows ¥-less
 * 12,345.50), so SUM over the column works. The one fen → yuan number for exports; screens use
 * formatYuan, inputs YuanInput.
 */
export const fenToSheetYuan = (fen: number): number => Math.round(fen) / 100;
