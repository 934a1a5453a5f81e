import { type Kysely, sql } from 'kysely';

// 订货报表 (issue 17, "Allocation and shipping", last bullet): 发货明细 (every order line past draft
// with what is approved, allocated, shipped, received and outstanding), 订货汇总 (by style in
// 尺码横排, by buyer, by season) and 订货对账单 (one buyer's orders in a period). Read-only pages
// under 订货管理 for HQ, agents and shops; each answer is limited to the caller's orders (HQ all, an
// agent its own and its shops', a shop its own), so the built-in agent and shop roles get them too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive, hidden)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission, v.keep_alive, v.hidden
  FROM menus p JOIN (VALUES
    ('OrderingShipping', '/erp/ordering/shipping', 'ordering/shipping/index', '发货明细', 'CarOutlined', 35, 'ordering:report:shipping', false, false),
    ('OrderingSummary', '/erp/ordering/summary', 'ordering/summary/index', '订货汇总', 'PieChartOutlined', 36, 'ordering:report:summary', false, false),
    ('OrderingBill', '/erp/ordering/bill', 'ordering/bill/index', '订货对账单', 'AccountBookOutlined', 37, 'ordering:report:bill', false, false)
  ) AS v (name, path, component, title, icon, sort, permission, keep_alive, hidden) ON p.name = 'Ordering';

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('OrderingShipping', 'OrderingSummary', 'OrderingBill');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop') AND r.builtin AND m.name IN ('OrderingShipping', 'OrderingSummary', 'OrderingBill');
`)
    .execute(db);
}
