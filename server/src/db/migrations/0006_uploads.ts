import { type Kysely, sql } from 'kysely';

// Uploaded images and videos (the files live in the storage, this is their register) and the
// 系统信息 page (title, logo, ICP numbers), whose page code also guards its save call.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE uploads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  category text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('image', 'video')),
  original_name text NOT NULL DEFAULT '',
  size bigint NOT NULL CHECK (size > 0),
  content_type text NOT NULL,
  storage_key text NOT NULL UNIQUE,
  width integer,
  height integer,
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_created_by_idx ON uploads (created_by);

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive)
  SELECT id, 'menu', 'SystemInfo', '/erp/system/info', 'system/info/index', '系统信息', 'InfoCircleOutlined', 6, 'system:info:edit', false
  FROM menus WHERE name = 'System';

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m WHERE r.code = 'admin' AND m.name = 'SystemInfo';
`)
    .execute(db);
}
