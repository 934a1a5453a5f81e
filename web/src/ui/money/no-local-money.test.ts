import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 26/27: money is shown one way (formatYuan through MoneyText / moneyColumn, ¥1,234.50),
// typed one way (YuanInput, fen in and out) and exported one way (fenToSheetYuan). This guard reads
// every web source file outside ui/money and fails on a page that formats or converts money by hand.

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');
const OWN = join(SRC, 'ui/money');

interface Rule {
  name: string;
  pattern: RegExp;
  use: string;
}

/** What formatting money by hand looks like. Quantities, percents (bp / 100) and times are not money. */
export const RULES: readonly Rule[] = [
  { name: 'fenToYuan', pattern: /\bfenToYuan\b/, use: 'formatYuan, MoneyText or moneyColumn' },
  { name: 'fenToYuanNumber / yuanToFen', pattern: /\b(fenToYuanNumber|yuanToFen)\b/, use: 'YuanInput (the field holds fen)' },
  { name: '¥ before a figure', pattern: /¥\$?\{/, use: 'formatYuan (it writes the ¥ and the sign)' },
  { name: 'fen / 100', pattern: /\b\w*fen\s*\/\s*100\b/i, use: 'formatYuan to show, fenToSheetYuan for an Excel cell' },
  { name: 'yuan * 100', pattern: /\b\w*yuan\w*\s*\*\s*100\b/i, use: 'YuanInput (it hands the page fen)' },
  { name: '/ 100 to two decimals', pattern: /\/\s*100\)?\.toFixed\(2\)/, use: 'formatYuan' },
  { name: 'Math.round(…) / 100', pattern: /Math\.round\([^()]*\)\s*\/\s*100\b/, use: 'fenToSheetYuan' },
  { name: 'a local yuan helper', pattern: /\b(function|const|let)\s+(yuan|toYuan|yuanText|signedYuan)\b/, use: 'formatYuan / formatSignedYuan' },
  {
    name: 'money held in yuan',
    pattern: /\b[a-z]\w*Yuan\b(?<!\b(formatYuan|formatSignedYuan|fenToSheetYuan|fenToYuan))/,
    use: 'hold fen in the form and type it through YuanInput',
  },
];

/** Files that keep a match on purpose, with why. A listed match that is gone fails too (keep it short). */
export const EXCEPTIONS: readonly { file: string; rule: string; reason: string }[] = [
  {
    file: 'pages/purchase/refund/refund-rules.ts',
    rule: 'fen / 100',
    reason: 'names the limit of a price typed in yuan in its message (单价须为0-1000000元); it shows no amount',
  },
];

/** The code of a file without its comments (a comment may quote ¥15,735.36 or “fen / 100”). */
export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The rules a piece of code breaks. */
export function handMadeMoney(code: string): string[] {
  const text = withoutComments(code);
  return RULES.filter((rule) => rule.pattern.test(text)).map((rule) => rule.name);
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === OWN ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('money is formatted by ui/money only', () => {
  it('no web source outside ui/money formats or converts money by hand', () => {
    const found: string[] = [];
    const excused = new Set<string>();
    for (const path of sources(SRC)) {
      const file = relative(SRC, path).split('\\').join('/');
      for (const rule of handMadeMoney(readFileSync(path, 'utf8'))) {
        if (EXCEPTIONS.some((e) => e.file === file && e.rule === rule)) excused.add(`${file}: ${rule}`);
        else found.push(`${file}: ${rule} (use ${RULES.find((r) => r.name === rule)!.use})`);
      }
    }
    expect(found).toEqual([]);
    // every exception still has its match: a mended file leaves the list
    expect([...excused].sort()).toEqual(EXCEPTIONS.map((e) => `${e.file}: ${e.rule}`).sort());
  });

  it.each([
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is code with a placeholder, read as text
    ['const yuan = (fen: number) => `¥${fenToYuan(fen)}`;', ['fenToYuan', '¥ before a figure', 'a local yuan helper']],
    ['<b>¥{total}</b>', ['¥ before a figure']],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is code with a placeholder, read as text
    ['`已占用 ${(record.reservedFen / 100).toFixed(2)} 元`', ['fen / 100', '/ 100 to two decimals']],
    ['limitYuan: record.limitFen / 100,', ['fen / 100', 'money held in yuan']],
    ['const fen = Math.round(values.amountYuan * 100);', ['yuan * 100', 'money held in yuan']],
    ['const cell = Math.round(value) / 100;', ['Math.round(…) / 100']],
    ['value={fenToYuanNumber(fen)} onChange={(v) => yuanToFen(v)}', ['fenToYuanNumber / yuanToFen']],
  ])('flags %j', (code, rules) => {
    expect(handMadeMoney(code)).toEqual(rules);
  });

  it.each([
    'render: (_, row) => formatYuan(row.amountFen),',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is code with a placeholder, read as text
    'const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;',
    'ratePercent: t.rateBp / 100,',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is code with a placeholder, read as text
    '`${(ms / 1000).toFixed(2)} s`',
    'const pct = Math.floor((loaded / total) * 100);',
    '<YuanInput prefix="¥" data-testid="po-price" />',
    'const whole = Math.floor(abs / 100); // 元 of moneyInWords',
    "// shows ¥{fen} as 'fen / 100' would",
    "import { fenToSheetYuan, formatSignedYuan } from '../../../ui/money/index.ts';",
    "const url = 'http://host/¥x';",
  ])('leaves %j alone', (code) => {
    expect(handMadeMoney(code)).toEqual([]);
  });
});
