import { compareSizes } from '@erp/shared';
import { barcodeProblem } from './barcode-rules.ts';
import type { CompositionPart, PrintEvent } from './print-types.ts';

/** 面料：羊毛 80% 锦纶 20% — one line per part. */
export function compositionLines(parts: readonly CompositionPart[]): string[] {
  return parts.map(({ part, fibres }) => {
    const text = fibres.map((f) => `${f.name} ${f.percent}%`).join(' ');
    return part ? `${part}：${text}` : text;
  });
}

/** Document lines by style, colour, then size in size order. */
export function sortLines<T extends { styleNo: string; colour: string; size: string }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => a.styleNo.localeCompare(b.styleNo) || a.colour.localeCompare(b.colour, 'zh-CN') || compareSizes(a.size, b.size));
}

export const MAX_COPIES = 500;

/** Each item repeated `copies` times, in order. */
export function expandCopies<T extends { copies: number }>(items: readonly T[]): T[] {
  return items.flatMap((item) => Array.from({ length: item.copies }, () => item));
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

function fourDigits(value: number): string {
  let out = '';
  let zero = false;
  for (let unit = 3; unit >= 0; unit -= 1) {
    const d = Math.floor(value / 10 ** unit) % 10;
    if (d === 0) zero = out !== '';
    else {
      out += `${zero ? '零' : ''}${DIGITS[d]}${UNITS[unit]}`;
      zero = false;
    }
  }
  return out;
}

/** Amount in capital Chinese numerals for documents: 12345 fen -> 壹佰贰拾叁元肆角伍分. */
export function moneyInWords(fen: number): string {
  if (!Number.isInteger(fen)) throw new Error('金额须为整数分');
  if (fen === 0) return '零元整';
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100);
  const jiao = Math.floor(abs / 10) % 10;
  const cents = abs % 10;
  const groups: number[] = [];
  for (let rest = whole; rest > 0; rest = Math.floor(rest / 10000)) groups.push(rest % 10000);
  let out = '';
  for (let g = groups.length - 1; g >= 0; g -= 1) {
    const value = groups[g];
    if (value === 0) {
      if (out && !out.endsWith('零')) out += '零';
      continue;
    }
    if (out && value < 1000 && !out.endsWith('零')) out += '零';
    out += fourDigits(value) + GROUPS[g];
  }
  out = out.replace(/零+$/, '');
  if (out) out += '元';
  if (jiao === 0 && cents === 0) out += '整';
  else {
    if (jiao > 0) out += `${DIGITS[jiao]}角`;
    else if (out) out += '零';
    out += cents > 0 ? `${DIGITS[cents]}分` : '整';
  }
  return `${fen < 0 ? '负' : ''}${out}`;
}

const copiesProblem = (copies: number) => (Number.isInteger(copies) && copies >= 1 && copies <= MAX_COPIES ? null : `打印份数须为1-${MAX_COPIES}之间的整数`);

/** Why a print event cannot print, or null. Checked before anything is drawn. */
export function printProblem(event: PrintEvent): string | null {
  const problems: (string | null)[] = [];
  switch (event.kind) {
    case 'label':
    case 'hangtag':
      if (event.payload.length === 0) return '没有要打印的内容';
      for (const item of event.payload) problems.push(copiesProblem(item.copies), barcodeProblem(item.barcode));
      break;
    case 'washlabel':
      if (event.payload.length === 0) return '没有要打印的内容';
      for (const item of event.payload) problems.push(copiesProblem(item.copies));
      break;
    case 'outbound':
    case 'transfer':
    case 'order':
    case 'parcel':
      if (event.payload.lines.length === 0) return '单据没有明细';
      problems.push(barcodeProblem(event.payload.number));
      break;
    case 'statement':
      // a period without entries still prints: its opening and closing balances are the statement
      break;
  }
  return problems.find((p) => p !== null) ?? null;
}
