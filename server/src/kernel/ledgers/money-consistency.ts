import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The money ledger's invariants over the whole database (tests run it after money postings; an
 * operator may run it after a restore): every balance equals the sum of its entries; every entry's
 * account fields match its balance row; nothing that may not go negative is; a reversing entry
 * mirrors the entry it reverses. Returns the problems found.
 */
export async function moneyProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const mismatched = await sql<{ id: number; balance_fen: number; summed: number }>`
    SELECT b.id, b.balance_fen, coalesce(t.s, 0) AS summed
    FROM account_balances b LEFT JOIN (SELECT balance_id, sum(amount_fen)::bigint AS s FROM account_entries GROUP BY balance_id) t ON t.balance_id = b.id
    WHERE b.balance_fen <> coalesce(t.s, 0) ORDER BY b.id`.execute(db);
  for (const r of mismatched.rows) problems.push(`account ${r.id}: balance ${r.balance_fen}, entries sum to ${r.summed}`);
  const misfiled = await sql<{ id: number }>`
    SELECT e.id FROM account_entries e JOIN account_balances b ON b.id = e.balance_id
    WHERE e.party_type <> b.party_type OR e.party_id <> b.party_id OR e.account_kind <> b.account_kind ORDER BY e.id`.execute(db);
  for (const r of misfiled.rows) problems.push(`entry ${r.id} is filed under another account`);
  const negative = await sql<{ id: number }>`SELECT id FROM account_balances WHERE balance_fen < 0 AND NOT allow_negative ORDER BY id`.execute(db);
  for (const r of negative.rows) problems.push(`account ${r.id} is below zero`);
  const reversals = await sql<{ id: number }>`
    SELECT r.id FROM account_entries r JOIN account_entries o ON o.id = r.reverses_entry_id
    WHERE r.amount_fen <> -o.amount_fen OR r.balance_id <> o.balance_id OR r.document_type <> o.document_type OR r.doc_id <> o.doc_id
       OR o.reverses_entry_id IS NOT NULL ORDER BY r.id`.execute(db);
  for (const r of reversals.rows) problems.push(`entry ${r.id} does not mirror the entry it reverses`);
  return problems;
}

export async function assertMoneyConsistent(db: Db): Promise<void> {
  const problems = await moneyProblems(db);
  if (problems.length) throw new Error(`money ledger inconsistent:\n${problems.slice(0, 20).join('\n')}`);
}
