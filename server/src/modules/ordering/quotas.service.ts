import {
  QUOTA_LIMIT_FEN_MAX,
  QUOTA_LIMIT_PIECES_MAX,
  QUOTA_REMARK_MAX,
  QuotaMessages as M,
  quotaAfter,
  quotaBelowUse,
  quotaLeft,
  quotaProblem,
  shanghaiToday,
  type QuotaEntryRecord,
  type QuotaLimit,
  type QuotaRecord,
  type WorkbenchQuotaFigure,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { PartyScope } from '../../http/request-context.ts';
import * as repo from './quotas.repo.ts';
import type { QuotaCreateBody, QuotaEntrySortColumn, QuotaSortColumn, QuotaUpdateBody } from './quotas.schema.ts';

// 订货额度: HQ sets a buyer's limits for a season; the order's transitions move the ledger through
// reserve / settleAtAudit / release, inside the order's transaction and after its row lock, then
// the quota's own lock (always in that order, so two transitions never wait on each other crosswise).

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function toRecord(row: repo.QuotaRow): QuotaRecord {
  const limit = { amountFen: row.limit_fen, pieces: row.limit_pieces };
  const use = { reservedFen: row.reserved_fen, reservedPieces: row.reserved_pieces, consumedFen: row.consumed_fen, consumedPieces: row.consumed_pieces };
  const left = quotaLeft(limit, use);
  return {
    id: row.id,
    seasonId: row.season_id,
    seasonCode: row.season_code,
    seasonName: row.season_name,
    buyerType: row.buyer_type,
    buyerId: row.buyer_id,
    buyerCode: row.buyer_code,
    buyerName: row.buyer_name,
    limitFen: row.limit_fen,
    limitPieces: row.limit_pieces,
    ...use,
    leftFen: left.amountFen,
    leftPieces: left.pieces,
    remark: row.remark,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Whether `scope` may read the quota of this buyer: HQ all, an agent its own and its shops', a shop its own. */
async function visible(db: Db, scope: PartyScope, buyerType: repo.BuyerType, buyerId: number): Promise<boolean> {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'shop') return buyerType === 'shop' && buyerId === scope.shopId;
  if (scope.kind !== 'agent') return false;
  if (buyerType === 'agent') return buyerId === scope.agentId;
  return (await repo.findBuyer(db, 'shop', buyerId))?.agentId === scope.agentId;
}

function assertReader(scope: PartyScope): void {
  if (scope.kind === 'supplier' || scope.kind === 'none') throw forbidden();
}

export async function pageQuotas(db: Db, scope: PartyScope, filter: { seasonId?: number; buyerType?: repo.BuyerType; buyerId?: number }, params: ListParams<QuotaSortColumn>) {
  assertReader(scope);
  const scoped: repo.QuotaFilter = { ...filter };
  if (scope.kind === 'agent') scoped.agentScope = scope.agentId;
  if (scope.kind === 'shop') scoped.shopScope = scope.shopId;
  const page = await repo.pageQuotas(db, scoped, params);
  return { ...page, records: page.records.map(toRecord) };
}

/** One quota in the caller's scope (another buyer's answers 404, like a missing one). */
export async function getQuota(db: Db, scope: PartyScope, id: number): Promise<QuotaRecord> {
  assertReader(scope);
  const row = await repo.findQuota(db, id);
  if (!row || !(await visible(db, scope, row.buyer_type, row.buyer_id))) throw notFound(M.notFound);
  return toRecord(row);
}

export async function pageEntries(db: Db, scope: PartyScope, id: number, params: ListParams<QuotaEntrySortColumn>) {
  await getQuota(db, scope, id);
  const page = await repo.pageEntries(db, id, params);
  const records: QuotaEntryRecord[] = page.records.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    orderNo: r.order_no,
    move: r.move,
    reservedFen: r.reserved_fen,
    reservedPieces: r.reserved_pieces,
    consumedFen: r.consumed_fen,
    consumedPieces: r.consumed_pieces,
    createdByName: r.user_name ?? '',
    createdAt: new Date(r.created_at).toISOString(),
  }));
  return { ...page, records };
}

