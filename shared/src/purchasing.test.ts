import { describe, expect, it } from 'vitest';
import {
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_MACHINE,
  PURCHASE_ORDER_STATUSES,
  PURCHASE_REFUND_MACHINE,
  purchaseOrderActionRefused,
  purchaseOrderActions,
  purchaseOrderNext,
  purchaseRefundActionRefused,
  purchaseRefundActions,
  purchaseRefundNext,
  receiveLimit,
  statusAfterReceipts,
  SUPPLIER_VISIBLE_ORDER_STATUSES,
} from './purchasing.ts';
import { machineTargets } from './machine.ts';

describe('the purchase order machine', () => {
  it('allows exactly these transitions', () => {
    const allowed: string[] = [];
    for (const status of PURCHASE_ORDER_STATUSES) {
      for (const action of PURCHASE_ORDER_ACTIONS) {
        const next = purchaseOrderNext(status, action);
        if (next) allowed.push(`${status} -${action}-> ${next}`);
      }
    }
    expect(allowed).toEqual([
      'draft -edit-> draft',
      'draft -delete-> draft',
      'draft -submit-> submitted',
      'submitted -withdraw-> draft',
      'submitted -audit-> audited',
      'audited -receive-> audited',
      'audited -close-> closed',
      'audited -confirm-> audited',
      'partly_received -receive-> partly_received',
      'partly_received -close-> closed',
      'partly_received -confirm-> partly_received',
    ]);
  });

  it('received and closed orders are final', () => {
    expect(purchaseOrderActions('received')).toEqual([]);
    expect(purchaseOrderActions('closed')).toEqual([]);
    expect(purchaseOrderActions('draft')).toEqual(['edit', 'delete', 'submit']);
    // a receipt's posting and voiding move the order by quantities; they are not a user's actions
    expect(machineTargets(PURCHASE_ORDER_MACHINE, 'partly_received', 'receipt_post')).toEqual(['partly_received', 'received']);
    expect(machineTargets(PURCHASE_ORDER_MACHINE, 'received', 'receipt_void')).toEqual(['partly_received', 'audited', 'received']);
    expect(machineTargets(PURCHASE_ORDER_MACHINE, 'closed', 'receipt_void')).toEqual(['closed']);
    expect(purchaseOrderActions('audited')).toEqual(['receive', 'confirm', 'close']);
  });

  it('every status the supplier sees is past audit', () => {
    expect(SUPPLIER_VISIBLE_ORDER_STATUSES).not.toContain('draft');
    expect(SUPPLIER_VISIBLE_ORDER_STATUSES).not.toContain('submitted');
    for (const s of SUPPLIER_VISIBLE_ORDER_STATUSES) expect(PURCHASE_ORDER_MACHINE[s]?.submit).toBeUndefined();
  });

  it('names the order and its status when refusing', () => {
    expect(purchaseOrderActionRefused('CG20261122-0001', 'closed', 'receive')).toBe('采购订单CG20261122-0001当前为「已关闭」，不能收货');
  });
});

describe('the purchase refund machine', () => {
  it('audits drafts, voids audited ones, nothing after done or void', () => {
    expect(purchaseRefundNext('draft', 'audit')).toBe('audited');
    expect(purchaseRefundNext('audited', 'void')).toBe('void');
    expect(purchaseRefundNext('draft', 'void')).toBeNull();
    expect(purchaseRefundNext('done', 'void')).toBeNull();
    expect(Object.keys(PURCHASE_REFUND_MACHINE.void ?? {})).toEqual([]);
  });

  it('declares what the outbound does (done, and void from done) without offering it to a user', () => {
    expect(machineTargets(PURCHASE_REFUND_MACHINE, 'audited', 'outbound_post')).toEqual(['done']);
    expect(machineTargets(PURCHASE_REFUND_MACHINE, 'done', 'outbound_void')).toEqual(['void']);
    expect(purchaseRefundActions('audited')).toEqual(['void']);
    expect(purchaseRefundActions('done')).toEqual([]);
    expect(purchaseRefundActionRefused('TH20261122-0001', 'void', 'outbound_post')).toBe('采购退货单TH20261122-0001当前为「已作废」，不能出库');
  });
});

describe('receiveLimit', () => {
  it('is the ordered quantity without tolerance', () => {
    expect(receiveLimit(10, 0)).toBe(10);
    expect(receiveLimit(1, 0)).toBe(1);
  });
  it('adds the tolerance, rounded down', () => {
    expect(receiveLimit(10, 10)).toBe(11);
    expect(receiveLimit(10, 15)).toBe(11);
    expect(receiveLimit(9, 10)).toBe(9);
    expect(receiveLimit(7, 50)).toBe(10);
    expect(receiveLimit(3, 100)).toBe(6);
    expect(receiveLimit(1_000_000, 100)).toBe(2_000_000);
  });
});

describe('statusAfterReceipts', () => {
  it('nothing received is audited', () => {
    expect(
      statusAfterReceipts([
        { quantity: 5, receivedQuantity: 0 },
        { quantity: 3, receivedQuantity: 0 },
      ]),
    ).toBe('audited');
    expect(statusAfterReceipts([])).toBe('audited');
  });
  it('something received is partly received', () => {
    expect(
      statusAfterReceipts([
        { quantity: 5, receivedQuantity: 5 },
        { quantity: 3, receivedQuantity: 0 },
      ]),
    ).toBe('partly_received');
    expect(statusAfterReceipts([{ quantity: 5, receivedQuantity: 1 }])).toBe('partly_received');
  });
  it('every line in full (or over, within tolerance) is received', () => {
    expect(
      statusAfterReceipts([
        { quantity: 5, receivedQuantity: 5 },
        { quantity: 3, receivedQuantity: 4 },
      ]),
    ).toBe('received');
  });
});
