import { describe, expect, it } from 'vitest';
import { daysSince, returnActions, returnAllowance, returnNext, spreadOverLines, swapLegActions, swapLegRefused, withinWindow } from './aftersales.ts';
import { seededRandom } from './seeded-random.ts';

describe('after-sales rules', () => {
  it('allowance is the floor of shipped × rate, and what is left never goes below zero', () => {
    expect(returnAllowance(123_456, 1_000, 0)).toEqual({ allowanceFen: 12_345, usedFen: 0, leftFen: 12_345 });
    expect(returnAllowance(10_000, 500, 600)).toEqual({ allowanceFen: 500, usedFen: 600, leftFen: 0 });
    expect(returnAllowance(0, 10_000, 0).leftFen).toBe(0);
  });

  it('counts calendar days and keeps the last day of the window', () => {
    expect(daysSince('2026-11-01', '2026-11-28')).toBe(27);
    expect(daysSince('2026-02-27', '2026-03-01')).toBe(2);
    expect(withinWindow('2026-11-28', '2026-11-28', 0)).toBe(true);
    expect(withinWindow('2026-10-29', '2026-11-28', 30)).toBe(true);
    expect(withinWindow('2026-10-28', '2026-11-28', 30)).toBe(false);
  });

  it('spreads over the newest receipt first and refuses what the lines cannot hold', () => {
    const lines = [
      { orderLineId: 1, returnable: 2, lastReceivedDay: '2026-11-01' },
      { orderLineId: 2, returnable: 3, lastReceivedDay: '2026-11-20' },
    ];
    expect(spreadOverLines(4, lines)).toEqual([
      { orderLineId: 2, quantity: 3 },
      { orderLineId: 1, quantity: 1 },
    ]);
    expect(spreadOverLines(6, lines)).toBeNull();
  });

  it('a spread adds up exactly, never exceeds a line, and does not depend on the input order', () => {
    const random = seededRandom(19);
    for (let i = 0; i < 500; i += 1) {
      const count = random.int(0, 8);
      const lines = Array.from({ length: count }, (_, n) => ({
        orderLineId: n + 1 + random.int(0, 3) * 100,
        returnable: random.int(-2, 20),
        lastReceivedDay: random.pick(['2026-10-01', '2026-11-01', '2026-11-20']),
      }));
      const quantity = random.int(1, 60);
      const spread = spreadOverLines(quantity, lines);
      const room = lines.reduce((s, l) => s + Math.max(0, l.returnable), 0);
      if (quantity > room) {
        expect(spread).toBeNull();
        continue;
      }
      const byId = new Map(lines.map((l) => [l.orderLineId, l]));
      expect(spread!.reduce((s, p) => s + p.quantity, 0)).toBe(quantity);
      for (const p of spread!) expect(p.quantity > 0 && p.quantity <= byId.get(p.orderLineId)!.returnable).toBe(true);
      expect(spreadOverLines(quantity, random.shuffle(lines))).toEqual(spread);
    }
  });

  it('a return travels (ship, receive); a swap’s two legs travel, each as its transfer allows; a done one may only be voided', () => {
    expect(returnActions('return', 'audited')).toEqual(['ship', 'void']);
    // issue 26: a swap's legs are transfers through 在途, not one step at HQ's click
    expect(returnNext('swap', 'audited', 'ship')).toBe('audited');
    expect(returnNext('swap', 'audited', 'receive_out')).toBe('done');
    expect(swapLegActions('submitted', 'submitted')).toEqual(['ship', 'ship_out', 'void']);
    expect(swapLegActions('shipped', 'posted')).toEqual(['receive', 'void']);
    expect(swapLegActions('posted', 'shipped')).toEqual(['receive_out', 'void']);
    // a swap audited with one exchange document before the legs travelled
    expect(swapLegActions('submitted', null)).toEqual(['receive', 'void']);
    expect(swapLegRefused('HD1', 'back', 'posted', 'receive')).toBe('换货单HD1的退回货品已收货，不能退回收货');
    expect(returnNext('return', 'shipped', 'receive')).toBe('done');
    expect(returnActions('return', 'done')).toEqual(['void']);
    expect(returnNext('return', 'draft', 'audit')).toBeNull();
  });
});
