import { type Kysely, sql } from 'kysely';

// 换货单 through 在途 (issue 26): a swap's two legs are transfers, like a return's goods. The back
// leg (shop → 在途 → HQ) stays in stock_doc_id; the out leg (HQ → 在途 → shop) is out_doc_id. A swap
// audited before this keeps its one exchange document (stock_doc_id, out_doc_id null).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE sales_returns ADD COLUMN out_doc_id bigint REFERENCES stock_docs (id)').execute(db);
}
