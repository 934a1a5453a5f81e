// 金额 (issue 26/27): the one way the web shows and takes money; fen on the wire, ¥1,234.50 on screen.
export { moneyColumn, type MoneyColumnOptions } from './money-column.tsx';
export { formatSignedYuan, MoneyText, type MoneyTextProps } from './MoneyText.tsx';
export { formatYuanOrUnlimited } from './limit-yuan.ts';
export { fenToSheetYuan } from './sheet-yuan.ts';
export { typedYuanToFen, YuanInput, type YuanInputProps } from './YuanInput.tsx';
