import { type Kysely, sql } from 'kysely';

// The 商品 screen has landed: its menu row (added disabled by 0014 while only the API existed)
// becomes visible to the roles already granted it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE menus SET enabled = true, updated_at = now() WHERE name = 'ProductList'`.execute(db);
}
