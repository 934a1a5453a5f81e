import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FinanceParty } from './finance-parties.ts';

/** All SQL of 授信额度. */

/** Creates the party's credit row when missing, locks it, and answers its limit (null: not controlled). */
export async function lockCreditRow(trx: Db, party: FinanceParty): Promise<number | null> {
  const row = await trx
    .selectFrom('finance_credit_limits')
    .select('credit_limit_fen')
    .where('party_type', '=', party.partyType as 'agent' | 'shop')
    .where('party_id', '=', party.partyId)
    .forUpdate()
    .executeTakeFirst();
  return row?.credit_limit_fen === undefined || row.credit_limit_fen === null ? null : Number(row.credit_limit_fen);
}

/** The party's 应收 balance (signed; 0 without an account). */
export async function receivableNet(trx: Db, party: FinanceParty): Promise<number> {
  const row = await trx
    .selectFrom('account_balances')
    .select('balance_fen')
    .where('party_type', '=', party.partyType)
    .where('party_id', '=', party.partyId)
    .where('account_kind', '=', 'receivable')
    .executeTakeFirst();
  return Number(row?.balance_fen ?? 0);
}

export async function upsertCreditLimit(trx: Db, party: FinanceParty, limitFen: number | null, memo: string, userId: number): Promise<void> {
  await trx
    .insertInto('finance_credit_limits')
    .values({ party_type: party.partyType as 'agent' | 'shop', party_id: party.partyId, credit_limit_fen: limitFen, memo, updated_by: userId })
    .onConflict((oc) => oc.constraint('finance_credit_limits_key').doUpdateSet({ credit_limit_fen: limitFen, memo, updated_by: userId, updated_at: sql`now()` }))
    .execute();
}
