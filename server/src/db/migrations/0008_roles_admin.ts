import { type Kysely, sql } from 'kysely';

// 菜单管理 and 角色管理 (with 权限分配 and role members) under 系统设置, granted to admin.
// Built-in roles (admin, agent, shop, supplier) cannot be deleted nor have their code changed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
ALTER TABLE roles ADD COLUMN builtin boolean NOT NULL DEFAULT false;
UPDATE roles SET builtin = true WHERE code IN ('admin', 'agent', 'shop', 'supplier');

-- a page's buttons carry distinct permission codes
CREATE UNIQUE INDEX menus_button_permission_key ON menus (parent_id, permission) WHERE type = 'button';

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive)
  SELECT id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission, false
  FROM menus, (VALUES
    ('Menus', '/erp/system/menu', 'system/menu/index', '菜单管理', 'MenuOutlined', 4, 'system:menu:list'),
    ('Roles', '/erp/system/role', 'system/role/index', '角色管理', 'SafetyCertificateOutlined', 5, 'system:role:list')
  ) AS v (name, path, component, title, icon, sort, permission)
  WHERE menus.name = 'System';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('Menus', 'MenuAdd', '新增', 'system:menu:add', 1),
    ('Menus', 'MenuEdit', '编辑', 'system:menu:edit', 2),
    ('Menus', 'MenuDelete', '删除', 'system:menu:delete', 3),
    ('Roles', 'RoleAdd', '新增', 'system:role:add', 1),
    ('Roles', 'RoleEdit', '编辑', 'system:role:edit', 2),
    ('Roles', 'RoleDelete', '删除', 'system:role:delete', 3),
    ('Roles', 'RoleGrant', '权限分配', 'system:role:grant', 4),
    ('Roles', 'RoleUsers', '成员管理', 'system:role:users', 5)
  ) AS v (parent, name, title, permission, sort) ON p.name = v.parent;

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin'
    AND m.name IN ('Menus', 'MenuAdd', 'MenuEdit', 'MenuDelete', 'Roles', 'RoleAdd', 'RoleEdit', 'RoleDelete', 'RoleGrant', 'RoleUsers');
`)
    .execute(db);
}
