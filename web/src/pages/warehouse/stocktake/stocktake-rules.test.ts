import { StockDocMessages, type StockDocLineRecord } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { blindLines, editsProblem, postBody, scopeText, startCountConfirm, varianceRows, varianceTotals } from './stocktake-rules.ts';

const line = (id: number, quantity: number, actualQuantity: number | null) =>
  ({ id, lineNo: id, quantity, actualQuantity, difference: actualQuantity === null ? null : actualQuantity - quantity, styleNo: `S${id}` }) as StockDocLineRecord;
const lines = [line(1, 5, 3), line(2, 10, null), line(3, 0, 1), line(4, 4, 4)];

describe('stocktake screens', () => {
  it('the blind view lists counted lines only and carries no book quantity', () => {
    const blind = blindLines(lines);
    expect(blind.map((l) => [l.id, l.actualQuantity])).toEqual([
      [1, 3],
      [3, 1],
      [4, 4],
    ]);
    for (const l of blind) {
      expect('quantity' in l).toBe(false);
      expect('difference' in l).toBe(false);
    }
  });

  it('names the scope', () => {
    expect(scopeText([], () => undefined)).toBe('整仓');
    expect(scopeText([7, 8], (id) => (id === 7 ? 'A-01-01' : undefined))).toBe('A-01-01、#8');
  });

  it('names what 开始盘点 freezes before it does', () => {
    expect(startCountConfirm('杭州总仓', [], () => undefined)).toBe(
      '开始盘点将冻结仓库“杭州总仓”整仓（含未上架的库存）：盘点期间该仓库不能出入库，审核过账或作废后解冻。确定开始盘点？',
    );
    expect(startCountConfirm('杭州总仓', [7, 8], (id) => (id === 7 ? 'A-01-01' : 'A-01-02'))).toBe(
      '开始盘点将冻结仓库“杭州总仓”的货架 A-01-01、A-01-02：盘点期间这些货架不能出入库，审核过账或作废后解冻。确定开始盘点？',
    );
  });

  it('uncounted lines count as 0; typed counts win; totals split gains and losses', () => {
    const rows = varianceRows(lines, { 2: 9 });
    expect(rows.map((r) => [r.line.id, r.book, r.counted, r.difference])).toEqual([
      [1, 5, 3, -2],
      [2, 10, 9, -1],
      [3, 0, 1, 1],
      [4, 4, 4, 0],
    ]);
    expect(varianceRows(lines, {}, true).map((r) => r.line.id)).toEqual([1, 2, 3]);
    expect(varianceTotals(rows)).toEqual({ book: 19, counted: 17, gain: 1, loss: 3 });
  });

  it('sends only typed counts that change a line, and refuses bad ones', () => {
    expect(postBody(lines, {})).toEqual({});
    expect(postBody(lines, { 1: 3, 2: 0 })).toEqual({});
    expect(postBody(lines, { 1: 4, 2: 10, 4: null })).toEqual({
      actuals: [
        { lineId: 1, actualQuantity: 4 },
        { lineId: 2, actualQuantity: 10 },
      ],
    });
    expect(editsProblem(lines, { 1: 2 })).toBeNull();
    expect(editsProblem(lines, { 2: -1 })).toBe(StockDocMessages.actualInvalid(2));
    expect(editsProblem(lines, { 3: 0.5 })).toBe(StockDocMessages.actualInvalid(3));
    expect(editsProblem(lines, { 4: 1_000_001 })).toBe(StockDocMessages.actualInvalid(4));
    expect(editsProblem(lines, { 4: Number.NaN })).toBe(StockDocMessages.actualInvalid(4));
    // a bad typed count is not posted and counts as the scan meanwhile
    expect(varianceRows(lines, { 1: -1 })[0]!.counted).toBe(varianceRows(lines, {})[0]!.counted);
  });
});
