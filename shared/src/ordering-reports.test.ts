import { describe, expect, it } from 'vitest';
import { addFigures, billApprovedFen, emptyFigures, lineFigures, lineOutstanding, sumFigures, type ReportLine } from './ordering-reports.ts';
import { SALES_ORDER_STATUSES } from './sales-orders.ts';

const line = (over: Partial<ReportLine> = {}): ReportLine => ({
  status: 'audited',
  ordered: 10,
  approved: 8,
  allocated: 2,
  shipped: 5,
  received: 3,
  unitPriceFen: 12_345,
  ...over,
});

describe('订货报表 figures', () => {
  it('outstanding is approved (or ordered) less shipped, only while the order is open', () => {
    expect(lineOutstanding(line())).toBe(3);
    expect(lineOutstanding(line({ status: 'partly_shipped', approved: null }))).toBe(5);
    // a submitted order waits for what it ordered (issue 26: one 未发 with 未发货 and 往来账户)
    expect(lineOutstanding(line({ status: 'submitted', approved: null, shipped: 0 }))).toBe(10);
    for (const status of SALES_ORDER_STATUSES.filter((s) => s !== 'audited' && s !== 'partly_shipped' && s !== 'submitted')) {
      expect(lineOutstanding(line({ status })), status).toBe(0);
    }
    // a cut line fully shipped owes nothing
    expect(lineOutstanding(line({ approved: 5 }))).toBe(0);
  });

  it('prices each figure at the line price; approved counts 0 before the audit', () => {
    expect(lineFigures(line())).toEqual({
      ordered: 10,
      approved: 8,
      allocated: 2,
      shipped: 5,
      received: 3,
      outstanding: 3,
      returned: 0,
      netShipped: 5,
      orderedAmountFen: 123_450,
      approvedAmountFen: 98_760,
      shippedAmountFen: 61_725,
      receivedAmountFen: 37_035,
      outstandingAmountFen: 37_035,
      returnedAmountFen: 0,
      netShippedAmountFen: 61_725,
    });
    const submitted = lineFigures(line({ status: 'submitted', approved: null, allocated: 0, shipped: 0, received: 0 }));
    expect(submitted).toMatchObject({ ordered: 10, approved: 0, approvedAmountFen: 0, outstanding: 10, orderedAmountFen: 123_450 });
    // 已退 lowers 净发, at the line price
    expect(lineFigures(line({ returned: 2 }))).toMatchObject({ returned: 2, netShipped: 3, returnedAmountFen: 24_690, netShippedAmountFen: 37_035 });
  });

  it('a sum of lines is the sum of their figures, in any order', () => {
    const lines = [line(), line({ status: 'closed', unitPriceFen: 1 }), line({ status: 'submitted', approved: null, shipped: 0, received: 0, allocated: 0 })];
    const sum = sumFigures(lines);
    expect(sum).toEqual(lines.map(lineFigures).reduce(addFigures, emptyFigures()));
    expect(sumFigures([...lines].reverse())).toEqual(sum);
    expect(sum.ordered).toBe(30);
    expect(sum.outstanding).toBe(3 + 10);
    expect(sumFigures([])).toEqual(emptyFigures());
  });

  it('a bill counts the approved amount of audited orders only, never of rejected or cancelled ones', () => {
    expect(billApprovedFen('audited', 500)).toBe(500);
    expect(billApprovedFen('closed', 500)).toBe(500);
    expect(billApprovedFen('cancelled', 500)).toBeNull();
    expect(billApprovedFen('rejected', null)).toBeNull();
    expect(billApprovedFen('submitted', null)).toBeNull();
  });
});
