import { type Kysely, sql } from 'kysely';

// Several server processes on one database: each keeps a per-user access cache (menu tree and
// button permissions, menus.service.ts). A row here counts changes to what users may do; every
// process compares it with the version its entries were built at and drops them when it moved.
// Triggers bump it in the same transaction as the change, so no code path (API, seed, script,
// hand-written SQL) can forget, and a process never sees the new version before the change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE cache_versions (
  name text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO cache_versions (name) VALUES ('access');

CREATE FUNCTION bump_access_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE cache_versions SET version = version + 1, updated_at = now() WHERE name = 'access';
  RETURN NULL;
END
$fn$;

-- the menu tree, roles, their grants and their members: once per statement
CREATE TRIGGER menus_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menus
  FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();
CREATE TRIGGER roles_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();
CREATE TRIGGER role_menus_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_menus
  FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();
CREATE TRIGGER user_roles_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();

-- users: only what access depends on (a sub-user's access follows its parent's state), so the
-- last-login stamp of every sign-in does not empty every cache
CREATE TRIGGER users_access_version AFTER UPDATE OF enabled, deleted_at, parent_id, role_type ON users
  FOR EACH ROW WHEN (
    OLD.enabled IS DISTINCT FROM NEW.enabled OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.parent_id IS DISTINCT FROM NEW.parent_id OR OLD.role_type IS DISTINCT FROM NEW.role_type)
  EXECUTE FUNCTION bump_access_version();
CREATE TRIGGER users_deleted_access_version AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();
`)
    .execute(db);
}
