import { type Kysely, sql } from 'kysely';

// 翻单 (issue 19): a re-order is a 订货单 of kind 'reorder' (a style the buyer already received in
// the season), so only the kind's CHECK changes; it keeps the order's tables, numbering, quota and
// credit. Menus under 订货管理: 翻单汇总 (with its 翻单 button), the hidden 翻单明细 and 未发货. Every
// answer is limited to the caller's orders, so the built-in agent and shop roles get the pages too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
ALTER TABLE sales_orders DROP CONSTRAINT IF EXISTS sales_orders_kind_check;
ALTER TABLE sales_orders ADD CONSTRAINT sales_orders_kind_check CHECK (kind IN ('spot', 'preorder', 'reorder'));

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive, hidden)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission, v.keep_alive, v.hidden
  FROM menus p JOIN (VALUES
    ('OrderingReorderSummary', '/erp/ordering/reorder', 'ordering/reorder/index', '翻单汇总', 'RetweetOutlined', 42, 'ordering:reorder:list', false, false),
    ('OrderingReorderInfo', '/erp/ordering/reorder/info', 'ordering/reorder/info', '翻单明细', '', 43, 'ordering:reorder:list', false, true),
    ('OrderingUnshipped', '/erp/ordering/unshipped', 'ordering/unshipped/index', '未发货', 'FieldTimeOutlined', 44, 'ordering:unshipped:list', false, false)
  ) AS v (name, path, component, title, icon, sort, permission, keep_alive, hidden) ON p.name = 'Ordering';

-- 修改数量 (a draft re-order's quantities) and 生成出库 reuse the order's and 配货发货's codes; the
-- hidden 翻单明细 acts with these buttons of its list
INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('OrderingReorderEditBtn', '翻单', 'ordering:reorder:edit', 1),
    ('OrderingReorderQtyBtn', '修改数量', 'ordering:order:edit', 2),
    ('OrderingReorderDeliverBtn', '生成出库', 'ordering:allocation:deliver', 3)
  ) AS v (name, title, permission, sort) ON p.name = 'OrderingReorderSummary';

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE (r.code = 'admin' OR (r.code IN ('agent', 'shop') AND r.builtin))
    AND m.name IN ('OrderingReorderSummary', 'OrderingReorderInfo', 'OrderingUnshipped', 'OrderingReorderEditBtn', 'OrderingReorderQtyBtn');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m WHERE r.code = 'admin' AND m.name = 'OrderingReorderDeliverBtn';
`)
    .execute(db);
}
