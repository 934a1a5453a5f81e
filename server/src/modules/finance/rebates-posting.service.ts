import {
  FINANCE_TEXT_MAX,
  FinanceMessages,
  formatYuan,
  REBATE_BASIS_LABELS,
  REBATE_PREFIX,
  REBATE_MACHINE,
  RebateMessages,
  rebateFor,
  rebateRateText,
  type RebatePostResult,
  type RebatePreview,
  type RebatePreviewLine,
  type RebateAction,
  type RebateRecord,
  type RebateStatus,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { nextDocNo } from '../../kernel/documents/numbering.ts';
import { transition, type DocumentDefinition } from '../../kernel/documents/transition.ts';
import { postEntries, reverseEntries } from '../../kernel/ledgers/money.ts';
import { seasonShippedByAgent } from '../sales-orders/sales-orders-read.service.ts';
import { hqOnly, type FinanceContext } from './finance-parties.ts';
import * as repo from './rebates.repo.ts';
import { getRebate, mayReachRebate } from './rebates.service.ts';
import { optionalText } from '../../http/text-input.ts';

// 计算 / 入账 / 冲销 of 返利 (issue 18). The preview is computed on demand from the ledgers of
// record (shipped order lines, posted payments) and writes nothing. Posting recomputes the same
// figures inside the transaction that holds the rule's row lock, so two postings of one rule run one
// after the other and the second finds the agents already posted (the partial unique index backs
// it). Each agent gets its own 返利单 (FL…), posted as a credit on its 应收 with entry type
// 'rebate': its 余额 and 可用额度 rise by the amount. 冲销 appends the reversing entries.

type RuleLock = NonNullable<Awaited<ReturnType<typeof repo.lockRule>>>;

async function previewOf(db: Db, rule: RuleLock): Promise<RebatePreview> {
  const ruleId = Number(rule.id);
  // one after the other: inside a transaction the queries share one connection
  const agents = await repo.agentsOfRule(db, ruleId, rule.agent_level);
  const tiers = await repo.tiersOf(db, [ruleId]);
  const posted = await repo.postedOfRule(db, ruleId);
  const period = await repo.seasonPeriod(db, Number(rule.season_id));
  const ids = agents.map((a) => Number(a.id));
  // 订货发货额 is the net shipped amount (净发货额, issue 26): a return already credited to the
  // agent's account no longer counts toward its tier
  const shipped = rule.basis === 'ordered' ? await seasonShippedByAgent(db, Number(rule.season_id), ids) : null;
  const paid = shipped ? null : await repo.paidByAgent(db, ids, period?.opens_on ?? '9999-12-31', period?.closes_on ?? '0001-01-01');
  const postedBy = new Map(posted.map((p) => [Number(p.agent_id), p]));
  const lines: RebatePreviewLine[] = agents.map((a) => {
    const agentId = Number(a.id);
    const figures = shipped?.get(agentId) ?? { shippedFen: 0, returnedFen: 0 };
    const basisFen = shipped ? Math.max(0, figures.shippedFen - figures.returnedFen) : (paid?.get(agentId) ?? 0);
    const outcome = rebateFor(tiers.get(ruleId) ?? [], basisFen);
    const done = postedBy.get(agentId);
    return {
      agentId,
      agentCode: a.code,
      agentName: a.name,
      agentLevel: a.level,
      agentLevelName: a.level_name || a.level,
      shippedFen: shipped ? figures.shippedFen : null,
      returnedFen: shipped ? figures.returnedFen : null,
      basisFen,
      thresholdFen: outcome.tier?.thresholdFen ?? null,
      rateBp: outcome.rateBp,
      amountFen: outcome.amountFen,
      postedRebateId: done ? Number(done.id) : null,
      postedDocNo: done?.doc_no ?? '',
      postedFen: done ? Number(done.amount_fen) : 0,
    };
  });
  const postable = lines.filter((l) => l.postedRebateId === null && l.amountFen > 0);
  return {
    ruleId,
    basis: rule.basis,
    lines,
    postableCount: postable.length,
    postableFen: postable.reduce((sum, l) => sum + l.amountFen, 0),
  };
}

/** 计算: every agent of the rule with its figure, the tier met, the rate, the amount and whether it is posted. Writes nothing. */
export async function previewRule(db: Db, ctx: FinanceContext, id: number): Promise<RebatePreview> {
  hqOnly(ctx.scope);
  const rule = await repo.findRule(db, id);
  if (!rule) throw notFound(RebateMessages.ruleNotFound);
  return previewOf(db, rule);
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function chosenAgents(value: unknown): number[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length === 0 || value.length > 1000 || !value.every(isId)) throw badRequest(RebateMessages.agentsInvalid);
  return [...new Set(value)];
}

/**
 * 入账: one 返利单 per agent, in one transaction. Without `agentIds`: every agent of the rule that
 * reached a tier with an amount > 0 and is not posted yet (the rest are counted as skipped). With
 * `agentIds`: exactly those, and an agent outside the rule, already posted or below every
 * threshold refuses the whole posting with its name.
 */
export async function postRule(db: Db, ctx: FinanceContext, id: number, input: { agentIds?: unknown } = {}): Promise<RebatePostResult> {
  hqOnly(ctx.scope);
  const chosen = chosenAgents(input.agentIds);
  return withTransaction(db, async (trx) => {
    const rule = await repo.lockRule(trx, id);
    if (!rule) throw notFound(RebateMessages.ruleNotFound);
    if (!rule.enabled) throw conflict(RebateMessages.ruleDisabled);
    const preview = await previewOf(trx, rule);
    let lines = preview.lines.filter((l) => l.postedRebateId === null && l.amountFen > 0);
    if (chosen) {
      const byAgent = new Map(preview.lines.map((l) => [l.agentId, l]));
      lines = [];
      for (const agentId of chosen) {
        const line = byAgent.get(agentId);
        if (!line) {
          throw badRequest(RebateMessages.agentOutside((await repo.agentName(trx, agentId)) ?? String(agentId)));
        }
        if (line.postedRebateId !== null) throw conflict(RebateMessages.agentPosted(line.agentName));
        if (line.amountFen <= 0) throw badRequest(RebateMessages.agentBelow(line.agentName));
        lines.push(line);
      }
    }
    if (lines.length === 0) throw conflict(RebateMessages.nothingToPost);
    const records: RebateRecord[] = [];
    for (const line of lines) {
      const docNo = await nextDocNo(trx, REBATE_PREFIX);
      const rebateId = await repo.insertRebate(trx, {
        doc_no: docNo,
        season_id: Number(rule.season_id),
        rule_id: Number(rule.id),
        agent_id: line.agentId,
        basis: rule.basis,
        basis_fen: line.basisFen,
        threshold_fen: line.thresholdFen ?? 0,
        rate_bp: line.rateBp,
        amount_fen: line.amountFen,
        created_by: ctx.userId,
      });
      await postEntries(trx, {
        document: { type: 'finance_rebate', id: rebateId },
        userId: ctx.userId,
        entries: [
          {
            partyType: 'agent',
            partyId: line.agentId,
            accountKind: 'receivable',
            amountFen: -line.amountFen,
            entryType: 'rebate',
            memo: `返利单${docNo}：${REBATE_BASIS_LABELS[rule.basis]} ${formatYuan(line.basisFen)} × ${rebateRateText(line.rateBp)}`.slice(0, 200),
          },
        ],
      });
      records.push(await getRebate(trx, ctx, rebateId));
    }
    return {
      records,
      totalFen: records.reduce((sum, r) => sum + r.amountFen, 0),
      skipped: chosen ? 0 : preview.lines.length - lines.length,
    };
  });
}

/** 返利单 in the document kernel: 冲销 is a transition (its event records who, when and why). */
export const REBATE_DOCUMENT: DocumentDefinition<repo.LockedRebate, RebateStatus, RebateAction, FinanceContext> = {
  type: 'finance_rebate',
  machine: REBATE_MACHINE,
  lock: (trx, id) => repo.lockRebate(trx, id),
  visible: (_trx, ctx, row) => mayReachRebate(ctx.scope, Number(row.agent_id)),
  statusOf: (row) => row.status,
  notFound: RebateMessages.rebateNotFound,
  // the one step is 冲销, refused only once it is done
  refused: () => RebateMessages.rebateVoided,
  save: (trx, id, values) => repo.updateRebateQuery(trx, id, values),
  stamps: { void: (userId, reason) => ({ void_reason: reason, voided_by: userId, voided_at: new Date() }) },
};

const reasonOf = (value: unknown) => {
  const reason = optionalText(value, '原因', FINANCE_TEXT_MAX, FinanceMessages.reasonTooLong);
  if (!reason) throw badRequest(FinanceMessages.reasonRequired);
  return reason;
};

/** 冲销: the reversing entry is appended; the 返利单 stays, voided with the reason, and the agent may be posted again under the rule. */
export async function voidRebate(db: Db, ctx: FinanceContext, id: number, input: { reason?: unknown } = {}): Promise<RebateRecord> {
  hqOnly(ctx.scope);
  const reason = reasonOf(input.reason);
  return withTransaction(db, async (trx) => {
    await transition(trx, REBATE_DOCUMENT, ctx, id, 'void', {
      userId: ctx.userId,
      reason,
      effects: async () => {
        await reverseEntries(trx, { type: 'finance_rebate', id }, ctx.userId);
      },
    });
    return getRebate(trx, ctx, id);
  });
}
