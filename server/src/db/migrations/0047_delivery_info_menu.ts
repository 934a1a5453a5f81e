import { type Kysely, sql } from 'kysely';

// 配货出库单详情 (issue 26): a 配货出库 (a transfer of biz type delivery) opened its tab as 调拨单详情.
// A hidden page of its own path shows the same document page under its own title; every role that
// may open 调拨单详情 may open it (same permission, warehouse:transfer:list).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive, hidden)
  SELECT p.id, 'menu', 'DeliveryInfo', '/erp/warehouse/delivery/info', 'warehouse/transfer/info', '配货出库单详情', '', 33, 'warehouse:transfer:list', false, true
  FROM menus p WHERE p.name = 'Warehouse' AND NOT EXISTS (SELECT 1 FROM menus WHERE name = 'DeliveryInfo');

INSERT INTO role_menus (role_id, menu_id)
  SELECT rm.role_id, d.id
  FROM role_menus rm
  JOIN menus t ON t.id = rm.menu_id AND t.name = 'TransferInfo'
  CROSS JOIN menus d
  WHERE d.name = 'DeliveryInfo'
  ON CONFLICT DO NOTHING;
`)
    .execute(db);
}
