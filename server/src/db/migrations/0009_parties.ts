import { type Kysely, sql } from 'kysely';

// 用户管理: 代理商, 门店 (with the shop edit fields) and 供应商, each with its sign-in accounts.
// shops.region stores an item value of the `region` dictionary (0005), e.g. 'east' for 华东;
// the server checks it against the fixed list REGIONS in shared/src/parties.ts for now.
// No CHECK ties kind to agent_id: an approved registration makes a franchise shop with no agent
// yet (HQ assigns one when editing); the service enforces the rule on every save.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
ALTER TABLE shops
  ADD COLUMN region text NOT NULL DEFAULT '',
  ADD COLUMN manager_name text NOT NULL DEFAULT '',
  ADD COLUMN area_sqm integer CHECK (area_sqm IS NULL OR area_sqm > 0),
  ADD COLUMN opened_on date,
  ADD COLUMN remark text NOT NULL DEFAULT '';
ALTER TABLE agents ADD COLUMN remark text NOT NULL DEFAULT '';
ALTER TABLE suppliers ADD COLUMN remark text NOT NULL DEFAULT '';

CREATE INDEX users_agent_id_idx ON users (agent_id) WHERE agent_id IS NOT NULL;
CREATE INDEX users_shop_id_idx ON users (shop_id) WHERE shop_id IS NOT NULL;
CREATE INDEX users_supplier_id_idx ON users (supplier_id) WHERE supplier_id IS NOT NULL;

INSERT INTO menus (type, name, path, title, icon, sort)
  VALUES ('dir', 'Users', '/erp/users', '用户管理', 'TeamOutlined', 80);

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission
  FROM menus, (VALUES
    ('AgentList', '/erp/users/agent', 'users/agent/index', '代理商', 'IdcardOutlined', 1, 'users:agent:list'),
    ('ShopList', '/erp/users/shop', 'users/shop/index', '门店', 'ShopOutlined', 2, 'users:shop:list'),
    ('SupplierList', '/erp/users/supplier', 'users/supplier/index', '供应商', 'ContainerOutlined', 3, 'users:supplier:list')
  ) AS v (name, path, component, title, icon, sort, permission)
  WHERE menus.name = 'Users';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('AgentList', 'AgentAdd', '新增', 'users:agent:add', 1),
    ('AgentList', 'AgentEdit', '编辑', 'users:agent:edit', 2),
    ('AgentList', 'AgentDisable', '停用/启用', 'users:agent:disable', 3),
    ('AgentList', 'AgentAccounts', '账号', 'users:account:manage', 4),
    ('ShopList', 'ShopAdd', '新增', 'users:shop:add', 1),
    ('ShopList', 'ShopEdit', '编辑', 'users:shop:edit', 2),
    ('ShopList', 'ShopDisable', '停用/启用', 'users:shop:disable', 3),
    ('ShopList', 'ShopAccounts', '账号', 'users:account:manage', 4),
    ('SupplierList', 'SupplierAdd', '新增', 'users:supplier:add', 1),
    ('SupplierList', 'SupplierEdit', '编辑', 'users:supplier:edit', 2),
    ('SupplierList', 'SupplierDisable', '停用/启用', 'users:supplier:disable', 3),
    ('SupplierList', 'SupplierAccounts', '账号', 'users:account:manage', 4)
  ) AS v (parent, name, title, permission, sort) ON p.name = v.parent;

-- HQ gets everything; an agent edits its own shops and their accounts (HQ creates shops);
-- a shop sees itself, a supplier itself, read-only.
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE (r.code = 'admin' AND m.name IN (
          'AgentList', 'AgentAdd', 'AgentEdit', 'AgentDisable', 'AgentAccounts',
          'ShopList', 'ShopAdd', 'ShopEdit', 'ShopDisable', 'ShopAccounts',
          'SupplierList', 'SupplierAdd', 'SupplierEdit', 'SupplierDisable', 'SupplierAccounts'))
     OR (r.code = 'agent' AND m.name IN ('ShopList', 'ShopEdit', 'ShopAccounts'))
     OR (r.code = 'shop' AND m.name = 'ShopList')
     OR (r.code = 'supplier' AND m.name = 'SupplierList');
`)
    .execute(db);
}
