import { describe, expect, it } from 'vitest';
import { quantityOk, quantityProblem, readQuantity, type QuantityRule } from './quantity.ts';

describe('readQuantity', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['12', 12],
    [' 007 ', 7],
    ['-1', -1],
    ['1.5', 1.5],
    ['１２', 12],
    ['abc', Number.NaN],
    ['1e3', Number.NaN],
    ['1,000', Number.NaN],
    ['12abc', Number.NaN],
    ['--1', Number.NaN],
  ])('%j → %s', (text, expected) => {
    expect(readQuantity(text)).toBe(expected);
  });
});

describe('quantityProblem', () => {
  const receive: QuantityRule = { min: 0, max: 1_000_000, cap: { name: '可收', value: 10 } };
  it.each<[string | number | null | undefined, QuantityRule, string | null]>([
    ['', {}, null],
    [null, {}, null],
    [undefined, { required: true }, '请输入数量'],
    ['', { required: true, label: '实收' }, '请输入实收'],
    ['0', {}, null],
    [5, { min: 1 }, null],
    ['abc', {}, '数量须为0-1000000的整数'],
    [Number.NaN, {}, '数量须为0-1000000的整数'],
    ['-1', {}, '数量须为0-1000000的整数'],
    [-1, {}, '数量须为0-1000000的整数'],
    ['1.5', {}, '数量须为0-1000000的整数'],
    [0, { min: 1 }, '数量须为1-1000000的整数'],
    ['1000001', {}, '数量须为0-1000000的整数'],
    ['1000000', {}, null],
    ['999', receive, '超出可收数量10'],
    ['10', receive, null],
    ['11', { cap: { name: '可退', value: 10 } }, '超出可退数量10'],
    ['3', { max: 2, label: '实盘' }, '实盘须为0-2的整数'],
  ])('%j with %j → %s', (raw, rule, expected) => {
    expect(quantityProblem(raw, rule)).toBe(expected);
  });

  it('holds for numbers and their text alike, over many seeded random values', () => {
    // a small deterministic generator: a property check without a dependency
    let x = 20240616;
    const next = () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x;
    };
    for (let i = 0; i < 2000; i++) {
      const min = next() % 3;
      const max = min + (next() % 50);
      const capValue = next() % 60;
      const rule: QuantityRule = { min, max, cap: next() % 2 ? { name: '可收', value: capValue } : null };
      const n = (next() % 140) - 40 + (next() % 4 === 0 ? 0.5 : 0);
      const problem = quantityProblem(n, rule);
      // the text of a number reads the same as the number
      expect(quantityProblem(String(n), rule)).toBe(problem);
      const fine = Number.isInteger(n) && n >= min && n <= max && (!rule.cap || n <= rule.cap.value);
      expect(problem === null).toBe(fine);
      expect(quantityOk(n, rule)).toBe(fine);
      // text with letters in it is never a quantity
      expect(quantityProblem(`${n}x`, rule)).not.toBeNull();
    }
  });
});
