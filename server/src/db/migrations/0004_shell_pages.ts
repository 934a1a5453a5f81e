import { type Kysely, sql } from 'kysely';

// The first list screen (注册审核) and the print-template preview (打印模板).
// A page may carry a permission code: granted with the page, it guards the page's own read calls.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive)
  SELECT id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission, v.keep_alive
  FROM menus, (VALUES
    ('Registration', '/erp/system/registration', 'system/registration/index', '注册审核', 'AuditOutlined', 1, 'system:registration:list', false),
    ('PrintTemplates', '/erp/system/print', 'system/print/index', '打印模板', 'PrinterOutlined', 2, '', true)
  ) AS v (name, path, component, title, icon, sort, permission, keep_alive)
  WHERE menus.name = 'System';

-- 审核按钮挂到注册审核页下（SPEC §6：按钮权限属于其页面的 meta.permissions）
UPDATE menus SET parent_id = (SELECT id FROM menus WHERE name = 'Registration'), sort = 1
  WHERE name = 'RegistrationAudit';

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE (r.code = 'admin' AND m.name IN ('Registration', 'PrintTemplates'))
     OR (r.code IN ('agent', 'shop', 'supplier') AND m.name = 'PrintTemplates');
`)
    .execute(db);
}
