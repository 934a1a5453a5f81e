import {
  ACCOUNT_AMOUNT_MAX_FEN,
  ACCOUNT_ENTRY_LINES_MAX,
  ACCOUNT_KINDS,
  ACCOUNT_PARTY_TYPES,
  AccountMessages,
  isDocumentType,
  type AccountKind,
  type AccountPartyType,
  type DocumentRef,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/app-error.ts';
import * as repo from './money.repo.ts';

// 资金台账 (DESIGN §9): the money every party holds or owes, per account kind, changed only by
// posting a document's entries inside the document's transaction. Order of work, the same for
// every posting: check the entries on their own; merge them per account; create missing balance
// rows and lock every touched row FOR UPDATE in one stable order; refuse the whole posting when an
// account that may not go negative would (naming the party and the shortfall); then append the
// entries and add the deltas. The CHECK on account_balances backs the refusal in the database, and
// a trigger keeps account_entries append-only: a void appends the negated entries.

export interface EntryInput {
  partyType: AccountPartyType;
  partyId: number;
  accountKind: AccountKind;
  /** signed fen: > 0 raises the balance, < 0 lowers it */
  amountFen: number;
  quantity?: number;
  /** what the entry is (receipt, refund, payment, …), for reports and labels */
  entryType: string;
  /** the business document it belongs to, when not the posting document itself */
  origin?: { type: string; id: number } | null;
  memo?: string;
}

export interface PostEntriesInput {
  document: DocumentRef;
  userId: number;
  entries: readonly EntryInput[];
}

export interface PostedAccount extends repo.AccountKey {
  id: number;
  balanceFen: number;
}

export interface PostedEntries {
  entryIds: number[];
  /** every touched account with its balance after the posting */
  accounts: PostedAccount[];
  /** the entries' amounts added up (a reversal: the negated total) */
  amountFen: number;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const ENTRY_TYPE = /^[a-z_]{1,32}$/;

function checkDocument(document: DocumentRef, userId: number) {
  if (!document || !isDocumentType(document.type) || !isId(document.id)) throw badRequest(AccountMessages.documentInvalid);
  if (!isId(userId)) throw badRequest(AccountMessages.documentInvalid);
}

function checkEntry(e: EntryInput, n: number) {
  if (!e || !ACCOUNT_PARTY_TYPES.includes(e.partyType) || !isId(e.partyId) || !ACCOUNT_KINDS.includes(e.accountKind) || !ENTRY_TYPE.test(e.entryType ?? '')) {
    throw badRequest(AccountMessages.entryInvalid(n));
  }
  if (!Number.isSafeInteger(e.amountFen) || Math.abs(e.amountFen) > ACCOUNT_AMOUNT_MAX_FEN) throw badRequest(AccountMessages.amountInvalid(n));
  if (e.quantity !== undefined && !Number.isSafeInteger(e.quantity)) throw badRequest(AccountMessages.entryInvalid(n));
  if (e.origin && (!ENTRY_TYPE.test(e.origin.type) || !isId(e.origin.id))) throw badRequest(AccountMessages.entryInvalid(n));
}

interface PreparedEntry extends repo.AccountKey {
  amountFen: number;
  quantity: number;
  entryType: string;
  originType: string;
  originId: number | null;
  memo: string;
  reversesEntryId: number | null;
}

async function apply(trx: Db, document: DocumentRef, userId: number, entries: readonly PreparedEntry[], beforeWrite?: () => Promise<void>): Promise<PostedEntries> {
  const merged = new Map<string, { key: repo.AccountKey; delta: number }>();
  for (const e of entries) {
    const text = repo.accountText(e);
    const m = merged.get(text) ?? { key: { partyType: e.partyType, partyId: e.partyId, accountKind: e.accountKind }, delta: 0 };
    m.delta += e.amountFen;
    merged.set(text, m);
  }
  const keys = [...merged.values()].map((m) => m.key).sort(repo.compareAccounts);
  const locked = await repo.lockAccounts(trx, keys);
  await beforeWrite?.();
  const ids = new Map<string, number>();
  const deltas: { id: number; delta: number }[] = [];
  const accounts: PostedAccount[] = [];
  for (const row of locked) {
    const key = { partyType: row.party_type, partyId: row.party_id, accountKind: row.account_kind };
    const { delta } = merged.get(repo.accountText(key))!;
    const after = row.balance_fen + delta;
    if (delta < 0 && after < 0 && !row.allow_negative) {
      throw conflict(AccountMessages.overdrawn(await repo.partyName(trx, row.party_type, row.party_id), row.account_kind, row.balance_fen, -delta));
    }
    if (Math.abs(after) > ACCOUNT_AMOUNT_MAX_FEN) throw conflict(AccountMessages.balanceOverflow);
    ids.set(repo.accountText(key), row.id);
    if (delta !== 0) deltas.push({ id: row.id, delta });
    accounts.push({ ...key, id: row.id, balanceFen: after });
  }
  const entryIds = await repo.insertEntries(
    trx,
    entries.map((e) => ({
      balance_id: ids.get(repo.accountText(e))!,
      party_type: e.partyType,
      party_id: e.partyId,
      account_kind: e.accountKind,
      amount_fen: e.amountFen,
      quantity: e.quantity,
      entry_type: e.entryType,
      document_type: document.type,
      doc_id: document.id,
      origin_type: e.originType,
      origin_id: e.originId,
      reverses_entry_id: e.reversesEntryId,
      memo: e.memo,
      created_by: userId,
    })),
  );
  await repo.addToAccounts(trx, deltas);
  return { entryIds, accounts, amountFen: entries.reduce((sum, e) => sum + e.amountFen, 0) };
}

/** Maps what the database itself refuses to the same answers as the checks before it. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const e = error as { code?: unknown; constraint?: unknown };
    if (e?.code === '23514' && e.constraint === 'account_balances_not_negative') throw conflict(AccountMessages.insufficient);
    if (e?.code === '23505' && e.constraint === 'account_entries_reverses_key') throw conflict(AccountMessages.alreadyReversed);
    throw error;
  }
}

/**
 * Posts a document's entries inside the caller's transaction. Refuses the whole posting (nothing
 * written) with 422 for bad entries and 409 when an account would be overdrawn. A failed call
 * leaves the transaction unusable on PostgreSQL: roll it back.
 */
export async function postEntries(trx: Db, input: PostEntriesInput): Promise<PostedEntries> {
  checkDocument(input.document, input.userId);
  if (!Array.isArray(input.entries) || input.entries.length === 0) throw badRequest(AccountMessages.noEntries);
  if (input.entries.length > ACCOUNT_ENTRY_LINES_MAX) throw badRequest(AccountMessages.tooManyEntries);
  const prepared = input.entries.map((e, i) => {
    checkEntry(e, i + 1);
    return {
      partyType: e.partyType,
      partyId: e.partyId,
      accountKind: e.accountKind,
      amountFen: e.amountFen,
      quantity: e.quantity ?? 0,
      entryType: e.entryType,
      originType: e.origin?.type ?? '',
      originId: e.origin?.id ?? null,
      memo: (e.memo ?? '').slice(0, 200),
      reversesEntryId: null,
    };
  });
  return guarded(() => apply(trx, input.document, input.userId, prepared));
}

/**
 * Voids a document's money: appends the negation of every entry of the document not reversed yet
 * (same account, origin; opposite amount and quantity; reverses_entry_id set), under the same
 * locking. `entryType` names the reversing entries (default: the original's type). A document
 * without entries is refused unless `optional`; reversing twice is refused (also when two race).
 */
export async function reverseEntries(
  trx: Db,
  document: DocumentRef,
  userId: number,
  options: { entryType?: (original: string) => string; optional?: boolean } = {},
): Promise<PostedEntries> {
  checkDocument(document, userId);
  const originals = await repo.unreversedEntries(trx, document.type, document.id);
  if (originals.length === 0) {
    if (options.optional) return { entryIds: [], accounts: [], amountFen: 0 };
    throw conflict((await repo.hasEntries(trx, document.type, document.id)) ? AccountMessages.alreadyReversed : AccountMessages.nothingToReverse);
  }
  const prepared: PreparedEntry[] = originals.map((o) => ({
    partyType: o.party_type,
    partyId: Number(o.party_id),
    accountKind: o.account_kind,
    amountFen: -Number(o.amount_fen),
    quantity: -o.quantity,
    entryType: options.entryType?.(o.entry_type) ?? o.entry_type,
    originType: o.origin_type,
    originId: o.origin_id === null ? null : Number(o.origin_id),
    memo: o.memo,
    reversesEntryId: Number(o.id),
  }));
  const ids = originals.map((o) => Number(o.id));
  return guarded(() =>
    apply(trx, document, userId, prepared, async () => {
      const again = await trx.selectFrom('account_entries').select('id').where('reverses_entry_id', 'in', ids).limit(1).executeTakeFirst();
      if (again) throw conflict(AccountMessages.alreadyReversed);
    }),
  );
}

/** What a business document's entries of one account kind add up to (an order's charges, net of voids). */
export const originTotal = repo.originTotal;

/**
 * Locks accounts (creating missing ones) in the ledger's lock order, for a check that must hold
 * until the caller's posting (a supplier payment's shares against what is owed per order).
 */
export async function lockAccounts(trx: Db, keys: readonly repo.AccountKey[]): Promise<void> {
  await repo.lockAccounts(trx, [...keys].sort(repo.compareAccounts));
}
