import { type Kysely, sql } from 'kysely';

// Every move of a shared cache counter (0022 access, 0023 sessions) is announced to every server
// process on the database at commit (NOTIFY erp_cache_versions, the counter's name): a session
// revoked, an account disabled or a password changed is refused on the next request in every
// process, not up to a second later (issue 26). The periodic read of the counter stays as the
// safety net while a process's listening connection is down.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE FUNCTION notify_cache_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('erp_cache_versions', NEW.name);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER cache_versions_notify AFTER UPDATE OF version ON cache_versions
  FOR EACH ROW EXECUTE FUNCTION notify_cache_version();
`)
    .execute(db);
}
