import { type Kysely, sql } from 'kysely';

// WeChat QR sign-in: bindings of WeChat identities to users, and the short-lived QR tickets.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE wechat_bindings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL UNIQUE REFERENCES users (id),
  openid text NOT NULL UNIQUE,
  unionid text NOT NULL DEFAULT '',
  nickname text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- 扫码票据：sign 只存摘要，5 分钟有效，确认后只兑现一次
CREATE TABLE wechat_tickets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sign_hash text NOT NULL UNIQUE,
  purpose text NOT NULL CHECK (purpose IN ('login', 'bind')),
  user_id bigint REFERENCES users (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'consumed')),
  openid text NOT NULL DEFAULT '',
  nickname text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wechat_tickets_bind_has_user CHECK (purpose <> 'bind' OR user_id IS NOT NULL)
);
`)
    .execute(db);
}
