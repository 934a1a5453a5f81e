import { stockShortfallMessage, type StockLineInput, type StockShortfall } from '@erp/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { conflict } from '../../http/app-error.ts';
import { stockItemLabels } from '../stock/stock-posting.ts';

// 拣货: a line that takes stock out without naming a shelf picks it where it lies — first what
// sits on the warehouse floor (no shelf), then shelf by shelf in shelf order — so an outbound need
// not know the bins. The balances read here are not locked: postMoves locks and checks them again,
// so a posting that raced this one is refused for a shortfall, never driven below zero.

const itemKey = (l: { warehouseId: number; skuId?: number | null; materialId?: number | null }) => `${l.warehouseId}:${l.skuId ?? 0}:${l.materialId ?? 0}`;

export async function pickFromShelves(trx: Db, lines: readonly StockLineInput[]): Promise<StockLineInput[]> {
  const open = lines.filter((l) => l.quantity < 0 && !l.shelfId);
  if (open.length === 0) return [...lines];
  const warehouseIds = [...new Set(open.map((l) => l.warehouseId))];
  const skuIds = [...new Set(open.map((l) => l.skuId).filter((id): id is number => !!id))];
  const materialIds = [...new Set(open.map((l) => l.materialId).filter((id): id is number => !!id))];
  // what lies where, floor first then shelf by shelf in shelf order, in one read
  const rows = await trx
    .selectFrom('stock_balances as b')
    .leftJoin('shelves as s', 's.id', 'b.shelf_id')
    .select(['b.warehouse_id', 'b.shelf_id', 'b.sku_id', 'b.material_id', 'b.quantity'])
    .where('b.warehouse_id', 'in', warehouseIds)
    .where('b.quantity', '>', 0)
    .where((eb) => eb.or([...(skuIds.length ? [eb('b.sku_id', 'in', skuIds)] : []), ...(materialIds.length ? [eb('b.material_id', 'in', materialIds)] : [])]))
    .where((eb) => eb.or([eb('b.shelf_id', 'is', null), eb('s.enabled', '=', true)]))
    .orderBy(sql`b.shelf_id IS NOT NULL`)
    .orderBy('s.sort')
    .orderBy('s.code')
    .execute();
  const available = new Map<string, { shelfId: number | null; quantity: number }[]>();
  for (const r of rows) {
    const key = itemKey({ warehouseId: r.warehouse_id, skuId: r.sku_id, materialId: r.material_id });
    const list = available.get(key) ?? [];
    list.push({ shelfId: r.shelf_id, quantity: r.quantity });
    available.set(key, list);
  }
  // read only when some line cannot be covered: may the warehouse go negative?
  let allowNegative: Map<number, boolean> | null = null;
  const mayGoNegative = async (warehouseId: number) => {
    allowNegative ??= new Map((await trx.selectFrom('warehouses').select(['id', 'allow_negative']).where('id', 'in', warehouseIds).execute()).map((w) => [w.id, w.allow_negative]));
    return allowNegative.get(warehouseId) ?? false;
  };
  const out: StockLineInput[] = [];
  const short: { line: StockLineInput; need: number; available: number }[] = [];
  for (const line of lines) {
    if (!(line.quantity < 0 && !line.shelfId)) {
      out.push(line);
      continue;
    }
    const places = available.get(itemKey(line)) ?? [];
    let remaining = -line.quantity;
    const total = places.reduce((sum, p) => sum + p.quantity, 0);
    for (const place of places) {
      if (remaining === 0) break;
      const take = Math.min(place.quantity, remaining);
      if (take <= 0) continue;
      place.quantity -= take;
      remaining -= take;
      out.push({ ...line, shelfId: place.shelfId, quantity: -take });
    }
    if (remaining > 0) {
      if (!(await mayGoNegative(line.warehouseId))) short.push({ line, need: -line.quantity, available: total });
      else out.push({ ...line, shelfId: null, quantity: -remaining });
    }
  }
  if (short.length) throw conflict(stockShortfallMessage(await labelled(trx, short)));
  return out;
}

async function labelled(trx: Db, short: { line: StockLineInput; need: number; available: number }[]): Promise<StockShortfall[]> {
  const labels = await stockItemLabels(
    trx,
    short.map((s) => s.line.skuId).filter((id): id is number => !!id),
    short.map((s) => s.line.materialId).filter((id): id is number => !!id),
  );
  return short.map((s) => ({ item: labels.get(s.line.skuId ? `s${s.line.skuId}` : `m${s.line.materialId}`)!, need: s.need, available: s.available }));
}
