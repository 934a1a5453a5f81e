import { sql } from 'kysely';
import type { SmsPurpose } from '@erp/shared';
import type { Db } from '../../db/database.ts';

/** Serialises sends and checks for one phone (both databases support advisory locks). */
export async function lockPhone(db: Db, phone: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(db);
}

export function secondsSinceLastSend(db: Db, phone: string, purpose: SmsPurpose) {
  return db
    .selectFrom('sms_codes')
    .select(sql<number>`extract(epoch from now() - created_at)::float8`.as('seconds'))
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countSendsLastDay(db: Db, by: { phone: string } | { ip: string }): Promise<number> {
  let query = db
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`);
  query = 'phone' in by ? query.where('phone', '=', by.phone) : query.where('ip', '=', by.ip);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function retireOpenCodes(db: Db, phone: string, purpose: SmsPurpose) {
  await db.updateTable('sms_codes').set({ consumed_at: sql`now()` }).where('phone', '=', phone).where('purpose', '=', purpose).where('consumed_at', 'is', null).execute();
}

export async function insertCode(db: Db, row: { phone: string; purpose: SmsPurpose; codeHash: string; delivered: boolean; ttlSeconds: number; ip: string }) {
  await db
    .insertInto('sms_codes')
    .values({
      phone: row.phone,
      purpose: row.purpose,
      code_hash: row.codeHash,
      delivered: row.delivered,
      expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
      ip: row.ip,
    })
    .execute();
}

export function findOpenCodeForUpdate(db: Db, phone: string, purpose: SmsPurpose) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'delivered', 'wrong_tries'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function consumeCode(db: Db, id: number) {
  await db.updateTable('sms_codes').set({ consumed_at: sql`now()` }).where('id', '=', id).execute();
}

export async function countWrongTry(db: Db, id: number) {
  await db
    .updateTable('sms_codes')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
