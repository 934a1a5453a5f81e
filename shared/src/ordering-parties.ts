/**
 * Who pays and who receives an order (DESIGN §9 "Who pays"): HQ sells to agents and to franchise
 * shops directly under it. An agent is billed for its own orders and its shops' (the agent orders
 * for one of its shops, or the shop orders itself); a franchise shop without an agent is billed
 * itself; HQ's direct shops are supplied without a charge. Goods always go to a shop's warehouse.
 */

export interface OrderingShop {
  id: number;
  kind: 'direct' | 'franchise';
  agentId: number | null;
}

/** The party charged for an order, or null: an internal supply (HQ's own shop). */
export type BilledParty = { type: 'agent'; id: number } | { type: 'shop'; id: number } | null;

/** The party an order for `shop` is charged to. */
export function billedPartyOf(shop: OrderingShop): BilledParty {
  if (shop.agentId !== null) return { type: 'agent', id: shop.agentId };
  if (shop.kind === 'franchise') return { type: 'shop', id: shop.id };
  return null;
}

export const OrderingPartyMessages = {
  receiverRequired: '请选择收货门店',
  receiverNotFound: '收货门店不存在',
} as const;

/**
 * Whether `orderer` may have goods sent to `shop`: HQ to any shop, an agent to its own shops, a
 * shop to itself only. Another party's shop answers as a missing one (the caller says 404).
 */
export function mayOrderFor(orderer: { type: 'hq' } | { type: 'agent'; id: number } | { type: 'shop'; id: number }, shop: OrderingShop): boolean {
  if (orderer.type === 'hq') return true;
  if (orderer.type === 'agent') return shop.agentId === orderer.id;
  return shop.id === orderer.id;
}
