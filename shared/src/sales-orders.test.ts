import { describe, expect, it } from 'vitest';
import { machineReachable } from './machine.ts';
import {
  auditCutProblem,
  SALES_ORDER_MACHINE,
  SALES_ORDER_STATUSES,
  salesOrderActionRefused,
  salesOrderActions,
  salesOrderLineOpen,
  salesOrderNext,
  salesOrderStatusAfterShipping,
  SalesOrderMessages,
} from './sales-orders.ts';

describe('订货单 status machine', () => {
  it('walks draft → submitted → audited → shipped, and ends in closed, rejected or cancelled', () => {
    expect(salesOrderNext('draft', 'submit')).toBe('submitted');
    expect(salesOrderNext('submitted', 'withdraw')).toBe('draft');
    expect(salesOrderNext('submitted', 'audit')).toBe('audited');
    expect(salesOrderNext('submitted', 'reject')).toBe('rejected');
    expect(salesOrderNext('audited', 'ship')).toBe('partly_shipped');
    expect(salesOrderNext('partly_shipped', 'close')).toBe('closed');
    // no way back once goods left, and nothing after an end
    expect(salesOrderNext('partly_shipped', 'cancel')).toBeNull();
    expect(salesOrderNext('draft', 'audit')).toBeNull();
    for (const end of ['closed', 'rejected', 'cancelled'] as const) expect(salesOrderActions(end)).toEqual([]);
    // a shipped order only follows a voided 配货出库 (its status then comes from the quantities)
    expect(salesOrderActions('shipped')).toEqual(['ship']);
    // every status is reachable from a draft (shipped by shipping everything)
    expect(machineReachable(SALES_ORDER_MACHINE, 'draft').sort()).toEqual([...SALES_ORDER_STATUSES].sort());
    expect(salesOrderActionRefused('DH20261127-0001', 'shipped', 'cancel')).toBe('订货单DH20261127-0001当前为「已发货」，不能取消');
  });

  it('follows the quantities once goods were shipped', () => {
    const line = (ordered: number, approved: number | null, shipped: number) => ({ ordered, approved, shipped });
    expect(salesOrderLineOpen(line(10, 8, 3))).toBe(5);
    expect(salesOrderLineOpen(line(10, null, 0))).toBe(10);
    expect(salesOrderStatusAfterShipping([line(10, 8, 0), line(5, 5, 0)])).toBe('audited');
    expect(salesOrderStatusAfterShipping([line(10, 8, 8), line(5, 5, 2)])).toBe('partly_shipped');
    expect(salesOrderStatusAfterShipping([line(10, 8, 8), line(5, 0, 0)])).toBe('shipped');
  });

  it('lets an audit cut a line with a reason, never raise it or cut it all', () => {
    expect(auditCutProblem([{ ordered: 10, approved: 10 }], '')).toBeNull();
    expect(auditCutProblem([{ ordered: 10, approved: 6 }], '')).toBe(SalesOrderMessages.cutReasonRequired);
    expect(auditCutProblem([{ ordered: 10, approved: 6 }], ' 库存不足 ')).toBeNull();
    expect(
      auditCutProblem(
        [
          { ordered: 10, approved: 6 },
          { ordered: 4, approved: 5 },
        ],
        '库存不足',
      ),
    ).toBe('第2行：审核数量须为0-4的整数');
    expect(auditCutProblem([{ ordered: 10, approved: 1.5 }], '库存不足')).toBe('第1行：审核数量须为0-10的整数');
    expect(auditCutProblem([{ ordered: 10, approved: 0 }], '库存不足')).toBe(SalesOrderMessages.nothingApproved);
  });
});
