import { describe, expect, it } from 'vitest';
import { machineActions, machineAllActions, machineNext, machineReachable, transitionRefused, type Machine } from './machine.ts';
import { PURCHASE_ORDER_MACHINE, PURCHASE_REFUND_MACHINE } from './purchasing.ts';
import { STOCK_DOC_MACHINES } from './stock-docs.ts';

type S = 'draft' | 'submitted' | 'posted' | 'void';
type A = 'submit' | 'withdraw' | 'post' | 'void';
const MACHINE: Machine<S, A> = {
  draft: { submit: 'submitted', void: 'void' },
  submitted: { withdraw: 'draft', post: 'posted' },
  posted: { void: 'void' },
};

describe('the status machine helper', () => {
  it('answers the next status, or null for an action the status does not open', () => {
    expect(machineNext(MACHINE, 'draft', 'submit')).toBe('submitted');
    expect(machineNext(MACHINE, 'draft', 'post')).toBeNull();
    expect(machineNext(MACHINE, 'void', 'submit')).toBeNull();
  });

  it('lists the actions open from a status, and every action of the machine', () => {
    expect(machineActions(MACHINE, 'submitted')).toEqual(['withdraw', 'post']);
    expect(machineActions(MACHINE, 'void')).toEqual([]);
    expect(machineAllActions(MACHINE).sort()).toEqual(['post', 'submit', 'void', 'withdraw']);
  });

  it('finds what a status can reach', () => {
    expect(machineReachable(MACHINE, 'posted').sort()).toEqual(['posted', 'void']);
    expect(machineReachable(MACHINE, 'draft').sort()).toEqual(['draft', 'posted', 'submitted', 'void']);
  });

  it('refuses in one wording for every document type', () => {
    expect(transitionRefused('采购订单', 'CG20261122-0001', '已关闭', '收货')).toBe('采购订单CG20261122-0001当前为「已关闭」，不能收货');
  });

  it('every document machine: void is final, and every status can still reach its end', () => {
    const machines: Machine<string, string>[] = [PURCHASE_ORDER_MACHINE, PURCHASE_REFUND_MACHINE, ...Object.values(STOCK_DOC_MACHINES)];
    for (const machine of machines) {
      expect(machineActions(machine, 'void')).toEqual([]);
      // from any status some final status (no actions out) is reachable: no document gets stuck in a loop
      for (const status of Object.keys(machine)) {
        expect(
          machineReachable(machine, status).some((s) => machineActions(machine, s).length === 0 || machineActions(machine, s).every((a) => machineNext(machine, s, a) === s)),
        ).toBe(true);
      }
    }
  });
});
