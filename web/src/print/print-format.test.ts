import { describe, expect, it } from 'vitest';
import { compositionLines, expandCopies, moneyInWords, printProblem, sortLines } from './print-format.ts';
import type { LabelItem } from './print-types.ts';

const label = (barcode: string, copies = 1): LabelItem => ({
  styleNo: 'YS26W001',
  name: '女式羊毛大衣',
  colour: '驼色',
  size: 'M',
  barcode,
  retailPriceFen: 129900,
  copies,
});

describe('print formatting', () => {
  it('writes compositions one part a line', () => {
    expect(
      compositionLines([
        {
          part: '面料',
          fibres: [
            { name: '羊毛', percent: 80 },
            { name: '锦纶', percent: 20 },
          ],
        },
        { fibres: [{ name: '聚酯纤维', percent: 100 }] },
      ]),
    ).toEqual(['面料：羊毛 80% 锦纶 20%', '聚酯纤维 100%']);
  });

  it('sorts document lines by style, colour and size order', () => {
    const line = (styleNo: string, colour: string, size: string) => ({ styleNo, colour, size });
    const sorted = sortLines([line('B', '黑色', 'M'), line('A', '黑色', 'XL'), line('A', '黑色', 'S'), line('A', '驼色', 'L'), line('A', '黑色', 'M')]);
    expect(sorted.map((l) => `${l.styleNo}${l.colour}${l.size}`)).toEqual(['A黑色S', 'A黑色M', 'A黑色XL', 'A驼色L', 'B黑色M']);
  });

  it('repeats items by copies', () => {
    expect(expandCopies([label('a', 2), label('b', 1)]).map((l) => l.barcode)).toEqual(['a', 'a', 'b']);
  });

  it('writes amounts in capital numerals', () => {
    expect(moneyInWords(0)).toBe('零元整');
    expect(moneyInWords(129900)).toBe('壹仟贰佰玖拾玖元整');
    expect(moneyInWords(12345)).toBe('壹佰贰拾叁元肆角伍分');
    expect(moneyInWords(100500)).toBe('壹仟零伍元整');
    expect(moneyInWords(10000000)).toBe('壹拾万元整');
    expect(moneyInWords(10000100)).toBe('壹拾万零壹元整');
    expect(moneyInWords(1001000000)).toBe('壹仟零壹万元整');
    expect(moneyInWords(1230)).toBe('壹拾贰元叁角整');
    expect(moneyInWords(1205)).toBe('壹拾贰元零伍分');
    expect(moneyInWords(50)).toBe('伍角整');
    expect(moneyInWords(5)).toBe('伍分');
    expect(moneyInWords(-19900)).toBe('负壹佰玖拾玖元整');
    expect(moneyInWords(2035680000)).toBe('贰仟零叁拾伍万陆仟捌佰元整');
  });

  it('finds what cannot print before drawing', () => {
    expect(printProblem({ kind: 'label', payload: [label('6901234567892'), label('YS26W001-TS-M', 3)] })).toBeNull();
    expect(printProblem({ kind: 'label', payload: [] })).toBe('没有要打印的内容');
    expect(printProblem({ kind: 'label', payload: [label('6901234567890')] })).toBe('条码 6901234567890 校验位不正确');
    expect(printProblem({ kind: 'label', payload: [label('6901234567892', 0)] })).toBe('打印份数须为1-500之间的整数');
    const sheet = { number: 'CK20261121001', date: '2026-11-21', fromWarehouse: '杭州总仓', toWarehouse: '宁波仓', status: '待出库', totalQuantity: 0 };
    expect(printProblem({ kind: 'transfer', payload: { ...sheet, lines: [] } })).toBe('单据没有明细');
    // a statement without entries still prints its opening and closing balances
    const statement = { partyTypeLabel: '代理商', partyCode: 'AG001', partyName: '杭州衣尚', balanceLabel: '应收', from: '2026-11-01', to: '2026-11-30' };
    const figures = { openingFen: 100, increaseFen: 0, decreaseFen: 0, closingFen: 100, confirmation: null, printedAt: '2026-12-01 09:00:00' };
    expect(printProblem({ kind: 'statement', payload: { ...statement, ...figures, entries: [] } })).toBeNull();
  });
});
