import { returnBuyerKey, type ReturnBuyerOption } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import type { ReceivedLineRow } from '../sales-orders/received-lines.service.ts';
import * as repo from './returns.repo.ts';

// Whose goods come back (issue 26). A shop can hold pieces of one SKU bought by two buyers: its
// own orders and its agent's orders for it, each with its own allowance, policy and account. A
// return is for one of them, so 可退 and the submission both read the received lines of that one
// buyer (and the party billed for them) — never a sum the submission would then refuse.

export interface BuyerGroup {
  key: string;
  buyerType: 'agent' | 'shop';
  buyerId: number;
  billedType: 'agent' | 'shop' | null;
  billedId: number | null;
  rows: ReceivedLineRow[];
}

/** The received lines by buyer and billed party: the shop's own orders first, then the newest order line first. */
export function buyerGroups(rows: readonly ReceivedLineRow[], shopId: number): BuyerGroup[] {
  const groups = new Map<string, BuyerGroup & { newest: number }>();
  for (const row of rows) {
    const key = returnBuyerKey(row.buyer_type, row.buyer_id, row.billed_type, row.billed_id);
    const group = groups.get(key) ?? {
      key,
      buyerType: row.buyer_type,
      buyerId: row.buyer_id,
      billedType: row.billed_type,
      billedId: row.billed_id,
      rows: [],
      newest: 0,
    };
    group.rows.push(row);
    group.newest = Math.max(group.newest, row.order_line_id);
    groups.set(key, group);
  }
  const own = (g: BuyerGroup) => (g.buyerType === 'shop' && g.buyerId === shopId ? 0 : 1);
  return [...groups.values()].sort((a, b) => own(a) - own(b) || b.newest - a.newest).map(({ newest: _, ...g }) => g);
}

/** The choices the form shows, with the buyers' and billed parties' names. */
export async function buyerOptions(db: Db, groups: readonly BuyerGroup[]): Promise<ReturnBuyerOption[]> {
  const refs = groups.flatMap((g) => [{ type: g.buyerType, id: g.buyerId }, ...(g.billedType && g.billedId ? [{ type: g.billedType, id: g.billedId }] : [])]);
  const names = await repo.partyNames(db, refs);
  const nameOf = (type: 'agent' | 'shop', id: number) => names.get(`${type}:${id}`) ?? '';
  return groups.map((g) => ({
    key: g.key,
    buyerType: g.buyerType,
    buyerId: g.buyerId,
    buyerName: nameOf(g.buyerType, g.buyerId),
    billedType: g.billedType,
    billedName: g.billedType && g.billedId ? nameOf(g.billedType, g.billedId) : '总部直营（不计费）',
  }));
}
