import { type Kysely, sql } from 'kysely';

// SMS codes, one-time password tickets, registrations and the default party roles.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
-- 短信验证码：只存摘要，5 分钟有效，一次性，错 5 次作废
CREATE TABLE sms_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('login', 'reset', 'register', 'phone')),
  code_hash text NOT NULL,
  -- false when the phone has no account: nothing was sent, but the send still counts
  delivered boolean NOT NULL,
  expires_at timestamptz NOT NULL,
  wrong_tries integer NOT NULL DEFAULT 0,
  consumed_at timestamptz,
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_codes_phone_idx ON sms_codes (phone, purpose, created_at DESC);
CREATE INDEX sms_codes_ip_idx ON sms_codes (ip, created_at);

-- 一次性改密票据：未激活账号登录后(activate)或短信校验通过后(reset)
CREATE TABLE password_tickets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  purpose text NOT NULL CHECK (purpose IN ('activate', 'reset')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_tickets_user_id_idx ON password_tickets (user_id);

-- 注册申请：门店、代理商、供应商自助注册，总部审核通过后生成账号
CREATE TABLE registrations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL,
  password_hash text NOT NULL,
  phone text NOT NULL,
  applicant_type text NOT NULL CHECK (applicant_type IN ('agent', 'shop', 'supplier')),
  business_name text NOT NULL,
  contact_name text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reject_reason text NOT NULL DEFAULT '',
  reviewed_by bigint REFERENCES users (id),
  reviewed_at timestamptz,
  user_id bigint REFERENCES users (id),
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX registrations_pending_account_key ON registrations (lower(account)) WHERE status = 'pending';
CREATE INDEX registrations_ip_idx ON registrations (ip, created_at);

-- 代理商、门店、供应商的默认角色（审核通过的注册账号使用）
INSERT INTO roles (code, name, remark) VALUES
  ('agent', '代理商', '代理商及其下属门店'),
  ('shop', '门店', '本门店'),
  ('supplier', '供应商', '本供应商的采购单');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r JOIN menus m ON (r.code, m.name) IN (('agent', 'FullStatistAgent'), ('shop', 'FullStatistShop'));

-- 审核注册申请的按钮权限；审核页面随系统设置上线后挂到该页面下
INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT id, 'button', 'RegistrationAudit', '审核注册申请', 'system:registration:audit', 99 FROM menus WHERE name = 'System';
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m WHERE r.code = 'admin' AND m.name = 'RegistrationAudit';
`)
    .execute(db);
}
