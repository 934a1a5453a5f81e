import { type Kysely, sql } from 'kysely';

// 收货差异 of 配货出库 (issue 26): a buyer's warehouse that receives fewer pieces than were shipped
// (with a reason) leaves the billed party charged for all of them until HQ looks at it. Each short
// order line gets a row here when the 配货出库 is received; HQ then confirms it (the billed party is
// credited the short pieces at the line's price; a carrier to claim from may be named) or rejects it
// with a note (the charge stands). A void of the 配货出库 takes its rows with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE sales_delivery_differences (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  doc_id bigint NOT NULL REFERENCES stock_docs (id),
  order_id bigint NOT NULL REFERENCES sales_orders (id),
  order_line_id bigint NOT NULL REFERENCES sales_order_lines (id),
  sku_id bigint NOT NULL REFERENCES skus (id),
  shipped integer NOT NULL CHECK (shipped > 0),
  received integer NOT NULL CHECK (received >= 0 AND received < shipped),
  unit_price_fen integer NOT NULL CHECK (unit_price_fen >= 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'credited', 'rejected', 'void')),
  carrier text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  credited_fen integer NOT NULL DEFAULT 0 CHECK (credited_fen >= 0),
  resolved_by bigint REFERENCES users (id),
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (doc_id, order_line_id)
);
CREATE INDEX sales_delivery_differences_order_idx ON sales_delivery_differences (order_id, id);
CREATE INDEX sales_delivery_differences_pending_idx ON sales_delivery_differences (id) WHERE status = 'pending';
`)
    .execute(db);
}
