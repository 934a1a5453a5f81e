import { type Kysely, sql } from 'kysely';

// 财务 (issue 18): the accounts of billed parties live on the money ledger (account_entries,
// account_balances; 0019). This adds what finance itself records:
// - 授信额度 per billed party (an agent, a franchise shop under HQ). No row, or a null limit, means
//   the party is not under credit control. The row is also what a credit check locks, so two orders
//   of one party are checked one after the other.
// - 收款单 (SK, from an agent or a shop) and 付款单 (FK, to a supplier, optionally against chosen
//   purchase orders): recorded → audited (posted to the ledger) or rejected; a posted one is voided
//   by reversing entries, never deleted.
// - 调整单 (TZ): a signed amount on a party's account with a reason; voided the same way.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE SEQUENCE doc_no_sk;
CREATE SEQUENCE doc_no_fk;
CREATE SEQUENCE doc_no_tz;

CREATE TABLE finance_credit_limits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  party_type text NOT NULL CHECK (party_type IN ('agent', 'shop')),
  party_id bigint NOT NULL,
  -- null: not under credit control
  credit_limit_fen bigint CHECK (credit_limit_fen BETWEEN 0 AND 1000000000000),
  memo text NOT NULL DEFAULT '',
  updated_by bigint REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT finance_credit_limits_key UNIQUE (party_type, party_id)
);

CREATE TABLE finance_payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  doc_no text NOT NULL UNIQUE,
  -- in: 收款 from an agent or a shop (lowers its receivable); out: 付款 to a supplier (lowers the payable)
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  party_type text NOT NULL CHECK (party_type IN ('agent', 'shop', 'supplier')),
  party_id bigint NOT NULL,
  amount_fen bigint NOT NULL CHECK (amount_fen > 0 AND amount_fen <= 10000000000),
  method text NOT NULL CHECK (method IN ('bank', 'cash', 'wechat', 'alipay', 'other')),
  paid_on date NOT NULL,
  bank_ref text NOT NULL DEFAULT '',
  voucher_image text NOT NULL DEFAULT '',
  memo text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('submitted', 'posted', 'rejected', 'cancelled', 'voided')),
  reason text NOT NULL DEFAULT '',
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  audited_by bigint REFERENCES users (id),
  audited_at timestamptz,
  rejected_by bigint REFERENCES users (id),
  rejected_at timestamptz,
  cancelled_by bigint REFERENCES users (id),
  cancelled_at timestamptz,
  voided_by bigint REFERENCES users (id),
  voided_at timestamptz,
  CONSTRAINT finance_payments_direction CHECK ((direction = 'out') = (party_type = 'supplier'))
);
CREATE INDEX finance_payments_party_idx ON finance_payments (party_type, party_id, id);
CREATE INDEX finance_payments_status_idx ON finance_payments (status, id);

-- a supplier payment's share per chosen purchase order
CREATE TABLE finance_payment_orders (
  payment_id bigint NOT NULL REFERENCES finance_payments (id),
  purchase_order_id bigint NOT NULL REFERENCES purchase_orders (id),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  PRIMARY KEY (payment_id, purchase_order_id)
);
CREATE INDEX finance_payment_orders_order_idx ON finance_payment_orders (purchase_order_id);

CREATE TABLE finance_adjustments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  doc_no text NOT NULL UNIQUE,
  party_type text NOT NULL CHECK (party_type IN ('agent', 'shop', 'supplier')),
  party_id bigint NOT NULL,
  -- signed, on the party's account: > 0 raises what the party owes (应收) or is owed (应付)
  amount_fen bigint NOT NULL CHECK (amount_fen <> 0 AND abs(amount_fen) <= 10000000000),
  reason text NOT NULL CHECK (length(btrim(reason)) > 0),
  status text NOT NULL CHECK (status IN ('posted', 'voided')),
  void_reason text NOT NULL DEFAULT '',
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  voided_by bigint REFERENCES users (id),
  voided_at timestamptz
);
CREATE INDEX finance_adjustments_party_idx ON finance_adjustments (party_type, party_id, id);

-- statements read one account's entries by day
CREATE INDEX account_entries_account_day_idx ON account_entries (balance_id, business_day, id) INCLUDE (amount_fen);

INSERT INTO menus (type, name, path, title, icon, sort)
  SELECT 'dir', 'Finance', '/erp/finance', '财务管理', 'AccountBookOutlined', 60
  WHERE NOT EXISTS (SELECT 1 FROM menus WHERE name = 'Finance');

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission
  FROM menus p JOIN (VALUES
    ('FinanceAccount', '/erp/finance/account', 'finance/account/index', '往来账户', 'WalletOutlined', 10, 'finance:account:list'),
    ('FinancePayment', '/erp/finance/payment', 'finance/payment/index', '收款单', 'DollarOutlined', 20, 'finance:payment:list'),
    ('FinanceSupplierPayment', '/erp/finance/supplier-payment', 'finance/supplier-payment/index', '付款单', 'CreditCardOutlined', 30, 'finance:supplier-payment:list'),
    ('FinanceAdjustment', '/erp/finance/adjustment', 'finance/adjustment/index', '调整单', 'AuditOutlined', 40, 'finance:adjustment:list')
  ) AS v (name, path, component, title, icon, sort, permission) ON p.name = 'Finance';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('FinanceAccount', 'FinanceCreditEditBtn', '设置授信额度', 'finance:credit:edit', 1),
    ('FinanceAccount', 'FinanceCreditOverrideBtn', '超额度放行', 'finance:credit:override', 2),
    ('FinancePayment', 'FinancePaymentEditBtn', '登记/撤销', 'finance:payment:edit', 1),
    ('FinancePayment', 'FinancePaymentAuditBtn', '审核/驳回/冲销', 'finance:payment:audit', 2),
    ('FinanceSupplierPayment', 'FinanceSupplierPaymentEditBtn', '登记/冲销', 'finance:supplier-payment:edit', 1),
    ('FinanceAdjustment', 'FinanceAdjustmentEditBtn', '新增/冲销', 'finance:adjustment:edit', 1)
  ) AS v (parent, name, title, permission, sort) ON p.name = v.parent;

-- HQ keeps the books; agents and shops read their account and record their payments; suppliers read theirs
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('FinanceAccount', 'FinanceCreditEditBtn', 'FinanceCreditOverrideBtn',
    'FinancePayment', 'FinancePaymentEditBtn', 'FinancePaymentAuditBtn', 'FinanceSupplierPayment', 'FinanceSupplierPaymentEditBtn',
    'FinanceAdjustment', 'FinanceAdjustmentEditBtn');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop') AND r.builtin AND m.name IN ('FinanceAccount', 'FinancePayment', 'FinancePaymentEditBtn');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'supplier' AND r.builtin AND m.name = 'FinanceAccount';
`)
    .execute(db);
}
