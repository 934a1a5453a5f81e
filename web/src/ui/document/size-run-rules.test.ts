import { describe, expect, it } from 'vitest';
import { applyRun, cellProblem, columnTotal, grandTotal, gridProblem, parseRun, rowTotal, runAxes, runSize, type RunCell } from './size-run-rules.ts';

const cell = (skuId: number, colour: string, size: string, sizeSort?: number): RunCell => ({ skuId, colourKey: colour, colourName: colour, sizeName: size, sizeSort });
// sizes arrive out of order and one colour lacks a size
const CELLS = [cell(1, '黑色', 'XL'), cell(2, '黑色', 'S'), cell(3, '黑色', 'M'), cell(4, '黑色', 'L'), cell(5, '驼色', 'M'), cell(6, '驼色', 'S')];

describe('size run axes', () => {
  it('rows by colour in first-seen order, columns in size order, gaps empty', () => {
    const axes = runAxes(CELLS);
    expect(axes.colours.map((c) => c.name)).toEqual(['黑色', '驼色']);
    expect(axes.sizes).toEqual(['S', 'M', 'L', 'XL']);
    expect(axes.at('驼色', 'XL')).toBeUndefined();
    expect(axes.at('黑色', 'M')?.skuId).toBe(3);
  });

  it("follows the size group's order when every size has one, numbers ascending otherwise", () => {
    expect(runAxes([cell(1, 'a', '28', 2), cell(2, 'a', '26', 1), cell(3, 'a', '30', 3)]).sizes).toEqual(['26', '28', '30']);
    expect(runAxes([cell(1, 'a', '110'), cell(2, 'a', '90'), cell(3, 'a', '100')]).sizes).toEqual(['90', '100', '110']);
  });
});

describe('quantities', () => {
  it('names what is wrong with a typed quantity and keeps the grid otherwise as typed', () => {
    expect(cellProblem(null, 10)).toBeNull();
    expect(cellProblem(3, 10)).toBeNull();
    expect(cellProblem(1.5, 10)).toBe('数量须为0-10的整数');
    expect(cellProblem(Number.NaN, 10)).toBe('数量须为0-10的整数');
    expect(cellProblem(-1, 10)).toBe('数量须为0-10的整数');
    expect(cellProblem(11, 10)).toBe('数量须为0-10的整数');
    const axes = runAxes(CELLS);
    expect(gridProblem(axes, { 1: 2, 5: -1 }, 10)).toBe('驼色 M：数量须为0-10的整数');
    expect(gridProblem(axes, { 1: 2, 5: 1 }, 10)).toBeNull();
  });

  it('totals per colour, per size and overall count only quantities that would be saved', () => {
    const axes = runAxes(CELLS);
    // 6: below zero; 4: above the most (10); 7: text that is no number — all red, none counted
    const values = { 1: 2, 2: 1, 3: 3, 5: 4, 6: -2, 4: 11, 7: Number.NaN };
    expect(rowTotal(axes, values, '黑色', 10)).toBe(6);
    expect(rowTotal(axes, values, '驼色', 10)).toBe(4);
    expect(columnTotal(axes, values, 'M', 10)).toBe(7);
    expect(columnTotal(axes, values, 'XL', 10)).toBe(2);
    expect(grandTotal(values, 10)).toBe(10);
    expect(grandTotal({ ...values, 4: 10 }, 10)).toBe(20);
    // every row total adds up to the grand total, and so does every column total
    const rows = axes.colours.reduce((s, c) => s + rowTotal(axes, values, c.key, 10), 0);
    const cols = axes.sizes.reduce((s, z) => s + columnTotal(axes, values, z, 10), 0);
    expect([rows, cols]).toEqual([10, 10]);
  });
});

describe('配码', () => {
  const sizes = ['S', 'M', 'L', 'XL'];
  it('reads a run by size names or by counts in size order', () => {
    expect(parseRun('S1 M2 L2 XL1', sizes)).toEqual({ S: 1, M: 2, L: 2, XL: 1 });
    expect(parseRun('s1 m2', sizes)).toEqual({ S: 1, M: 2 });
    expect(parseRun('1-2-2-1', sizes)).toEqual({ S: 1, M: 2, L: 2, XL: 1 });
    expect(parseRun('1 2 2 1', sizes)).toEqual({ S: 1, M: 2, L: 2, XL: 1 });
    expect(parseRun('1-2', sizes)).toBe('配码须有4个数字，对应尺码 S M L XL');
    expect(parseRun('XXL3', sizes)).toBe('配码“XXL3”无法识别：可用尺码 S M L XL');
    expect(parseRun('  ', sizes)).toBe('请输入配码，如 S1 M2 L2 XL1');
  });

  it('fills one colour with run × count and leaves the other colours alone', () => {
    const axes = runAxes(CELLS);
    const next = applyRun(axes, { 5: 9 }, '黑色', { S: 1, M: 2, L: 2, XL: 1 }, 3);
    expect(next).toEqual({ 1: 3, 2: 3, 3: 6, 4: 6, 5: 9 });
    expect(rowTotal(axes, next, '黑色', 1_000)).toBe(runSize({ S: 1, M: 2, L: 2, XL: 1 }) * 3);
    // a size the colour does not have is skipped; a size missing from the run empties the cell
    const partial = applyRun(axes, next, '驼色', { S: 2, XL: 5 }, 1);
    expect(partial).toMatchObject({ 6: 2, 5: null });
  });
});
