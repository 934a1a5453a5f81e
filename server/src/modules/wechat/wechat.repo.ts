import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export async function insertTicket(db: Db, row: { signHash: string; purpose: 'login' | 'bind'; userId: number | null; ttlSeconds: number }) {
  await db
    .insertInto('wechat_tickets')
    .values({
      sign_hash: row.signHash,
      purpose: row.purpose,
      user_id: row.userId,
      expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
    })
    .execute();
}

export function findTicket(db: Db, signHash: string) {
  return db
    .selectFrom('wechat_tickets')
    .select(['id', 'purpose', 'user_id', 'status', 'openid', 'nickname', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('sign_hash', '=', signHash)
    .executeTakeFirst();
}

export function findTicketForUpdate(db: Db, signHash: string) {
  return db
    .selectFrom('wechat_tickets')
    .select(['id', 'purpose', 'user_id', 'status', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('sign_hash', '=', signHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function confirmTicket(db: Db, id: number, identity: { openid: string; nickname: string }) {
  await db
    .updateTable('wechat_tickets')
    .set({ status: 'confirmed', ...identity })
    .where('id', '=', id)
    .execute();
}

/** Redeems a confirmed ticket once; false when another poll got there first. */
export async function consumeTicket(db: Db, id: number): Promise<boolean> {
  const rows = await db.updateTable('wechat_tickets').set({ status: 'consumed' }).where('id', '=', id).where('status', '=', 'confirmed').returning('id').execute();
  return rows.length === 1;
}

export function findBindingByOpenid(db: Db, openid: string) {
  return db.selectFrom('wechat_bindings').select(['user_id', 'nickname']).where('openid', '=', openid).executeTakeFirst();
}

export function findBindingOfUser(db: Db, userId: number) {
  return db.selectFrom('wechat_bindings').select(['openid', 'nickname']).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertBinding(db: Db, row: { userId: number; openid: string; nickname: string }) {
  await db.insertInto('wechat_bindings').values({ user_id: row.userId, openid: row.openid, nickname: row.nickname }).execute();
}

export async function deleteBindingOfUser(db: Db, userId: number): Promise<boolean> {
  const rows = await db.deleteFrom('wechat_bindings').where('user_id', '=', userId).returning('id').execute();
  return rows.length > 0;
}
