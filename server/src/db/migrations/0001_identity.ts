import { type Kysely, sql } from 'kysely';

// Identity, parties and system settings: the ground every module stands on.
// Migrations are never edited after they land; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE system_settings (
  key text PRIMARY KEY,
  value text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO system_settings (key, value) VALUES
  ('titleName', '服装批发零售管理系统'), ('logoUrl', ''), ('icp', ''), ('mpsIcp', '');

CREATE TABLE agents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  contact_name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  province text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shops (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('direct', 'franchise')),
  agent_id bigint REFERENCES agents (id),
  contact_name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  province text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shops_agent_id_idx ON shops (agent_id);

CREATE TABLE suppliers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  contact_name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL,
  password_hash text NOT NULL,
  name text NOT NULL DEFAULT '',
  phone text,
  image text NOT NULL DEFAULT '',
  role_type text NOT NULL CHECK (role_type IN ('manager', 'agent', 'shop', 'supplier')),
  active boolean NOT NULL DEFAULT true,
  enabled boolean NOT NULL DEFAULT true,
  deleted_at timestamptz,
  parent_id bigint REFERENCES users (id),
  agent_id bigint REFERENCES agents (id),
  shop_id bigint REFERENCES shops (id),
  supplier_id bigint REFERENCES suppliers (id),
  last_login_at timestamptz,
  -- the sign-in before the latest one, shown to the user as 上次登录
  previous_login_at timestamptz,
  password_changed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_scope_link CHECK (
    role_type = 'manager'
    OR (role_type = 'agent' AND agent_id IS NOT NULL)
    OR (role_type = 'shop' AND shop_id IS NOT NULL)
    OR (role_type = 'supplier' AND supplier_id IS NOT NULL))
);
CREATE UNIQUE INDEX users_account_key ON users (lower(account));
CREATE UNIQUE INDEX users_phone_key ON users (phone) WHERE phone IS NOT NULL AND deleted_at IS NULL;

CREATE TABLE roles (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  remark text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_roles (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id bigint NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

-- 菜单树：目录(dir)、页面(menu)、按钮(button, 仅带权限码)、外部链接(link)
CREATE TABLE menus (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_id bigint REFERENCES menus (id),
  type text NOT NULL CHECK (type IN ('dir', 'menu', 'button', 'link')),
  name text NOT NULL UNIQUE,
  path text NOT NULL DEFAULT '',
  redirect text NOT NULL DEFAULT '',
  component text NOT NULL DEFAULT '',
  title text NOT NULL,
  icon text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  permission text NOT NULL DEFAULT '',
  keep_alive boolean NOT NULL DEFAULT false,
  hidden boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT menus_button_has_permission CHECK (type <> 'button' OR permission <> '')
);
CREATE INDEX menus_parent_id_idx ON menus (parent_id);

CREATE TABLE role_menus (
  role_id bigint NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  menu_id bigint NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, menu_id)
);

-- 服务端会话：只保存 session 的 SHA-256 摘要
CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  -- the user's roleType when signed in; a change ends the session (code noauth)
  role_type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoke_reason text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- 登录失败退避：按账号和按客户端地址分别计数
CREATE TABLE auth_throttles (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

INSERT INTO roles (code, name, remark) VALUES ('admin', '总部管理员', '总部全部功能');

INSERT INTO menus (type, name, path, title, icon, sort) VALUES
  ('dir', 'Sells', '/erp/sells', '销售报表', 'BarChartOutlined', 10),
  ('dir', 'System', '/erp/system', '系统设置', 'SettingOutlined', 90);
INSERT INTO menus (parent_id, type, name, path, title, icon, sort)
  SELECT id, 'dir', 'SellsStatist', '/erp/sells/statist', '销售统计', '', 1 FROM menus WHERE name = 'Sells';
INSERT INTO menus (parent_id, type, name, path, title, icon, sort)
  SELECT id, 'dir', 'SystemDeveloper', '/erp/system/developer', '开发者', '', 9 FROM menus WHERE name = 'System';
INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort)
  SELECT id, 'menu', v.name, v.path, v.component, v.title, 'DashboardOutlined', v.sort
  FROM menus, (VALUES
    ('FullStatist', '/erp/sells/fullstatist', 'sells/fullstatist/index', '总部综合统计', 1),
    ('FullStatistAgent', '/erp/sells/fullstatist/agent', 'sells/fullstatist/agent', '代理商综合统计', 2),
    ('FullStatistShop', '/erp/sells/fullstatist/shop', 'sells/fullstatist/shop', '门店综合统计', 3)
  ) AS v (name, path, component, title, sort)
  WHERE menus.name = 'SellsStatist';
-- {apiPrefix} is replaced with the configured gateway prefix when the tree is served
INSERT INTO menus (parent_id, type, name, path, title, icon, sort)
  SELECT id, 'link', 'ApiDocs', '{apiPrefix}/openapi.json', '接口文档 (OpenAPI)', 'ApiOutlined', 1
  FROM menus WHERE name = 'SystemDeveloper';

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('FullStatist', 'ApiDocs');
`)
    .execute(db);
}
