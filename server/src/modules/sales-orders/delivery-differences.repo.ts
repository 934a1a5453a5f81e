import { sql } from 'kysely';
import type { DeliveryDifferenceStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';

// SQL of 收货差异 (sales_delivery_differences, migration 0042).

export interface NewDifference {
  docId: number;
  orderId: number;
  orderLineId: number;
  skuId: number;
  shipped: number;
  received: number;
  unitPriceFen: number;
}

export async function insertDifferences(trx: Db, rows: readonly NewDifference[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(pick: (r: NewDifference) => T) => rows.map(pick);
  await sql`
    INSERT INTO sales_delivery_differences (doc_id, order_id, order_line_id, sku_id, shipped, received, unit_price_fen)
    SELECT * FROM unnest(${col((r) => r.docId)}::bigint[], ${col((r) => r.orderId)}::bigint[], ${col((r) => r.orderLineId)}::bigint[],
      ${col((r) => r.skuId)}::bigint[], ${col((r) => r.shipped)}::int[], ${col((r) => r.received)}::int[], ${col((r) => r.unitPriceFen)}::int[])`.execute(trx);
}

export interface PendingDifference {
  id: number;
  order_id: number;
  order_no: string;
  billed_type: 'agent' | 'shop' | null;
  billed_id: number | null;
  short: number;
  unit_price_fen: number;
}

/** A 配货出库's pending differences with their orders' billed parties, locked, in id order. */
export async function lockPending(trx: Db, docId: number): Promise<PendingDifference[]> {
  const { rows } = await sql<PendingDifference>`
    SELECT d.id, d.order_id, o.order_no, o.billed_type, o.billed_id, d.shipped - d.received AS short, d.unit_price_fen
    FROM sales_delivery_differences d JOIN sales_orders o ON o.id = d.order_id
    WHERE d.doc_id = ${docId} AND d.status = 'pending'
    ORDER BY d.id FOR UPDATE OF d`.execute(trx);
  return rows.map((r) => ({ ...r, id: Number(r.id), order_id: Number(r.order_id), billed_id: r.billed_id === null ? null : Number(r.billed_id) }));
}

export async function settle(
  trx: Db,
  ids: readonly number[],
  values: { status: DeliveryDifferenceStatus; carrier: string; note: string; credited: ReadonlyMap<number, number>; userId: number },
): Promise<void> {
  await sql`
    UPDATE sales_delivery_differences d SET status = ${values.status}, carrier = ${values.carrier}, note = ${values.note},
      credited_fen = c.fen, resolved_by = ${values.userId}, resolved_at = now()
    FROM unnest(${[...ids]}::bigint[], ${ids.map((id) => values.credited.get(id) ?? 0)}::int[]) AS c (id, fen)
    WHERE d.id = c.id`.execute(trx);
}

/** A voided 配货出库 takes its differences with it (a credit is reversed with the document's entries). */
export async function voidOfDoc(trx: Db, docId: number): Promise<void> {
  await sql`UPDATE sales_delivery_differences SET status = 'void' WHERE doc_id = ${docId} AND status <> 'void'`.execute(trx);
}

export interface DifferenceRow {
  id: number;
  doc_id: number;
  doc_no: string;
  sku_id: number;
  style_no: string;
  colour_name: string;
  size_name: string;
  shipped: number;
  received: number;
  unit_price_fen: number;
  status: DeliveryDifferenceStatus;
  carrier: string;
  note: string;
  credited_fen: number;
  resolved_by_name: string | null;
  resolved_at: Date | string | null;
}

export async function differencesOfOrder(db: Db, orderId: number): Promise<DifferenceRow[]> {
  const { rows } = await sql<DifferenceRow>`
    SELECT d.id, d.doc_id, s.doc_no, d.sku_id, p.style_no, c.name AS colour_name, z.name AS size_name, d.shipped, d.received,
      d.unit_price_fen, d.status, d.carrier, d.note, d.credited_fen, u.name AS resolved_by_name, d.resolved_at
    FROM sales_delivery_differences d
    JOIN stock_docs s ON s.id = d.doc_id
    JOIN skus k ON k.id = d.sku_id JOIN products p ON p.id = k.product_id
    JOIN colours c ON c.id = k.colour_id JOIN sizes z ON z.id = k.size_id
    LEFT JOIN users u ON u.id = d.resolved_by
    WHERE d.order_id = ${orderId}
    ORDER BY d.id`.execute(db);
  return rows;
}
