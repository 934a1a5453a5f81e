import { type Kysely, sql } from 'kysely';

// The balance limit (STOCK_BALANCE_LIMIT, 2 000 000 000 either way) held by the database too: a
// posting of incoming stock adds to its balances in its closing statement without reading them
// first (stock-posting.ts), so the limit it used to check on the rows read is checked here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stock_balances ADD CONSTRAINT stock_balances_limit CHECK (quantity BETWEEN -2000000000 AND 2000000000)`.execute(db);
}
