import { FinanceMessages } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import * as repo from './payments.repo.ts';

export interface Share {
  purchaseOrderId: number;
  amountFen: number;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/**
 * A supplier payment's shares over chosen purchase orders, checked: each order the supplier's and
 * named once, each share > 0 and within what is still owed on it, all of them within the payment.
 */
export async function checkedShares(trx: Db, supplierId: number, amountFen: number, given: unknown): Promise<Share[]> {
  if (given === undefined || given === null) return [];
  if (!Array.isArray(given)) throw badRequest(FinanceMessages.orderNotOfSupplier);
  const ids = given.map((g) => (g as { purchaseOrderId?: unknown })?.purchaseOrderId);
  if (!ids.every(isId)) throw badRequest(FinanceMessages.orderNotOfSupplier);
  if (new Set(ids).size !== ids.length) throw badRequest(FinanceMessages.orderRepeated);
  const orders = new Map((await repo.purchaseOrdersOf(trx, ids as number[])).map((o) => [Number(o.id), o]));
  if (ids.some((id) => orders.get(id as number)?.supplier_id !== supplierId)) throw badRequest(FinanceMessages.orderNotOfSupplier);
  const owed = new Map((await repo.orderPayables(trx, supplierId, ids as number[])).map((r) => [Number(r.purchase_order_id), Number(r.payable_fen)]));
  const shares: Share[] = [];
  for (const g of given as { purchaseOrderId: number; amountFen?: unknown }[]) {
    const order = orders.get(g.purchaseOrderId)!;
    const fen = g.amountFen;
    if (typeof fen !== 'number' || !Number.isSafeInteger(fen) || fen <= 0) throw badRequest(FinanceMessages.orderShareInvalid(order.order_no));
    const left = owed.get(g.purchaseOrderId) ?? 0;
    if (fen > left) throw badRequest(FinanceMessages.orderShareOver(order.order_no, Math.max(left, 0)));
    shares.push({ purchaseOrderId: g.purchaseOrderId, amountFen: fen });
  }
  if (shares.reduce((sum, s) => sum + s.amountFen, 0) > amountFen) throw badRequest(FinanceMessages.orderSharesOver);
  return shares;
}
