import { describe, expect, it } from 'vitest';
import { machineActions, machineAllActions, machineNext, machineReachable, machineTargets, transitionRefused, type Machine } from './machine.ts';

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

  it('declares several targets when the effects decide, the usual one answered first', () => {
    const ship: Machine<'open' | 'part' | 'all', 'ship'> = { open: { ship: ['part', 'all', 'open'] }, part: { ship: ['part', 'all', 'open'] } };
    expect(machineNext(ship, 'open', 'ship')).toBe('part');
    expect(machineTargets(ship, 'open', 'ship')).toEqual(['part', 'all', 'open']);
    expect(machineTargets(ship, 'all', 'ship')).toEqual([]);
    expect(machineTargets(MACHINE, 'draft', 'submit')).toEqual(['submitted']);
    expect(machineReachable(ship, 'open').sort()).toEqual(['all', 'open', 'part']);
  });
});
