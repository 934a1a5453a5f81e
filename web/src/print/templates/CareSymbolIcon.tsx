import type { ReactNode } from 'react';
import type { CareSymbol } from '../print-types.ts';

const TUB = 'M2.5 8 L5 20 H19 L21.5 8 M2.5 8 q2.4 -2.4 4.8 0 t4.8 0 t4.8 0 t4.8 0';
const TRIANGLE = 'M12 3 L22 20 H2 Z';
const SQUARE = 'M3 3 H21 V21 H3 Z';
const IRON = 'M2.5 18.5 H21 L19.2 9 H8.5 Q3.5 10 2.5 18.5 Z M8.5 9 L9.5 6 H19';
const CROSS = <path d="M3 3 L21 21 M21 3 L3 21" />;
const dots = (n: number, y: number) =>
  // biome-ignore lint/suspicious/noArrayIndexKey: n identical dots of a fixed symbol, never reordered
  Array.from({ length: n }, (_, i) => <circle key={i} cx={12 + (i - (n - 1) / 2) * 3.2} cy={y} r={0.9} fill="#000" stroke="none" />);
const label = (text: string, y = 16.5, size = 6.5) => (
  <text x="12" y={y} fontSize={size} textAnchor="middle" fontFamily="Arial, sans-serif" fill="#000" stroke="none">
    {text}
  </text>
);

const SHAPES: Record<CareSymbol, { title: string; body: ReactNode }> = {
  'wash-30': { title: '30°C水洗', body: [<path key="t" d={TUB} />, <g key="l">{label('30')}</g>] },
  'wash-40': { title: '40°C水洗', body: [<path key="t" d={TUB} />, <g key="l">{label('40')}</g>] },
  'hand-wash': {
    title: '手洗',
    body: [<path key="t" d={TUB} />, <path key="h" d="M8 17 V12.5 M10.4 17 V11 M12.8 17 V11.5 M15.2 17 V13 M7 17 H16.5" />],
  },
  'no-wash': { title: '不可水洗', body: [<path key="t" d={TUB} />, <g key="x">{CROSS}</g>] },
  'no-bleach': { title: '不可漂白', body: [<path key="t" d={TRIANGLE} />, <g key="x">{CROSS}</g>] },
  'tumble-dry-low': { title: '低温翻转干燥', body: [<path key="s" d={SQUARE} />, <circle key="c" cx="12" cy="12" r="6.5" />, <g key="d">{dots(1, 12)}</g>] },
  'no-tumble-dry': { title: '不可翻转干燥', body: [<path key="s" d={SQUARE} />, <circle key="c" cx="12" cy="12" r="6.5" />, <g key="x">{CROSS}</g>] },
  'line-dry': { title: '悬挂晾干', body: [<path key="s" d={SQUARE} />, <path key="l" d="M3 7 Q12 14 21 7" />] },
  'flat-dry': { title: '平摊晾干', body: [<path key="s" d={SQUARE} />, <path key="l" d="M6.5 12 H17.5" />] },
  'iron-low': { title: '低温熨烫', body: [<path key="i" d={IRON} />, <g key="d">{dots(1, 14.5)}</g>] },
  'iron-medium': { title: '中温熨烫', body: [<path key="i" d={IRON} />, <g key="d">{dots(2, 14.5)}</g>] },
  'no-iron': { title: '不可熨烫', body: [<path key="i" d={IRON} />, <g key="x">{CROSS}</g>] },
  'dry-clean': { title: '常规干洗', body: [<circle key="c" cx="12" cy="12" r="9" />, <g key="p">{label('P', 15.5, 10)}</g>] },
  'no-dry-clean': { title: '不可干洗', body: [<circle key="c" cx="12" cy="12" r="9" />, <g key="x">{CROSS}</g>] },
};

/** A care symbol after GB/T 8685, drawn in a 24-unit box. */
export function CareSymbolIcon({ symbol }: { symbol: CareSymbol }) {
  const { title, body } = SHAPES[symbol];
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="#000" strokeWidth={1.4} strokeLinejoin="round" role="img" aria-label={title} data-care-symbol={symbol}>
      {body}
    </svg>
  );
}
