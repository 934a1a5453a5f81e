import { machineNext, machineTargets, type DocumentType, type Machine } from '@erp/shared';
import type { OperationNodeSource } from 'kysely';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { claimCommitAhead } from '../../db/transaction.ts';
import { withClosing } from './closing.ts';
import { saveWithEvent, type SavingQuery } from './documents.repo.ts';

export type { SavingQuery };

/**
 * What the kernel needs to know of a document type to move one of its documents (DESIGN §9):
 * how to lock its header, whether the caller may see it, its status machine and messages, and how
 * to write its status and stamps. Each document module defines one; the transition is the same.
 */
export interface DocumentDefinition<Row, S extends string, A extends string, Ctx> {
  type: DocumentType;
  machine: Machine<S, A>;
  /** SELECT … FOR UPDATE of the header (two transitions of one document queue here); the action, for what it may read along */
  lock(trx: Db, id: number, action: A): Promise<Row | undefined>;
  /** data scope, checked on the locked row: false answers 404 like a missing document */
  visible(trx: Db, ctx: Ctx, row: Row): Promise<boolean> | boolean;
  statusOf(row: Row): S;
  notFound: string;
  /** 409 message when the machine refuses the action in the row's status */
  refused(row: Row, action: A): string;
  /** the UPDATE (not run) that writes the new status and the stamps: the kernel runs it together with the event, in one statement */
  save(trx: Db, id: number, values: Record<string, unknown>): SavingQuery;
  /** columns an action stamps (who and when), besides the status */
  stamps?: Partial<Record<A, (userId: number, reason: string) => Record<string, unknown>>>;
  /**
   * The document as the action answers it, read in the closing statement itself: `query` reads
   * the header from `header` (its table's name), which there names the saved row (`save` must
   * return every column), so the answer shows the new status without a statement of its own.
   */
  answer?: { header: string; query(trx: Db, ctx: Ctx, id: number, row: Row): OperationNodeSource };
}

export interface TransitionInput<Row, S extends string> {
  userId: number;
  reason?: string;
  /** checks and effects (stock, money, other documents) run after the machine allowed the action
   *  and before the status flips; whatever they throw rolls the whole transition back */
  effects?: (row: Row, next: S) => Promise<void>;
  /** the event's text when the effects add to the reason (an overrun let through), read after them */
  eventReason?: () => string;
  /**
   * the status to store instead of the machine's usual one (an order's status follows its
   * quantities): one of the targets the machine declares for the action, else a programming error
   */
  status?: (row: Row, next: S) => Promise<S> | S;
  /** other header columns the effects changed, written with the status (an order's received totals) */
  values?: (row: Row) => Record<string, unknown>;
}

/** Locks a document the caller may see (404 otherwise) and answers the machine's next status (409 when refused). */
export async function lockForAction<Row, S extends string, A extends string, Ctx>(
  trx: Db,
  def: DocumentDefinition<Row, S, A, Ctx>,
  ctx: Ctx,
  id: number,
  action: A,
): Promise<{ row: Row; next: S }> {
  const row = await def.lock(trx, id, action);
  if (!row || !(await def.visible(trx, ctx, row))) throw notFound(def.notFound);
  const next = machineNext(def.machine, def.statusOf(row), action);
  if (!next) throw conflict(def.refused(row, action));
  return { row, next };
}

/**
 * One transition of one document, inside the caller's transaction: lock the header, check the
 * data scope and the status machine, run the effects, write the status and stamps, and log the
 * event — all of it commits together or not at all.
 */
export async function transition<Row, S extends string, A extends string, Ctx>(
  trx: Db,
  def: DocumentDefinition<Row, S, A, Ctx>,
  ctx: Ctx,
  id: number,
  action: A,
  input: TransitionInput<Row, S>,
): Promise<{ row: Row; next: S; answer: unknown }> {
  const reason = (input.reason ?? '').trim();
  // the effects' last writes (a posting's moves and balances) close with the status and its event
  return withClosing(
    trx,
    async () => {
      const { row, next: machineStatus } = await lockForAction(trx, def, ctx, id, action);
      await input.effects?.(row, machineStatus);
      const next = input.status ? checkedStatus(def, row, action, await input.status(row, machineStatus)) : machineStatus;
      return { row, next };
    },
    async (writes, { row, next }, outermost) => {
      const saving = def.save(trx, id, { ...input.values?.(row), status: next, ...(def.stamps?.[action]?.(input.userId, reason) ?? {}) });
      const logged = input.eventReason?.().trim() ?? reason;
      const event = { document_type: def.type, doc_id: id, action, from_status: def.statusOf(row), to_status: next, reason: logged.slice(0, 500), user_id: input.userId };
      const answering = def.answer && { header: def.answer.header, query: def.answer.query(trx, ctx, id, row) };
      // the outermost transition of a transaction that ends with it sends the COMMIT along
      const commit = outermost && claimCommitAhead(trx);
      return { row, next, answer: await saveWithEvent(trx, saving, event, writes, answering, commit) };
    },
  );
}

/**
 * The status a document's own code chose must be one the machine declares for the action: a
 * status the machine does not allow is a bug (500), never a refusal the caller could fix.
 */
function checkedStatus<Row, S extends string, A extends string, Ctx>(def: DocumentDefinition<Row, S, A, Ctx>, row: Row, action: A, chosen: S): S {
  const from = def.statusOf(row);
  const targets = machineTargets(def.machine, from, action);
  if (!targets.includes(chosen)) {
    throw new Error(`${def.type}: ${action} from ${from} may lead to ${targets.join(' / ')}, not ${chosen} (declare it in the machine)`);
  }
  return chosen;
}
