import { type Kysely, sql } from 'kysely';

// A 收款单 may name the 订货单 it pays (issue 26): the order must be billed to the paying party. It
// is a reference for both sides (the payment still lowers the party's 应收 as a whole).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
ALTER TABLE finance_payments ADD COLUMN sales_order_id bigint REFERENCES sales_orders (id);
CREATE INDEX finance_payments_sales_order_idx ON finance_payments (sales_order_id) WHERE sales_order_id IS NOT NULL;
`)
    .execute(db);
}
