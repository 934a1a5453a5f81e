import { type Kysely, sql } from 'kysely';

// 登录设备 (issue 26): a browser that once signed in to an account with its password keeps a device
// token for it. Failures against the account from everywhere hold back unknown clients only: a
// known device answers to its own (account, device) count, so someone guessing a known account's
// password cannot lock its owner out. Only the token's SHA-256 is kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE login_devices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_devices_user_idx ON login_devices (user_id, last_used_at DESC);
`)
    .execute(db);
}
