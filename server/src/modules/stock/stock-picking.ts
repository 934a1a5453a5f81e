// 拣货: a line that takes stock out without naming a shelf picks it where it lies — first what
// sits on the warehouse floor (no shelf), then shelf by shelf in shelf order (disabled shelves are
// skipped) — so an outbound need not know the bins. postMoves reads the places with the balance
// rows it locks anyway (one statement), so what is picked cannot move before it is written.

export interface PickableLine {
  warehouseId: number;
  shelfId: number;
  skuId: number;
  materialId: number;
  /** signed: a picked line takes out (< 0) */
  quantity: number;
}

export interface Place {
  warehouseId: number;
  shelfId: number;
  skuId: number;
  materialId: number;
  quantity: number;
  /** null on the floor */
  shelfEnabled: boolean | null;
  shelfSort: number;
  shelfCode: string;
}

export interface Shortage<L> {
  line: L;
  /** the whole line's need */
  need: number;
  /** what the warehouse holds of the item, on every place */
  available: number;
}

const itemKey = (l: { warehouseId: number; skuId: number; materialId: number }) => `${l.warehouseId}:${l.skuId}:${l.materialId}`;

/** Where an item can be taken from, in picking order: the floor, then enabled shelves by sort and code. */
function placesByItem(places: readonly Place[]): Map<string, { shelfId: number; quantity: number }[]> {
  const usable = places
    .filter((p) => p.quantity > 0 && (p.shelfId === 0 || p.shelfEnabled === true))
    .sort((a, b) => Number(a.shelfId !== 0) - Number(b.shelfId !== 0) || a.shelfSort - b.shelfSort || (a.shelfCode < b.shelfCode ? -1 : a.shelfCode > b.shelfCode ? 1 : 0));
  const byItem = new Map<string, { shelfId: number; quantity: number }[]>();
  for (const p of usable) {
    const list = byItem.get(itemKey(p)) ?? [];
    list.push({ shelfId: p.shelfId, quantity: p.quantity });
    byItem.set(itemKey(p), list);
  }
  return byItem;
}

/**
 * Splits each line to pick over the places that hold its item, consuming them in order (two lines
 * of one item do not take the same pieces). A line that cannot be covered is short — unless its
 * warehouse may go negative, when the rest comes off the floor. Other lines pass unchanged.
 */
export function pickLines<L extends PickableLine>(
  lines: readonly L[],
  isPick: (line: L) => boolean,
  places: readonly Place[],
  mayGoNegative: (warehouseId: number) => boolean,
): { lines: L[]; short: Shortage<L>[] } {
  const byItem = placesByItem(places);
  const out: L[] = [];
  const short: Shortage<L>[] = [];
  for (const line of lines) {
    if (!isPick(line)) {
      out.push(line);
      continue;
    }
    const available = byItem.get(itemKey(line)) ?? [];
    const total = available.reduce((sum, p) => sum + p.quantity, 0);
    let remaining = -line.quantity;
    const taken: L[] = [];
    for (const place of available) {
      if (remaining === 0) break;
      const take = Math.min(place.quantity, remaining);
      if (take <= 0) continue;
      place.quantity -= take;
      remaining -= take;
      taken.push({ ...line, shelfId: place.shelfId, quantity: -take });
    }
    if (remaining > 0) {
      if (!mayGoNegative(line.warehouseId)) {
        short.push({ line, need: -line.quantity, available: total });
        continue;
      }
      taken.push({ ...line, shelfId: 0, quantity: -remaining });
    }
    out.push(...taken);
  }
  return { lines: out, short };
}
