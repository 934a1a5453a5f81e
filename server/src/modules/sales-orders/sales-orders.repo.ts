import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SalesOrdersTable } from '../../db/schema-ordering.ts';
import type { PricedLine } from './sales-order-lines.ts';

// Writing 订货单: header, lines (totals kept on the header, written with the lines), the row lock
// the kernel's transitions queue on, and the audit's approved quantities.

type Plain<T> = { [K in keyof T]: T[K] extends import('kysely').ColumnType<infer S, unknown, unknown> ? S : T[K] };
export type OrderRow = Plain<SalesOrdersTable>;

export interface OrderHeaderValues {
  season_id: number;
  kind: 'spot' | 'preorder' | 'reorder';
  buyer_type: 'agent' | 'shop';
  buyer_id: number;
  orderer_type: 'hq' | 'agent' | 'shop';
  shop_id: number;
  warehouse_id: number | null;
  agent_id: number | null;
  billed_type: 'agent' | 'shop' | null;
  billed_id: number | null;
  remark: string;
}

/** SELECT … FOR UPDATE of the header: every change of one order queues here. */
export function lockOrder(trx: Db, id: number) {
  return trx.selectFrom('sales_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst() as Promise<OrderRow | undefined>;
}

export async function insertOrder(trx: Db, values: OrderHeaderValues & { order_no: string; created_by: number }): Promise<number> {
  const row = await trx
    .insertInto('sales_orders')
    .values({ ...values, status: 'draft' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The header update, built but not run (the kernel runs it with the transition's event). */
export function updateOrderQuery(trx: Db, id: number, values: Record<string, unknown>) {
  return trx
    .updateTable('sales_orders')
    .set({ ...(values as object), updated_at: sql`now()` } as never)
    .where('id', '=', id);
}

export function updateOrder(trx: Db, id: number, values: Record<string, unknown>) {
  return updateOrderQuery(trx, id, values).execute();
}

/** Replaces a draft's lines and keeps the header's totals. */
export async function replaceLines(trx: Db, orderId: number, lines: readonly PricedLine[]): Promise<void> {
  await trx.deleteFrom('sales_order_lines').where('order_id', '=', orderId).execute();
  if (lines.length > 0) {
    await trx
      .insertInto('sales_order_lines')
      .values(
        lines.map(({ steps, ...line }, i) => ({
          ...line,
          order_id: orderId,
          line_no: i + 1,
          approved: null,
          price_steps: JSON.stringify(steps),
        })),
      )
      .execute();
  }
  await updateOrder(trx, orderId, {
    line_count: lines.length,
    total_quantity: lines.reduce((s, l) => s + l.ordered, 0),
    total_amount_fen: lines.reduce((s, l) => s + l.amount_fen, 0),
  });
}

/** An order's lines as checking and auditing need them (read under the order's lock). */
export function orderLines(trx: Db, orderId: number) {
  return trx
    .selectFrom('sales_order_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.id', 'l.line_no', 'l.sku_id', 'l.ordered', 'l.approved', 'l.unit_price_fen', 'l.size_run_id', 'l.run_count', 'l.colour_name', 'l.size_name', 'p.style_no'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.line_no')
    .execute();
}
export type OrderLineRow = Awaited<ReturnType<typeof orderLines>>[number];

/** Writes the audit's approved quantity of every line in one statement. */
export async function setApproved(trx: Db, orderId: number, approved: readonly { id: number; approved: number }[]): Promise<void> {
  if (approved.length === 0) return;
  const ids = approved.map((a) => a.id);
  const values = approved.map((a) => a.approved);
  await sql`UPDATE sales_order_lines l SET approved = v.approved
    FROM unnest(${ids}::bigint[], ${values}::int[]) AS v (id, approved)
    WHERE l.id = v.id AND l.order_id = ${orderId}`.execute(trx);
}

/** Deletes a draft (its lines cascade); the caller holds its lock and checked it. */
export async function deleteOrder(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('sales_orders').where('id', '=', id).where('status', '=', 'draft').execute();
}

/** The order's totals as they stand (read again after a re-pricing). */
export function orderTotals(db: Db, orderId: number) {
  return db.selectFrom('sales_orders').select(['total_amount_fen', 'total_quantity']).where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** Each line's shipped pieces and unit price. */
export function shippedOfLines(db: Db, orderId: number) {
  return db.selectFrom('sales_order_lines').select(['shipped', 'unit_price_fen']).where('order_id', '=', orderId).execute();
}
