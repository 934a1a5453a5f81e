import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { authOf } from '../../http/auth-hook.ts';
import type { PartyScope } from '../../http/request-context.ts';

/**
 * Data scope of warehouses, shelves and stock (DESIGN §4), applied inside every query: HQ
 * (manager) reads all; a shop account only its own shop's warehouse; an agent the warehouses of
 * its shops; a supplier none. A warehouse outside the scope answers 404 like a missing one.
 */
export type WarehouseScope = PartyScope;

export async function scopeOf(_app: FastifyInstance, request: FastifyRequest): Promise<WarehouseScope> {
  return authOf(request).scope;
}

export const isHqScope = (scope: WarehouseScope) => scope.kind === 'all';

/** The warehouses (alias `warehouses`) the scope may read. */
export function warehousesInScope<DB extends Database, TB extends keyof DB & 'warehouses'>(eb: ExpressionBuilder<DB, TB>, scope: WarehouseScope): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'warehouses'>;
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  if (scope.kind === 'shop') return e('warehouses.shop_id', '=', scope.shopId);
  if (scope.kind === 'agent') {
    return e('warehouses.shop_id', 'in', e.selectFrom('shops').select('shops.id').where('shops.agent_id', '=', scope.agentId));
  }
  return sql<SqlBool>`false`;
}
