import { sql } from 'kysely';
import type { AccountKind, AccountPartyType } from '@erp/shared';
import type { Db } from '../../db/database.ts';

/** All SQL of the money ledger: account_balances and the append-only account_entries. */

export interface AccountKey {
  partyType: AccountPartyType;
  partyId: number;
  accountKind: AccountKind;
}

/** The stable lock order: party type, party id, account kind (two postings over the same accounts queue, never deadlock). */
export const compareAccounts = (a: AccountKey, b: AccountKey) => a.partyType.localeCompare(b.partyType) || a.partyId - b.partyId || a.accountKind.localeCompare(b.accountKind);

export const accountText = (k: AccountKey) => `${k.partyType}:${k.partyId}:${k.accountKind}`;

/** 应收、应付 may go either way; money held for a party (预付款、储值、返利) never below zero. */
export const mayGoNegative = (kind: AccountKind) => kind === 'receivable' || kind === 'payable';

const arrays = (keys: readonly AccountKey[]) => ({
  types: keys.map((k) => k.partyType),
  ids: keys.map((k) => k.partyId),
  kinds: keys.map((k) => k.accountKind),
  negative: keys.map((k) => mayGoNegative(k.accountKind)),
});

/** Creates the missing balance rows in the stable order, then locks all of them in that order and reads them. */
export async function lockAccounts(trx: Db, sortedKeys: readonly AccountKey[]) {
  const a = arrays(sortedKeys);
  await sql`
    INSERT INTO account_balances (party_type, party_id, account_kind, allow_negative)
    SELECT k.t, k.p, k.k, k.n FROM unnest(${a.types}::text[], ${a.ids}::bigint[], ${a.kinds}::text[], ${a.negative}::boolean[]) WITH ORDINALITY AS k (t, p, k, n, ord)
    ORDER BY k.ord
    ON CONFLICT (party_type, party_id, account_kind) DO NOTHING`.execute(trx);
  const rows = await sql<{ id: number; party_type: AccountPartyType; party_id: number; account_kind: AccountKind; balance_fen: number; allow_negative: boolean }>`
    SELECT b.id, b.party_type, b.party_id, b.account_kind, b.balance_fen, b.allow_negative
    FROM account_balances b
    JOIN unnest(${a.types}::text[], ${a.ids}::bigint[], ${a.kinds}::text[]) AS k (t, p, k)
      ON b.party_type = k.t AND b.party_id = k.p AND b.account_kind = k.k
    ORDER BY b.party_type, b.party_id, b.account_kind
    FOR UPDATE OF b`.execute(trx);
  return rows.rows.map((r) => ({ ...r, id: Number(r.id), party_id: Number(r.party_id), balance_fen: Number(r.balance_fen) }));
}

export interface EntryValues {
  balance_id: number;
  party_type: AccountPartyType;
  party_id: number;
  account_kind: AccountKind;
  amount_fen: number;
  quantity: number;
  entry_type: string;
  document_type: string;
  doc_id: number;
  origin_type: string;
  origin_id: number | null;
  reverses_entry_id: number | null;
  memo: string;
  created_by: number;
}

export async function insertEntries(trx: Db, entries: readonly EntryValues[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await trx
    .insertInto('account_entries')
    .values([...entries])
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function addToAccounts(trx: Db, deltas: readonly { id: number; delta: number }[]): Promise<void> {
  if (deltas.length === 0) return;
  await sql`
    UPDATE account_balances b SET balance_fen = b.balance_fen + d.delta, updated_at = now()
    FROM unnest(${deltas.map((d) => d.id)}::bigint[], ${deltas.map((d) => d.delta)}::bigint[]) AS d (id, delta)
    WHERE b.id = d.id`.execute(trx);
}

/** A document's entries that are originals and not reversed yet, in ledger order. */
export function unreversedEntries(trx: Db, documentType: string, docId: number) {
  return trx
    .selectFrom('account_entries as e')
    .selectAll('e')
    .where('e.document_type', '=', documentType)
    .where('e.doc_id', '=', docId)
    .where('e.reverses_entry_id', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('account_entries as r').select('r.id').whereRef('r.reverses_entry_id', '=', 'e.id'))))
    .orderBy('e.id')
    .execute();
}

export async function hasEntries(trx: Db, documentType: string, docId: number): Promise<boolean> {
  const row = await trx.selectFrom('account_entries').select('id').where('document_type', '=', documentType).where('doc_id', '=', docId).limit(1).executeTakeFirst();
  return !!row;
}

/** How a party is named in messages. */
export async function partyName(db: Db, type: AccountPartyType, id: number): Promise<string> {
  const table = type === 'agent' ? 'agents' : type === 'shop' ? 'shops' : type === 'supplier' ? 'suppliers' : null;
  if (!table) return `会员${id}`;
  const row = await db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? `${type}${id}`;
}

/** The sum of the entries of one account kind that belong to a business document (net of reversals). */
export async function originTotal(db: Db, originType: string, originId: number, accountKind: AccountKind): Promise<number> {
  const row = await db
    .selectFrom('account_entries')
    .select(sql<string>`coalesce(sum(amount_fen), 0)`.as('total'))
    .where('origin_type', '=', originType)
    .where('origin_id', '=', originId)
    .where('account_kind', '=', accountKind)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
