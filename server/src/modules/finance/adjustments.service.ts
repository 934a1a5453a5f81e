import {
  ADJUSTMENT_MACHINE,
  ADJUSTMENT_PREFIX,
  adjustmentAmountProblem,
  FINANCE_TEXT_MAX,
  FinanceMessages,
  type AdjustmentAction,
  type AdjustmentRecord,
  type AdjustmentStatus,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { nextDocNo } from '../../kernel/documents/numbering.ts';
import { transition, type DocumentDefinition } from '../../kernel/documents/transition.ts';
import { postEntries, reverseEntries } from '../../kernel/ledgers/money.ts';
import * as repo from './adjustments.repo.ts';
import type { AdjustmentSortColumn } from './adjustments.schema.ts';
import { checkedParty, hqOnly, mainAccountKind, mayReach, partyInScope, type FinanceContext } from './finance-parties.ts';
import { optionalText } from '../../http/text-input.ts';

// 调整单 (issue 18, "Entries"): HQ corrects an account by a signed amount with a reason, under its
// own permission; it posts at once. Nothing is deleted: a wrong adjustment is voided, which appends
// the reversing entries and keeps both on the account.

/** 调整单 in the document kernel: 冲销 is a transition (its event records who, when and why). */
export const ADJUSTMENT_DOCUMENT: DocumentDefinition<repo.AdjustmentRow, AdjustmentStatus, AdjustmentAction, FinanceContext> = {
  type: 'finance_adjustment',
  machine: ADJUSTMENT_MACHINE,
  lock: (trx, id) => repo.lockAdjustment(trx, id),
  visible: (_trx, ctx, row) => mayReach(ctx.scope, { partyType: row.party_type, partyId: Number(row.party_id) }),
  statusOf: (row) => row.status,
  notFound: FinanceMessages.adjustmentNotFound,
  // the one step is 冲销, refused only once it is done
  refused: () => FinanceMessages.adjustmentVoided,
  save: (trx, id, values) => repo.updateAdjustmentQuery(trx, id, values),
  stamps: { void: (userId, reason) => ({ void_reason: reason, voided_by: userId, voided_at: new Date() }) },
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toRecord(row: NonNullable<Awaited<ReturnType<typeof repo.adjustmentById>>>): AdjustmentRecord {
  return {
    id: Number(row.id),
    docNo: row.doc_no,
    partyType: row.party_type,
    partyId: Number(row.party_id),
    partyName: row.party_name,
    amountFen: Number(row.amount_fen),
    reason: row.reason,
    status: row.status,
    voidReason: row.void_reason,
    createdByName: row.created_by_name,
    createdAt: iso(row.created_at)!,
    voidedByName: row.voided_by_name,
    voidedAt: iso(row.voided_at),
  };
}

const reasonOf = (value: unknown) => {
  const reason = optionalText(value, '原因', FINANCE_TEXT_MAX, FinanceMessages.reasonTooLong);
  if (!reason) throw badRequest(FinanceMessages.reasonRequired);
  return reason;
};

export async function createAdjustment(
  db: Db,
  ctx: FinanceContext,
  input: { partyType?: unknown; partyId?: unknown; amountFen?: unknown; reason?: unknown },
): Promise<AdjustmentRecord> {
  hqOnly(ctx.scope);
  const problem = adjustmentAmountProblem(input.amountFen);
  if (problem) throw badRequest(problem);
  const reason = reasonOf(input.reason);
  const amount = input.amountFen as number;
  return withTransaction(db, async (trx) => {
    const party = await checkedParty(trx, ctx.scope, input.partyType, input.partyId, ['agent', 'shop', 'supplier']);
    const docNo = await nextDocNo(trx, ADJUSTMENT_PREFIX);
    const id = await repo.insertAdjustment(trx, {
      doc_no: docNo,
      party_type: party.partyType,
      party_id: party.partyId,
      amount_fen: amount,
      reason,
      status: 'posted',
      created_by: ctx.userId,
    });
    await postEntries(trx, {
      document: { type: 'finance_adjustment', id },
      userId: ctx.userId,
      entries: [
        {
          partyType: party.partyType,
          partyId: party.partyId,
          accountKind: mainAccountKind(party.partyType),
          amountFen: amount,
          entryType: 'adjustment',
          memo: `调整单${docNo}：${reason}`.slice(0, 200),
        },
      ],
    });
    return getAdjustment(trx, ctx, id);
  });
}

/** 冲销: the reversing entries are appended; the adjustment stays, marked voided with the reason. */
export async function voidAdjustment(db: Db, ctx: FinanceContext, id: number, input: { reason?: unknown } = {}): Promise<AdjustmentRecord> {
  hqOnly(ctx.scope);
  const reason = reasonOf(input.reason);
  return withTransaction(db, async (trx) => {
    await transition(trx, ADJUSTMENT_DOCUMENT, ctx, id, 'void', {
      userId: ctx.userId,
      reason,
      effects: async () => {
        await reverseEntries(trx, { type: 'finance_adjustment', id }, ctx.userId);
      },
    });
    return getAdjustment(trx, ctx, id);
  });
}

export async function getAdjustment(db: Db, ctx: FinanceContext, id: number): Promise<AdjustmentRecord> {
  const row = await repo.adjustmentById(db, id);
  if (!row || !mayReach(ctx.scope, { partyType: row.party_type, partyId: Number(row.party_id) })) throw notFound(FinanceMessages.adjustmentNotFound);
  return toRecord(row);
}

export async function pageAdjustments(db: Db, ctx: FinanceContext, filter: repo.AdjustmentFilter, params: ListParams<AdjustmentSortColumn>) {
  const page = await repo.pageAdjustments(db, partyInScope(ctx.scope, 'a.party_type', 'a.party_id'), filter, params);
  return { records: page.records.map(toRecord), total: page.total };
}

/** 工作台 单据查找: a 调整单 (TZ) by its exact number, null when missing or another party's. */
export async function findAdjustmentByNo(db: Db, ctx: FinanceContext, docNo: string): Promise<AdjustmentRecord | null> {
  const row = await repo.findAdjustmentIdByNo(db, docNo);
  return row ? getAdjustment(db, ctx, Number(row.id)).catch(nullWhenMissing) : null;
}

function nullWhenMissing(error: unknown): null {
  if (error instanceof AppError && error.status === 404) return null;
  throw error;
}
