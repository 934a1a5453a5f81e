import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export async function insertSession(db: Db, row: { tokenHash: string; userId: number; roleType: string; expiresAt: Date; ip: string; userAgent: string }) {
  await db
    .insertInto('sessions')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      role_type: row.roleType,
      expires_at: row.expiresAt,
      ip: row.ip,
      user_agent: row.userAgent.slice(0, 300),
    })
    .execute();
}

export function findSessionByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.role_type as session_role_type',
      'users.id as user_id',
      'users.account',
      'users.role_type',
      'users.agent_id',
      'users.shop_id',
      'users.supplier_id',
      'users.active',
      'users.enabled',
      'users.deleted_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, sessionId: number) {
  await db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Db, sessionId: number, reason: string) {
  await db.updateTable('sessions').set({ revoked_at: sql`now()`, revoke_reason: reason }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeUserSessions(db: Db, userId: number, reason: string) {
  await db.updateTable('sessions').set({ revoked_at: sql`now()`, revoke_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
