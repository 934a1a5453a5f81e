import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fetchPage } from '../../db/paging.ts';
import type { QuotaEntrySortColumn, QuotaSortColumn } from './quotas.schema.ts';

// 订货额度: this module's quota rows and their append-only ledger, plus what it reads of seasons,
// agents, shops, orders and users to name them (reads only).

type Page<C> = { limit: number; offset: number; sortColumn: C; order: 'asc' | 'desc' };
export type BuyerType = 'agent' | 'shop';

export interface QuotaFilter {
  seasonId?: number;
  buyerType?: BuyerType;
  buyerId?: number;
  /** an agent sees its own quota and its shops'; a shop its own */
  agentScope?: number;
  shopScope?: number;
}

const buyerCode = sql<string>`coalesce(CASE q.buyer_type WHEN 'agent' THEN (SELECT a.code FROM agents a WHERE a.id = q.buyer_id) ELSE (SELECT s.code FROM shops s WHERE s.id = q.buyer_id) END, '')`;
const buyerName = sql<string>`coalesce(CASE q.buyer_type WHEN 'agent' THEN (SELECT a.name FROM agents a WHERE a.id = q.buyer_id) ELSE (SELECT s.name FROM shops s WHERE s.id = q.buyer_id) END, '')`;

const QUOTA_COLUMNS = [
  'q.id',
  'q.season_id',
  'se.code as season_code',
  'se.name as season_name',
  'q.buyer_type',
  'q.buyer_id',
  buyerCode.as('buyer_code'),
  buyerName.as('buyer_name'),
  'q.limit_fen',
  'q.limit_pieces',
  'q.reserved_fen',
  'q.reserved_pieces',
  'q.consumed_fen',
  'q.consumed_pieces',
  'q.remark',
  'q.updated_at',
] as const;

const quotaBase = (db: Db) => db.selectFrom('ordering_quotas as q').innerJoin('ordering_seasons as se', 'se.id', 'q.season_id');
const quotaQuery = (db: Db) => quotaBase(db).select(QUOTA_COLUMNS);
export type QuotaRow = Awaited<ReturnType<ReturnType<typeof quotaQuery>['executeTakeFirstOrThrow']>>;

export function pageQuotas(db: Db, filter: QuotaFilter, page: Page<QuotaSortColumn>) {
  let base = quotaBase(db);
  if (filter.seasonId !== undefined) base = base.where('q.season_id', '=', filter.seasonId);
  if (filter.buyerType) base = base.where('q.buyer_type', '=', filter.buyerType);
  if (filter.buyerId !== undefined) base = base.where('q.buyer_id', '=', filter.buyerId);
  const { agentScope, shopScope } = filter;
  if (agentScope !== undefined) {
    base = base.where((eb) =>
      eb.or([
        eb.and([eb('q.buyer_type', '=', 'agent'), eb('q.buyer_id', '=', agentScope)]),
        eb.and([eb('q.buyer_type', '=', 'shop'), eb('q.buyer_id', 'in', eb.selectFrom('shops').select('id').where('agent_id', '=', agentScope))]),
      ]),
    );
  }
  if (shopScope !== undefined) base = base.where('q.buyer_type', '=', 'shop').where('q.buyer_id', '=', shopScope);
  return fetchPage(base, (query) => query.select(QUOTA_COLUMNS).orderBy(page.sortColumn, page.order).orderBy('q.id', page.order), page);
}

export function findQuota(db: Db, id: number) {
  return quotaQuery(db).where('q.id', '=', id).executeTakeFirst();
}

