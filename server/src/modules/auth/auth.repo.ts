import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function findActiveLocks(db: Db, keys: string[]) {
  return db
    .selectFrom('auth_throttles')
    .select(['key', sql<number>`ceil(extract(epoch from locked_until - now()))::int`.as('seconds_left')])
    .where('key', 'in', keys)
    .where('locked_until', '>', sql<Date>`now()`)
    .execute();
}

/** Counts one failure atomically; the count restarts after a quiet window. */
export async function recordFailure(db: Db, key: string, windowSeconds: number): Promise<number> {
  const row = await db
    .insertInto('auth_throttles')
    .values({ key, failures: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`CASE WHEN auth_throttles.last_failure_at < now() - make_interval(secs => ${windowSeconds})
          THEN 1 ELSE auth_throttles.failures + 1 END`,
        last_failure_at: sql`now()`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

export async function lockKey(db: Db, key: string, seconds: number) {
  await db
    .updateTable('auth_throttles')
    .set({ locked_until: sql`now() + make_interval(secs => ${seconds})` })
    .where('key', '=', key)
    .execute();
}

export async function clearFailures(db: Db, key: string) {
  await db.deleteFrom('auth_throttles').where('key', '=', key).execute();
}

/** Clears the key and every key starting with the prefix (an account and all its address pairs). */
export async function clearFailuresWithPrefix(db: Db, key: string, prefix: string) {
  await db
    .deleteFrom('auth_throttles')
    .where((eb) => eb.or([eb('key', '=', key), eb(sql<boolean>`starts_with(key, ${prefix})`, '=', true)]))
    .execute();
}

export async function insertTicket(db: Db, row: { tokenHash: string; userId: number; purpose: 'activate' | 'reset'; ttlSeconds: number }) {
  await db
    .insertInto('password_tickets')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      purpose: row.purpose,
      expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
    })
    .execute();
}

/** An unused, unexpired ticket with its user, locked for the change. */
export function findLiveTicketForUpdate(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_tickets')
    .innerJoin('users', 'users.id', 'password_tickets.user_id')
    .select(['password_tickets.id', 'password_tickets.purpose', 'users.id as user_id', 'users.account', 'users.phone', 'users.password_hash', 'users.enabled', 'users.deleted_at'])
    .where('password_tickets.token_hash', '=', tokenHash)
    .where('password_tickets.used_at', 'is', null)
    .where('password_tickets.expires_at', '>', sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();
}

export async function useUpAllTickets(db: Db, userId: number) {
  await db.updateTable('password_tickets').set({ used_at: sql`now()` }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** A device token's row, when it belongs to the account (login_devices, 0046). */
export async function findDevice(db: Db, tokenHash: string, account: string): Promise<{ id: number; user_id: number } | undefined> {
  return db
    .selectFrom('login_devices as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.id', 'd.user_id'])
    .where('d.token_hash', '=', tokenHash)
    .where(sql`lower(u.account)`, '=', account.trim().toLowerCase())
    .executeTakeFirst();
}

const DEVICES_KEPT = 20;

/** Remembers a device for the user (its newest DEVICES_KEPT are kept), or stamps a known one. */
export async function rememberDevice(db: Db, userId: number, tokenHash: string, knownId: number | null): Promise<void> {
  if (knownId !== null) {
    await db.updateTable('login_devices').set({ last_used_at: sql`now()` }).where('id', '=', knownId).execute();
    return;
  }
  await db.insertInto('login_devices').values({ user_id: userId, token_hash: tokenHash }).execute();
  await sql`DELETE FROM login_devices WHERE user_id = ${userId} AND id NOT IN (
    SELECT id FROM login_devices WHERE user_id = ${userId} ORDER BY last_used_at DESC, id DESC LIMIT ${DEVICES_KEPT})`.execute(db);
}
