import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { SUPPLIER_VISIBLE_ORDER_STATUSES, SUPPLIER_VISIBLE_REFUND_STATUSES } from '@erp/shared';
import type { Database } from '../../db/schema.ts';
import type { PartyScope } from '../../http/request-context.ts';

/**
 * Data scope of purchasing (DESIGN §4), applied inside every query: HQ (manager) reads all; a
 * supplier account only its own supplier's orders (once audited) and refunds (once audited);
 * agents, shops and anyone else nothing. Out-of-scope ids answer 404 like missing ones.
 */
export type PurchaseScope = { kind: 'all' } | { kind: 'supplier'; supplierId: number } | { kind: 'none' };

/** The purchasing scope of a caller's data scope: HQ all, a supplier its own, anyone else none. */
export function purchaseScope(scope: PartyScope): PurchaseScope {
  return scope.kind === 'all' || scope.kind === 'supplier' ? scope : { kind: 'none' };
}

export const isHqPurchase = (scope: PurchaseScope) => scope.kind === 'all';

/** The orders (alias `purchase_orders`) the scope may read. */
export function ordersInScope<DB extends Database, TB extends keyof DB & 'purchase_orders'>(eb: ExpressionBuilder<DB, TB>, scope: PurchaseScope): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'purchase_orders'>;
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  if (scope.kind === 'supplier') {
    return e.and([e('purchase_orders.supplier_id', '=', scope.supplierId), e('purchase_orders.status', 'in', [...SUPPLIER_VISIBLE_ORDER_STATUSES])]);
  }
  return sql<SqlBool>`false`;
}

/** The refunds (alias `purchase_refunds`) the scope may read. */
export function refundsInScope<DB extends Database, TB extends keyof DB & 'purchase_refunds'>(eb: ExpressionBuilder<DB, TB>, scope: PurchaseScope): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'purchase_refunds'>;
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  if (scope.kind === 'supplier') {
    return e.and([e('purchase_refunds.supplier_id', '=', scope.supplierId), e('purchase_refunds.status', 'in', [...SUPPLIER_VISIBLE_REFUND_STATUSES])]);
  }
  return sql<SqlBool>`false`;
}
