import { type Kysely, sql } from 'kysely';

// Each server process keeps the sessions it has checked for a moment (auth/session-cache.ts), so a
// request does not read its session row every time. What ends or changes a session — its revocation
// or expiry, and what the account's access depends on — bumps the 'sessions' counter in the same
// transaction (as 0022 does for access); every process drops its entries when the counter moves.
// The last-seen stamp (touched once a minute per session) does not bump it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
INSERT INTO cache_versions (name) VALUES ('sessions') ON CONFLICT (name) DO NOTHING;

CREATE FUNCTION bump_sessions_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE cache_versions SET version = version + 1, updated_at = now() WHERE name = 'sessions';
  RETURN NULL;
END
$fn$;

CREATE TRIGGER sessions_cache_version AFTER UPDATE OF revoked_at, expires_at, role_type, user_id, token_hash ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_sessions_version();
CREATE TRIGGER sessions_deleted_cache_version AFTER DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_sessions_version();

CREATE TRIGGER users_sessions_version AFTER UPDATE OF enabled, deleted_at, active, role_type, agent_id, shop_id, supplier_id, account ON users
  FOR EACH ROW WHEN (
    OLD.enabled IS DISTINCT FROM NEW.enabled OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.active IS DISTINCT FROM NEW.active
    OR OLD.role_type IS DISTINCT FROM NEW.role_type OR OLD.agent_id IS DISTINCT FROM NEW.agent_id OR OLD.shop_id IS DISTINCT FROM NEW.shop_id
    OR OLD.supplier_id IS DISTINCT FROM NEW.supplier_id OR OLD.account IS DISTINCT FROM NEW.account)
  EXECUTE FUNCTION bump_sessions_version();
CREATE TRIGGER users_deleted_sessions_version AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_sessions_version();
`)
    .execute(db);
}
