/**
 * Reads EAN-13 and Code 128 back from drawn bars (the rects of a JsBarcode SVG), so tests can
 * prove a printed barcode scans to its value. Pure: no DOM, own pattern tables.
 */
export interface Bar {
  x: number;
  width: number;
}

const attr = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(tag) ?? new RegExp(`\\s${name}\\s*=\\s*'([^']*)'`).exec(tag);
  return match ? match[1] : null;
};

const translateX = (tag: string): number => {
  const match = /translate\(\s*(-?[\d.]+)/.exec(attr(tag, 'transform') ?? '');
  return match ? Number(match[1]) : 0;
};

/** Bars of an SVG's markup: every <rect> without its own fill, offset by its groups' translate(x). */
export function barsFromSvgMarkup(svg: string): Bar[] {
  const bars: Bar[] = [];
  const offsets: number[] = [0];
  for (const match of svg.matchAll(/<(\/?)(g|rect)\b([^>]*?)(\/?)>/gi)) {
    const [, closing, name, rest, selfClosing] = match;
    const offset = offsets[offsets.length - 1];
    if (name.toLowerCase() === 'g') {
      if (closing) offsets.pop();
      else if (!selfClosing) offsets.push(offset + translateX(` ${rest}`));
      continue;
    }
    if (closing) continue;
    const tag = ` ${rest}`;
    if (attr(tag, 'fill') !== null) continue; // a background, not a bar
    const width = Number(attr(tag, 'width'));
    if (width > 0) bars.push({ x: offset + Number(attr(tag, 'x') ?? 0), width });
  }
  return bars.sort((a, b) => a.x - b.x);
}

/** Bars to a module string ('1' bar, '0' space) from the first bar to the end of the last. */
export function modulesFromBars(bars: readonly Bar[]): string {
  if (bars.length === 0) throw new Error('没有条');
  const runs: { dark: boolean; width: number }[] = [];
  bars.forEach((bar, i) => {
    if (i > 0) {
      const gap = bar.x - (bars[i - 1].x + bars[i - 1].width);
      if (gap < -1e-6) throw new Error('条重叠');
      if (gap > 1e-6) runs.push({ dark: false, width: gap });
    }
    runs.push({ dark: true, width: bar.width });
  });
  const module = Math.min(...runs.map((r) => r.width));
  return runs
    .map(({ dark, width }) => {
      const count = width / module;
      if (Math.abs(count - Math.round(count)) > 0.2) throw new Error('条宽不是模块宽的整数倍');
      return (dark ? '1' : '0').repeat(Math.round(count));
    })
    .join('');
}

// EAN-13: L patterns; R is L inverted; G is R reversed. First digit from the L/G parity.
const EAN_L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const invert = (p: string) => [...p].map((c) => (c === '1' ? '0' : '1')).join('');
const EAN_R = EAN_L.map(invert);
const EAN_G = EAN_R.map((p) => [...p].reverse().join(''));
const EAN_PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

export function decodeEan13(modules: string): string {
  if (modules.length !== 95) throw new Error(`EAN-13 应为95个模块，实为${modules.length}`);
  if (modules.slice(0, 3) !== '101' || modules.slice(45, 50) !== '01010' || modules.slice(92) !== '101') {
    throw new Error('EAN-13 护线不正确');
  }
  let parity = '';
  let digits = '';
  for (let i = 0; i < 6; i += 1) {
    const chunk = modules.slice(3 + i * 7, 10 + i * 7);
    const l = EAN_L.indexOf(chunk);
    const g = EAN_G.indexOf(chunk);
    if (l < 0 && g < 0) throw new Error(`EAN-13 左侧第${i + 1}位无法识别`);
    parity += l >= 0 ? 'L' : 'G';
    digits += String(l >= 0 ? l : g);
  }
  for (let i = 0; i < 6; i += 1) {
    const r = EAN_R.indexOf(modules.slice(50 + i * 7, 57 + i * 7));
    if (r < 0) throw new Error(`EAN-13 右侧第${i + 1}位无法识别`);
    digits += String(r);
  }
  const first = EAN_PARITY.indexOf(parity);
  if (first < 0) throw new Error('EAN-13 奇偶组合不正确');
  const all = `${first}${digits}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(all[i]) * (i % 2 === 0 ? 1 : 3);
  if ((10 - (sum % 10)) % 10 !== Number(all[12])) throw new Error('EAN-13 校验位不正确');
  return all;
}

/** Code 128 element widths (bar, space, bar, space, bar, space) of values 0-105, then STOP. */
const CODE128_WIDTHS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');

const widthsToModules = (widths: string) => [...widths].map((w, i) => (i % 2 === 0 ? '1' : '0').repeat(Number(w))).join('');

/** Module patterns of values 0-106 (106 is STOP, 13 modules). */
export const CODE128_PATTERNS: readonly string[] = CODE128_WIDTHS.map(widthsToModules);

type CodeSet = 'A' | 'B' | 'C';
const START_SETS: Readonly<Record<number, CodeSet | undefined>> = { 103: 'A', 104: 'B', 105: 'C' };

function charOf(set: 'A' | 'B', value: number): string {
  if (set === 'B') return String.fromCharCode(value + 32);
  return String.fromCharCode(value < 64 ? value + 32 : value - 64);
}

export function decodeCode128(modules: string): string {
  const stop = CODE128_PATTERNS[106];
  if (!modules.endsWith(stop) || (modules.length - stop.length) % 11 !== 0) throw new Error('Code 128 结束符不正确');
  const values: number[] = [];
  for (let at = 0; at < modules.length - stop.length; at += 11) {
    const value = CODE128_PATTERNS.indexOf(modules.slice(at, at + 11));
    if (value < 0 || value > 105) throw new Error(`Code 128 第${at / 11 + 1}个符号无法识别`);
    values.push(value);
  }
  if (values.length < 2) throw new Error('Code 128 没有数据');
  const [start, ...rest] = values;
  const check = rest.pop()!;
  const sum = rest.reduce((acc, v, i) => acc + v * (i + 1), start);
  if (sum % 103 !== check) throw new Error('Code 128 校验符不正确');
  const startSet = START_SETS[start];
  if (!startSet) throw new Error('Code 128 起始符不正确');
  let set: CodeSet = startSet;
  let out = '';
  let shifted = false;
  rest.forEach((value, i) => {
    const current: CodeSet = shifted ? (set === 'A' ? 'B' : 'A') : set;
    shifted = false;
    if (value === 102) {
      if (i > 0) out += '\x1d'; // FNC1: GS1 separator; a leading one only marks GS1-128
      return;
    }
    if (current === 'C') {
      if (value < 100) out += String(value).padStart(2, '0');
      else set = value === 100 ? 'B' : value === 101 ? 'A' : set;
      return;
    }
    if (value < 96) out += charOf(current, value);
    else if (value === 98) shifted = true;
    else if (value === 99) set = 'C';
    else if (value === 100 && current === 'A') set = 'B';
    else if (value === 101 && current === 'B') set = 'A';
    else throw new Error(`Code 128 不支持的功能符 ${value}`);
  });
  return out;
}

/** The value an SVG barcode scans to. */
export function decodeBarcodeSvg(svg: string, format: 'EAN13' | 'CODE128'): string {
  const modules = modulesFromBars(barsFromSvgMarkup(svg));
  return format === 'EAN13' ? decodeEan13(modules) : decodeCode128(modules);
}
