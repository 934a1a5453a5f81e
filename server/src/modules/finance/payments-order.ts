import { FinanceMessages } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { billedOrderByNo } from '../sales-orders/sales-orders-read.service.ts';
import type { FinanceParty } from './finance-parties.ts';

// A 收款单 may name the 订货单 it pays (issue 26): by its number, billed to the paying party, and
// submitted at least (a draft, a rejected or a cancelled order is nothing to pay for).

const ORDER_NO = /^DH\d{8}-\d{4,}$/;
const NOT_OPEN = new Set(['draft', 'rejected', 'cancelled']);

/** The order a payment names (null: none), checked against the paying party. */
export async function orderOfPayment(db: Db, party: FinanceParty, value: unknown): Promise<{ id: number; orderNo: string } | null> {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' || !ORDER_NO.test(value.trim().toUpperCase())) throw badRequest(FinanceMessages.paymentOrderInvalid);
  const order = await billedOrderByNo(db, value.trim().toUpperCase());
  // another party's order answers like a number that does not exist
  if (!order || order.billedType !== party.partyType || order.billedId !== party.partyId) throw badRequest(FinanceMessages.paymentOrderNotBilled);
  if (NOT_OPEN.has(order.status)) throw badRequest(FinanceMessages.paymentOrderNotOpen);
  return { id: order.id, orderNo: order.orderNo };
}
