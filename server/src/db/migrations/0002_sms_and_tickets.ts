import { type Kysely, sql } from 'kysely';

// SMS codes and one-time password tickets (issue: every way in and out).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`
-- 短信验证码：只存摘要，5 分钟有效，一次性，错 5 次作废
CREATE TABLE sms_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('login', 'reset')),
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
`).execute(db);
}