/** What is left for one buyer and season (order entry shows it); no row: not limited. */
export async function quotaLeftFor(db: Db, scope: PartyScope, q: { seasonId: number; buyerType: repo.BuyerType; buyerId: number }) {
  assertReader(scope);
  if (!(await visible(db, scope, q.buyerType, q.buyerId))) throw notFound(M.buyerNotFound);
  const row = await repo.findQuotaOf(db, q.seasonId, q.buyerType, q.buyerId);
  return { limited: !!row, quota: row ? toRecord(row) : null };
}

/** 工作台: what is left of the caller's own quota in the current 现货 season; null for HQ and suppliers. */
export async function ownSpotQuota(db: Db, scope: PartyScope): Promise<WorkbenchQuotaFigure | null> {
  if (scope.kind !== 'agent' && scope.kind !== 'shop') return null;
  const season = await repo.currentSpotSeason(db, shanghaiToday());
  if (!season) return { kind: 'noSeason' };
  const buyer = scope.kind === 'agent' ? { buyerType: 'agent' as const, buyerId: scope.agentId } : { buyerType: 'shop' as const, buyerId: scope.shopId };
  const { quota } = await quotaLeftFor(db, scope, { seasonId: season.id, ...buyer });
  return { kind: 'season', seasonId: season.id, seasonName: season.name, limited: quota !== null, leftFen: quota?.leftFen ?? null, leftPieces: quota?.leftPieces ?? null };
}

// ---- HQ: limits ----

function checkedLimits(body: { limitFen?: unknown; limitPieces?: unknown }): QuotaLimit {
  const fen = body.limitFen ?? null;
  const pieces = body.limitPieces ?? null;
  if (fen !== null && !(typeof fen === 'number' && Number.isSafeInteger(fen) && fen >= 0 && fen <= QUOTA_LIMIT_FEN_MAX)) throw badRequest(M.limitFenInvalid);
  if (pieces !== null && !(typeof pieces === 'number' && Number.isSafeInteger(pieces) && pieces >= 0 && pieces <= QUOTA_LIMIT_PIECES_MAX)) throw badRequest(M.limitPiecesInvalid);
  if (fen === null && pieces === null) throw badRequest(M.limitRequired);
  return { amountFen: fen, pieces };
}

function checkedRemark(remark: unknown, previous = ''): string {
  if (remark === undefined || remark === null) return previous;
  if (typeof remark !== 'string' || remark.trim().length > QUOTA_REMARK_MAX) throw badRequest(M.remarkTooLong);
  return remark.trim();
}

export async function createQuota(db: Db, userId: number, body: QuotaCreateBody): Promise<number> {
  if (body.seasonId === undefined || body.seasonId === null) throw badRequest(M.seasonRequired);
  if (!isId(body.seasonId)) throw notFound(M.seasonNotFound);
  if (body.buyerType !== 'agent' && body.buyerType !== 'shop') throw badRequest(M.buyerRequired);
  if (body.buyerId === undefined || body.buyerId === null) throw badRequest(M.buyerRequired);
  if (!isId(body.buyerId)) throw notFound(M.buyerNotFound);
  const { seasonId, buyerType, buyerId } = body;
  const limit = checkedLimits(body);
  const remark = checkedRemark(body.remark);
  return withTransaction(db, async (trx) => {
    if (!(await repo.seasonExists(trx, seasonId))) throw notFound(M.seasonNotFound);
    if (!(await repo.findBuyer(trx, buyerType, buyerId))) throw notFound(M.buyerNotFound);
    if (await repo.findQuotaOf(trx, seasonId, buyerType, buyerId)) throw conflict(M.exists);
    try {
      return await repo.insertQuota(trx, { season_id: seasonId, buyer_type: buyerType, buyer_id: buyerId, limit_fen: limit.amountFen, limit_pieces: limit.pieces, remark }, userId);
    } catch (error) {
      if (repo.isUniqueViolation(error)) throw conflict(M.exists);
      throw error;
    }
  });
}

