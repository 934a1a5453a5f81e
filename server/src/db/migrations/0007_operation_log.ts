import { type Kysely, sql } from 'kysely';

// 操作日志: one row per change call, sign-in and sign-out (written after the answer is sent).
// Append-only; no request bodies (they may hold passwords or codes). No retention yet.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE operation_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- null when nobody is known (a failed sign-in with an unknown account)
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- the account tried or used, and the name and roleType as they were at the time
  account text NOT NULL DEFAULT '',
  user_name text NOT NULL DEFAULT '',
  role_type text NOT NULL DEFAULT '',
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete', 'post', 'audit', 'login', 'login_failed', 'logout', 'other')),
  -- the route's tag and Chinese summary
  module text NOT NULL DEFAULT '',
  summary text NOT NULL DEFAULT '',
  method text NOT NULL,
  -- the route pattern, never the raw URL
  path text NOT NULL,
  target_id text NOT NULL DEFAULT '',
  result text NOT NULL CHECK (result IN ('success', 'failure')),
  code text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  duration_ms integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operation_logs_created_at_idx ON operation_logs (created_at);
CREATE INDEX operation_logs_user_id_idx ON operation_logs (user_id, created_at);
CREATE INDEX operation_logs_module_idx ON operation_logs (module, created_at);

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive)
  SELECT id, 'menu', 'OperationLog', '/erp/system/log', 'system/log/index', '操作日志', 'FileSearchOutlined', 7, 'system:log:list', false
  FROM menus WHERE name = 'System';

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name = 'OperationLog';
`)
    .execute(db);
}
