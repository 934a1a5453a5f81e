import { describe, expect, it } from 'vitest';
import { cellText } from './sheet-cells.ts';

describe('cellText', () => {
  it('turns cells into text sensibly', () => {
    expect(cellText('  YS-1 ')).toBe('YS-1');
    expect(cellText(6926013100145)).toBe('6926013100145');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(699.9)).toBe('699.9');
    expect(cellText(2026)).toBe('2026');
    expect(cellText(new Date(Date.UTC(2026, 2, 5)))).toBe('2026-03-05');
    expect(cellText(new Date(Date.UTC(2026, 2, 5, 9, 30, 0)))).toBe('2026-03-05 09:30:00');
    expect(cellText({ richText: [{ text: '羊毛' }, { text: '大衣' }] })).toBe('羊毛大衣');
    expect(cellText({ formula: 'A1*2', result: 12.5 })).toBe('12.5');
    expect(cellText({ text: '链接', hyperlink: 'http://x' })).toBe('链接');
    expect(cellText(null)).toBe('');
    expect(cellText('--')).toBe('');
  });
});