/** New limits, under the quota's lock: never below what the buyer's orders already hold. */
export async function updateQuota(db: Db, userId: number, id: number, body: QuotaUpdateBody): Promise<QuotaRecord> {
  const limit = checkedLimits(body);
  return withTransaction(db, async (trx) => {
    const row = await repo.lockQuota(trx, id);
    if (!row) throw notFound(M.notFound);
    const use = { reservedFen: row.reserved_fen, reservedPieces: row.reserved_pieces, consumedFen: row.consumed_fen, consumedPieces: row.consumed_pieces };
    const below = quotaBelowUse(limit, use);
    if (below) throw conflict(below);
    await repo.updateLimits(trx, id, { limit_fen: limit.amountFen, limit_pieces: limit.pieces, remark: checkedRemark(body.remark, row.remark) }, userId);
    return toRecord((await repo.findQuota(trx, id))!);
  });
}

// ---- the order's transitions (called by the sales-orders module inside its transaction) ----

/** Whether an order ever moved a quota (a draft that was submitted once keeps that history). */
export async function orderHasQuotaEntries(db: Db, orderId: number): Promise<boolean> {
  return (await repo.heldByOrder(db, orderId)).length > 0;
}

export interface QuotaOrder {
  orderId: number;
  seasonId: number;
  buyerType: repo.BuyerType;
  buyerId: number;
}

/**
 * Submission: reserves the order's amount and pieces on its buyer's quota for the season, or
 * refuses (409, nothing written) when they do not fit in what is left. No quota: not restricted.
 */
export async function reserve(trx: Db, order: QuotaOrder, need: { amountFen: number; pieces: number }, userId: number | null): Promise<void> {
  const quota = await repo.lockQuotaOf(trx, order.seasonId, order.buyerType, order.buyerId);
  if (!quota) return;
  const use = { reservedFen: quota.reserved_fen, reservedPieces: quota.reserved_pieces, consumedFen: quota.consumed_fen, consumedPieces: quota.consumed_pieces };
  const problem = quotaProblem(quotaLeft({ amountFen: quota.limit_fen, pieces: quota.limit_pieces }, use), need);
  if (problem) throw conflict(problem);
  const after = quotaAfter(use, 'reserve', need);
  await repo.move(trx, quota.id, order.orderId, 'reserve', { ...delta(use, after) }, userId);
}

const delta = (a: repo.Delta, b: repo.Delta): repo.Delta => ({
  reservedFen: b.reservedFen - a.reservedFen,
  reservedPieces: b.reservedPieces - a.reservedPieces,
  consumedFen: b.consumedFen - a.consumedFen,
  consumedPieces: b.consumedPieces - a.consumedPieces,
});

/** Audit: what the order reserved becomes consumption for the kept part; the cut is released. */
export async function settleAtAudit(trx: Db, orderId: number, cut: { quantity: number; amountFen: number }, userId: number | null): Promise<void> {
  for (const held of await repo.heldByOrder(trx, orderId)) {
    if (held.reservedFen === 0 && held.reservedPieces === 0) continue;
    await repo.lockQuota(trx, held.quotaId);
    const cutFen = Math.min(cut.amountFen, held.reservedFen);
    const cutPieces = Math.min(cut.quantity, held.reservedPieces);
    const keptFen = held.reservedFen - cutFen;
    const keptPieces = held.reservedPieces - cutPieces;
    await repo.move(trx, held.quotaId, orderId, 'consume', { reservedFen: -keptFen, reservedPieces: -keptPieces, consumedFen: keptFen, consumedPieces: keptPieces }, userId);
    if (cutFen > 0 || cutPieces > 0)
      await repo.move(trx, held.quotaId, orderId, 'release', { reservedFen: -cutFen, reservedPieces: -cutPieces, consumedFen: 0, consumedPieces: 0 }, userId);
  }
}

