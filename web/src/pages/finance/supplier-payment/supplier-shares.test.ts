import { describe, expect, it } from 'vitest';
import { sharesOf } from './SupplierPaymentFormModal.tsx';

const orders = [
  { purchaseOrderId: 1, orderNo: 'CG1', payableFen: 76_000 },
  { purchaseOrderId: 2, orderNo: 'CG2', payableFen: 532_000 },
];

describe('sharesOf (付款单 per purchase order)', () => {
  it('sends only the orders given an amount, in fen', () => {
    expect(sharesOf(orders, { 1: 76_000, 2: null }, 100_000)).toEqual({ orders: [{ purchaseOrderId: 1, amountFen: 76_000 }], problem: null });
    expect(sharesOf(orders, {}, 100_000)).toEqual({ orders: [], problem: null });
  });

  it('refuses a share above what the order still owes, and shares above the payment', () => {
    expect(sharesOf(orders, { 1: 76_001 }, 1_000_000).problem).toBe('采购订单CG1的付款金额超出其应付余额 ¥760.00');
    expect(sharesOf(orders, { 1: 70_000, 2: 40_000 }, 100_000).problem).toBe('各采购订单的付款金额合计超出付款金额');
  });
});
