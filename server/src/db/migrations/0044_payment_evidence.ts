import { type Kysely, sql } from 'kysely';

// 付款凭证 and 银行流水号 bound to one live payment (issue 26): the service refuses a voucher or a
// party's bank reference that already stands on a submitted or posted payment with a message;
// these partial unique indexes hold the same when two such payments are recorded at once.
// Rejecting, cancelling or voiding a payment frees both (the rows leave the index).
// 对账单 有异议: the party answers a statement either 确认 or 有异议 with a note; one answer per period.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE UNIQUE INDEX finance_payments_live_voucher_key ON finance_payments (voucher_image)
  WHERE voucher_image <> '' AND status IN ('submitted', 'posted');
CREATE UNIQUE INDEX finance_payments_live_bank_ref_key ON finance_payments (direction, party_type, party_id, bank_ref)
  WHERE bank_ref <> '' AND status IN ('submitted', 'posted');

ALTER TABLE finance_statement_confirmations
  ADD COLUMN outcome text NOT NULL DEFAULT 'confirmed' CHECK (outcome IN ('confirmed', 'disputed')),
  ADD COLUMN note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 200);
`)
    .execute(db);
}