/** Withdrawal, rejection or cancellation: gives back whatever the order still holds, reserved or consumed. */
export async function release(trx: Db, orderId: number, userId: number | null): Promise<void> {
  for (const held of await repo.heldByOrder(trx, orderId)) {
    if (held.reservedFen === 0 && held.reservedPieces === 0 && held.consumedFen === 0 && held.consumedPieces === 0) continue;
    await repo.lockQuota(trx, held.quotaId);
    await repo.move(
      trx,
      held.quotaId,
      orderId,
      'release',
      { reservedFen: -held.reservedFen, reservedPieces: -held.reservedPieces, consumedFen: -held.consumedFen, consumedPieces: -held.consumedPieces },
      userId,
    );
  }
}

/**
 * Closing an order that will get no more goods: what it consumed beyond what was shipped (pieces
 * and amount) goes back to the quota; anything still reserved too.
 */
export async function releaseUnshipped(trx: Db, orderId: number, shipped: { quantity: number; amountFen: number }, userId: number | null): Promise<void> {
  for (const held of await repo.heldByOrder(trx, orderId)) {
    const backFen = Math.max(0, held.consumedFen - shipped.amountFen);
    const backPieces = Math.max(0, held.consumedPieces - shipped.quantity);
    if (backFen === 0 && backPieces === 0 && held.reservedFen === 0 && held.reservedPieces === 0) continue;
    await repo.lockQuota(trx, held.quotaId);
    await repo.move(
      trx,
      held.quotaId,
      orderId,
      'release',
      { reservedFen: -held.reservedFen, reservedPieces: -held.reservedPieces, consumedFen: -backFen, consumedPieces: -backPieces },
      userId,
    );
  }
}

// ---- 代理规划's 订货额度明细: one party's ledger for a season ----

export interface QuotaLedgerEntry {
  id: number;
  orderId: number;
  orderNo: string;
  move: 'reserve' | 'consume' | 'release';
  reservedFen: number;
  reservedPieces: number;
  consumedFen: number;
  consumedPieces: number;
  reservedFenAfter: number;
  reservedPiecesAfter: number;
  consumedFenAfter: number;
  consumedPiecesAfter: number;
  createdByName: string;
  createdAt: string;
}

/**
 * The ledger of one buyer's quota for a season with running totals, in the caller's scope (another
 * party's, or a missing one, answers 404); a buyer without a quota that season has an empty ledger.
 */
export async function ledgerOf(
  db: Db,
  scope: PartyScope,
  q: { seasonId: number; buyerType: repo.BuyerType; buyerId: number },
  params: ListParams<QuotaEntrySortColumn>,
): Promise<{ records: QuotaLedgerEntry[]; total: number }> {
  assertReader(scope);
  if (!(await repo.findBuyer(db, q.buyerType, q.buyerId)) || !(await visible(db, scope, q.buyerType, q.buyerId))) throw notFound(M.buyerNotFound);
  if (!(await repo.seasonExists(db, q.seasonId))) throw notFound(M.seasonNotFound);
  const quota = await repo.findQuotaOf(db, q.seasonId, q.buyerType, q.buyerId);
  if (!quota) return { records: [], total: 0 };
  const page = await repo.pageLedger(db, quota.id, params);
  return {
    ...page,
    records: page.records.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      orderNo: r.order_no,
      move: r.move,
      reservedFen: r.reserved_fen,
      reservedPieces: r.reserved_pieces,
      consumedFen: r.consumed_fen,
      consumedPieces: r.consumed_pieces,
      reservedFenAfter: Number(r.reserved_fen_after),
      reservedPiecesAfter: Number(r.reserved_pieces_after),
      consumedFenAfter: Number(r.consumed_fen_after),
      consumedPiecesAfter: Number(r.consumed_pieces_after),
      createdByName: r.user_name ?? '',
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
