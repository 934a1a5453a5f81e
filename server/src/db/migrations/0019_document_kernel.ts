import { type Kysely, sql } from 'kysely';

// 单据内核 (DESIGN §9), the ground the selling side stands on:
// - stock moves name their document by registered type (stock_doc, …) and id, so voiding one
//   document type never reverses another's rows;
// - document numbers come from one sequence per prefix and a per-day base, so creating documents
//   never queues behind a row lock (numbers may have gaps, never repeat); today's numbers carry on
//   from the old per-day counters;
// - document_events: every transition of every document (who, when, from → to, reason), written in
//   the transition's own transaction;
// - the money ledger: append-only account_entries (party, account kind, signed fen, document) and
//   account_balances locked in one stable order; supplier payables move onto it.
const PREFIXES = ['RK', 'CK', 'DB', 'PD', 'HH', 'HW', 'QC', 'CG', 'CT'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
ALTER TABLE stock_moves ADD COLUMN document_type text NOT NULL DEFAULT 'stock_doc'
  CONSTRAINT stock_moves_document_type_check CHECK (document_type ~ '^[a-z_]{1,32}$');
ALTER TABLE stock_moves ALTER COLUMN document_type DROP DEFAULT;
DROP INDEX stock_moves_doc_idx;
CREATE INDEX stock_moves_document_idx ON stock_moves (document_type, doc_id);

CREATE TABLE doc_number_days (
  prefix text NOT NULL,
  day date NOT NULL,
  -- drawn from the prefix's sequence by the day's first creation: number = nextval - base
  base bigint NOT NULL,
  PRIMARY KEY (prefix, day)
);
${PREFIXES.map((p) => `CREATE SEQUENCE doc_no_${p.toLowerCase()};`).join('\n')}
INSERT INTO doc_number_days (prefix, day, base) SELECT prefix, day, -last_value FROM doc_sequences;
DROP TABLE doc_sequences;

CREATE TABLE document_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_type text NOT NULL,
  doc_id bigint NOT NULL,
  action text NOT NULL,
  from_status text NOT NULL,
  to_status text NOT NULL,
  reason text NOT NULL DEFAULT '',
  user_id bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_events_doc_idx ON document_events (document_type, doc_id, id);

CREATE TABLE account_balances (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  party_type text NOT NULL CHECK (party_type IN ('agent', 'shop', 'supplier', 'member')),
  party_id bigint NOT NULL,
  account_kind text NOT NULL CHECK (account_kind IN ('receivable', 'payable', 'prepayment', 'stored_value', 'rebate')),
  balance_fen bigint NOT NULL DEFAULT 0 CHECK (abs(balance_fen) <= 1000000000000),
  -- 预付款、储值、返利 may not go below zero; 应收、应付 may
  allow_negative boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT account_balances_key UNIQUE (party_type, party_id, account_kind),
  CONSTRAINT account_balances_not_negative CHECK (allow_negative OR balance_fen >= 0)
);

CREATE TABLE account_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  balance_id bigint NOT NULL REFERENCES account_balances (id),
  party_type text NOT NULL,
  party_id bigint NOT NULL,
  account_kind text NOT NULL,
  -- > 0 raises the balance (owed to the supplier, owed by the customer, money held), < 0 lowers it
  amount_fen bigint NOT NULL CHECK (abs(amount_fen) <= 1000000000000),
  quantity integer NOT NULL DEFAULT 0,
  entry_type text NOT NULL CHECK (entry_type ~ '^[a-z_]{1,32}$'),
  -- the document that posted it (registered type + id)
  document_type text NOT NULL CHECK (document_type ~ '^[a-z_]{1,32}$'),
  doc_id bigint NOT NULL,
  -- the business document it belongs to (a purchase order, a refund, a sales order), when other
  origin_type text NOT NULL DEFAULT '',
  origin_id bigint,
  reverses_entry_id bigint REFERENCES account_entries (id),
  memo text NOT NULL DEFAULT '',
  business_day date NOT NULL DEFAULT ((now() AT TIME ZONE 'Asia/Shanghai')::date),
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX account_entries_reverses_key ON account_entries (reverses_entry_id) WHERE reverses_entry_id IS NOT NULL;
CREATE INDEX account_entries_balance_idx ON account_entries (balance_id, id);
CREATE INDEX account_entries_party_idx ON account_entries (party_type, account_kind, party_id, id);
CREATE INDEX account_entries_document_idx ON account_entries (document_type, doc_id);
CREATE INDEX account_entries_origin_idx ON account_entries (origin_type, origin_id) WHERE origin_id IS NOT NULL;

CREATE FUNCTION account_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'account_entries is append-only' USING ERRCODE = 'P0001';
END
$fn$;
CREATE TRIGGER account_entries_no_update BEFORE UPDATE OR DELETE ON account_entries
  FOR EACH ROW EXECUTE FUNCTION account_entries_append_only();
CREATE TRIGGER account_entries_no_truncate BEFORE TRUNCATE ON account_entries
  FOR EACH STATEMENT EXECUTE FUNCTION account_entries_append_only();

-- supplier payables move onto the ledger: one payable balance per supplier, entries as they were
-- (receipts of a purchase order, refunds of a purchase refund; voids keep their own entry type)
INSERT INTO account_balances (party_type, party_id, account_kind, balance_fen, allow_negative)
  SELECT 'supplier', supplier_id, 'payable', sum(amount_fen), true FROM supplier_payables GROUP BY supplier_id;
INSERT INTO account_entries (balance_id, party_type, party_id, account_kind, amount_fen, quantity, entry_type,
    document_type, doc_id, origin_type, origin_id, business_day, created_by, created_at)
  SELECT b.id, 'supplier', sp.supplier_id, 'payable', sp.amount_fen, sp.quantity, sp.entry_type,
    'stock_doc', sp.stock_doc_id,
    CASE WHEN sp.refund_id IS NOT NULL THEN 'purchase_refund' ELSE 'purchase_order' END,
    coalesce(sp.refund_id, sp.purchase_order_id), sp.business_day, sp.created_by, sp.created_at
  FROM supplier_payables sp
  JOIN account_balances b ON b.party_type = 'supplier' AND b.party_id = sp.supplier_id AND b.account_kind = 'payable'
  ORDER BY sp.id;
DROP TABLE supplier_payables;
`)
    .execute(db);
}
