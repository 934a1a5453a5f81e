import { type Kysely, sql } from 'kysely';

// 子账号 (sub-users): a top account (manager, agent or shop; parent_id NULL) creates accounts
// under itself. A sub-user is a users row with parent_id = its creator and the creator's
// role_type and party link, so every data-scope check applies unchanged. Its permissions live in
// a private role (roles.owner_user_id = the sub-user, code `sub-<userId>`), never listed in
// 角色管理 and never granted to anyone else; access is (own grants ∩ the parent's grants).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
ALTER TABLE roles ADD COLUMN owner_user_id bigint REFERENCES users (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX roles_owner_user_id_key ON roles (owner_user_id) WHERE owner_user_id IS NOT NULL;
CREATE INDEX users_parent_id_idx ON users (parent_id) WHERE parent_id IS NOT NULL;

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive)
  SELECT id, 'menu', 'SubUsers', '/erp/system/subuser', 'system/subuser/index', '子账号', 'UsergroupAddOutlined', 10, 'system:subuser:list', false
  FROM menus WHERE name = 'System';
INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('SubUserAdd', '新增', 'system:subuser:add', 1),
    ('SubUserEdit', '编辑', 'system:subuser:edit', 2),
    ('SubUserDisable', '停用/启用', 'system:subuser:disable', 3)
  ) AS v (name, title, permission, sort) ON p.name = 'SubUsers';

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('admin', 'agent', 'shop') AND r.builtin
    AND m.name IN ('SubUsers', 'SubUserAdd', 'SubUserEdit', 'SubUserDisable');
`)
    .execute(db);
}
