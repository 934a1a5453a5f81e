import { describe, expect, it } from 'vitest';
import { billedPartyOf, mayOrderFor } from './ordering-parties.ts';

const direct = { id: 1, kind: 'direct' as const, agentId: null };
const ownFranchise = { id: 2, kind: 'franchise' as const, agentId: null };
const agentShop = { id: 3, kind: 'franchise' as const, agentId: 10 };

describe('who pays and who receives', () => {
  it('bills the agent for its shops, a franchise shop without an agent itself, and nobody for a direct shop', () => {
    expect(billedPartyOf(agentShop)).toEqual({ type: 'agent', id: 10 });
    expect(billedPartyOf(ownFranchise)).toEqual({ type: 'shop', id: 2 });
    expect(billedPartyOf(direct)).toBeNull();
  });

  it('lets HQ order for any shop, an agent for its own shops, a shop for itself', () => {
    expect([direct, ownFranchise, agentShop].map((s) => mayOrderFor({ type: 'hq' }, s))).toEqual([true, true, true]);
    expect([direct, ownFranchise, agentShop].map((s) => mayOrderFor({ type: 'agent', id: 10 }, s))).toEqual([false, false, true]);
    expect(mayOrderFor({ type: 'agent', id: 11 }, agentShop)).toBe(false);
    expect([direct, ownFranchise, agentShop].map((s) => mayOrderFor({ type: 'shop', id: 3 }, s))).toEqual([false, false, true]);
  });
});
