import { type Kysely, sql } from 'kysely';

// 海外仓库存 opened a list of documents (overseas receipts and imported snapshots), not stock: the
// menu is named for what it holds, like its 海外仓单据新增 and 海外仓单据详情 pages. A title an
// administrator already changed in 菜单管理 is left alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE menus SET title = '海外仓单据', updated_at = now() WHERE name = 'Overseas' AND title = '海外仓库存'`.execute(db);
}