/** The 现货 season open on `day` (the one opened last when several are). */
export function currentSpotSeason(db: Db, day: string) {
  return db
    .selectFrom('ordering_seasons')
    .select(['id', 'name'])
    .where('enabled', '=', true)
    .where('kind', '=', 'spot')
    .where('opens_on', '<=', day)
    .where('closes_on', '>=', day)
    .orderBy('opens_on', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findQuotaOf(db: Db, seasonId: number, buyerType: BuyerType, buyerId: number) {
  return quotaQuery(db).where('q.season_id', '=', seasonId).where('q.buyer_type', '=', buyerType).where('q.buyer_id', '=', buyerId).executeTakeFirst();
}

/** SELECT … FOR UPDATE of one quota: every reservation and every change of limits queues here. */
export function lockQuota(db: Db, id: number) {
  return db.selectFrom('ordering_quotas').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function lockQuotaOf(db: Db, seasonId: number, buyerType: BuyerType, buyerId: number) {
  return db
    .selectFrom('ordering_quotas')
    .selectAll()
    .where('season_id', '=', seasonId)
    .where('buyer_type', '=', buyerType)
    .where('buyer_id', '=', buyerId)
    .forUpdate()
    .executeTakeFirst();
}
export type LockedQuota = NonNullable<Awaited<ReturnType<typeof lockQuota>>>;

export async function insertQuota(
  db: Db,
  values: { season_id: number; buyer_type: BuyerType; buyer_id: number; limit_fen: number | null; limit_pieces: number | null; remark: string },
  userId: number,
): Promise<number> {
  const row = await db
    .insertInto('ordering_quotas')
    .values({ ...values, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLimits(db: Db, id: number, values: { limit_fen: number | null; limit_pieces: number | null; remark: string }, userId: number) {
  await db
    .updateTable('ordering_quotas')
    .set({ ...values, updated_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export interface Delta {
  reservedFen: number;
  reservedPieces: number;
  consumedFen: number;
  consumedPieces: number;
}

/** One ledger entry and the same change of the quota's totals (the quota is locked by the caller). */
export async function move(db: Db, quotaId: number, orderId: number, kind: 'reserve' | 'consume' | 'release', d: Delta, userId: number | null) {
  await db
    .insertInto('ordering_quota_entries')
    .values({
      quota_id: quotaId,
      order_id: orderId,
      move: kind,
      reserved_fen: d.reservedFen,
      reserved_pieces: d.reservedPieces,
      consumed_fen: d.consumedFen,
      consumed_pieces: d.consumedPieces,
      created_by: userId,
    })
    .execute();
  await db
    .updateTable('ordering_quotas')
    .set({
      reserved_fen: sql`reserved_fen + ${d.reservedFen}::bigint`,
      reserved_pieces: sql`reserved_pieces + ${d.reservedPieces}::int`,
      consumed_fen: sql`consumed_fen + ${d.consumedFen}::bigint`,
      consumed_pieces: sql`consumed_pieces + ${d.consumedPieces}::int`,
      updated_at: sql`now()`,
    })
    .where('id', '=', quotaId)
    .execute();
}

/** What one order still holds of each quota it moved: the sums of its entries. */
export async function heldByOrder(db: Db, orderId: number): Promise<(Delta & { quotaId: number })[]> {
  const rows = await db
    .selectFrom('ordering_quota_entries')
    .select([
      'quota_id',
      sql<string>`sum(reserved_fen)`.as('rf'),
      sql<string>`sum(reserved_pieces)`.as('rp'),
      sql<string>`sum(consumed_fen)`.as('cf'),
      sql<string>`sum(consumed_pieces)`.as('cp'),
    ])
    .where('order_id', '=', orderId)
    .groupBy('quota_id')
    .orderBy('quota_id')
    .execute();
  return rows.map((r) => ({ quotaId: r.quota_id, reservedFen: Number(r.rf), reservedPieces: Number(r.rp), consumedFen: Number(r.cf), consumedPieces: Number(r.cp) }));
}

export function pageEntries(db: Db, quotaId: number, page: Page<QuotaEntrySortColumn>) {
  const base = db.selectFrom('ordering_quota_entries as e').where('e.quota_id', '=', quotaId);
  return fetchPage(
    base,
    (query) =>
      query
        .innerJoin('sales_orders as o', 'o.id', 'e.order_id')
        .leftJoin('users as u', 'u.id', 'e.created_by')
        .select(['e.id', 'e.order_id', 'o.order_no', 'e.move', 'e.reserved_fen', 'e.reserved_pieces', 'e.consumed_fen', 'e.consumed_pieces', 'u.name as user_name', 'e.created_at'])
        .orderBy(page.sortColumn, page.order)
        .orderBy('e.id', page.order),
    page,
  );
}

export async function seasonExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('ordering_seasons').select('id').where('id', '=', id).executeTakeFirst());
}

/** The buyer party, with the agent a shop belongs to (for an agent's scope). */
export async function findBuyer(db: Db, type: BuyerType, id: number): Promise<{ agentId: number | null } | undefined> {
  if (type === 'agent') {
    const row = await db.selectFrom('agents').select('id').where('id', '=', id).executeTakeFirst();
    return row ? { agentId: row.id } : undefined;
  }
  const row = await db.selectFrom('shops').select(['id', 'agent_id']).where('id', '=', id).executeTakeFirst();
  return row ? { agentId: row.agent_id } : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * One quota's entries with the quota's totals after each (running sums in entry order, taken over
 * the whole ledger before the page is cut, so a page's figures match the ledger's).
 */
export function pageLedger(db: Db, quotaId: number, page: Page<QuotaEntrySortColumn>) {
  const after = (column: 'reserved_fen' | 'reserved_pieces' | 'consumed_fen' | 'consumed_pieces') => sql<string>`sum(${sql.ref(column)}) OVER (ORDER BY id)`;
  const running = db
    .selectFrom('ordering_quota_entries')
    .where('quota_id', '=', quotaId)
    .select([
      'id',
      'order_id',
      'move',
      'reserved_fen',
      'reserved_pieces',
      'consumed_fen',
      'consumed_pieces',
      'created_by',
      'created_at',
      after('reserved_fen').as('reserved_fen_after'),
      after('reserved_pieces').as('reserved_pieces_after'),
      after('consumed_fen').as('consumed_fen_after'),
      after('consumed_pieces').as('consumed_pieces_after'),
    ]);
  const base = db.selectFrom(running.as('e'));
  return fetchPage(
    base,
    (query) =>
      query
        .innerJoin('sales_orders as o', 'o.id', 'e.order_id')
        .leftJoin('users as u', 'u.id', 'e.created_by')
        .select([
          'e.id',
          'e.order_id',
          'o.order_no',
          'e.move',
          'e.reserved_fen',
          'e.reserved_pieces',
          'e.consumed_fen',
          'e.consumed_pieces',
          'e.reserved_fen_after',
          'e.reserved_pieces_after',
          'e.consumed_fen_after',
          'e.consumed_pieces_after',
          'u.name as user_name',
          'e.created_at',
        ])
        .orderBy(page.sortColumn, page.order)
        .orderBy('e.id', page.order),
    page,
  );
}
