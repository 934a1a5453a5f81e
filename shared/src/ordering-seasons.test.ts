import { describe, expect, it } from 'vitest';
import { OrderingMessages, seasonInputProblem, seasonStatusOn, seasonStyleFilterSet, stylesAddedText } from './ordering-seasons.ts';

const valid = { code: 'SS26-SPOT', name: '2026 春夏现货', kind: 'spot', opensOn: '2026-03-01', closesOn: '2026-03-31' };

describe('seasonStatusOn (Asia/Shanghai days, both ends inclusive)', () => {
  const season = { enabled: true, opensOn: '2026-03-01', closesOn: '2026-03-31' };
  it('is 未开始 before the first day, 进行中 from the first to the last day, 已结束 after', () => {
    expect(seasonStatusOn(season, '2026-02-28')).toBe('upcoming');
    expect(seasonStatusOn(season, '2026-03-01')).toBe('open');
    expect(seasonStatusOn(season, '2026-03-15')).toBe('open');
    expect(seasonStatusOn(season, '2026-03-31')).toBe('open');
    expect(seasonStatusOn(season, '2026-04-01')).toBe('ended');
  });
  it('a one-day season is open on that day only', () => {
    const oneDay = { enabled: true, opensOn: '2026-12-31', closesOn: '2026-12-31' };
    expect(['2026-12-30', '2026-12-31', '2027-01-01'].map((d) => seasonStatusOn(oneDay, d))).toEqual(['upcoming', 'open', 'ended']);
  });
  it('a disabled season is 已停用 whatever the day', () => {
    for (const day of ['2026-02-01', '2026-03-10', '2026-05-01']) expect(seasonStatusOn({ ...season, enabled: false }, day)).toBe('disabled');
  });
});

describe('seasonInputProblem', () => {
  it('accepts a whole season, with or without remark and enabled', () => {
    expect(seasonInputProblem(valid)).toBeNull();
    expect(seasonInputProblem({ ...valid, kind: 'preorder', remark: '期货订货会', enabled: false })).toBeNull();
    expect(seasonInputProblem({ ...valid, closesOn: valid.opensOn })).toBeNull();
  });
  it('names the first problem in form order', () => {
    const cases: [object, string][] = [
      [{ ...valid, code: '' }, OrderingMessages.codeRequired],
      [{ ...valid, code: '春夏' }, OrderingMessages.codeInvalid],
      [{ ...valid, code: 'A'.repeat(33) }, OrderingMessages.codeInvalid],
      [{ ...valid, name: '  ' }, OrderingMessages.nameRequired],
      [{ ...valid, name: '季'.repeat(41) }, OrderingMessages.nameTooLong],
      [{ ...valid, kind: 'futures' }, OrderingMessages.kindInvalid],
      [{ ...valid, opensOn: '' }, OrderingMessages.opensOnRequired],
      [{ ...valid, opensOn: '2026-02-30' }, OrderingMessages.dayInvalid],
      [{ ...valid, closesOn: undefined }, OrderingMessages.closesOnRequired],
      [{ ...valid, opensOn: '2026-04-01' }, OrderingMessages.rangeInvalid],
      [{ ...valid, remark: 'x'.repeat(201) }, OrderingMessages.remarkTooLong],
      [{ ...valid, remark: 5 }, OrderingMessages.remarkTooLong],
      [{ ...valid, enabled: 'yes' }, OrderingMessages.enabledInvalid],
      [{ ...valid, code: '', name: '' }, OrderingMessages.codeRequired],
    ];
    for (const [input, message] of cases) expect(seasonInputProblem(input), JSON.stringify(input)).toBe(message);
  });
});

describe('add by filter', () => {
  it('needs at least one field', () => {
    expect(seasonStyleFilterSet({})).toBe(false);
    expect(seasonStyleFilterSet({ brandId: null, season: ' ' })).toBe(false);
    expect(seasonStyleFilterSet({ season: 'winter' })).toBe(true);
    expect(seasonStyleFilterSet({ tagId: 3 })).toBe(true);
  });
  it('says what was added and what was not', () => {
    expect(stylesAddedText({ added: 3, already: 0, offSale: 0 })).toBe('已加入 3 个款式');
    expect(stylesAddedText({ added: 1, already: 2, offSale: 1 })).toBe('已加入 1 个款式（2 个已在订货季中，1 个已下架未加入）');
  });
});
