import { type Kysely, sql } from 'kysely';

// 对账单 and 应收账龄 (issue 18). A statement is read from the money ledger (account_entries by
// account and business day, account_entries_account_day_idx of 0035); what is stored is the
// party's confirmation of one period: the figures it saw, so a later change to the period shows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE finance_statement_confirmations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  party_type text NOT NULL CHECK (party_type IN ('agent', 'shop', 'supplier')),
  party_id bigint NOT NULL,
  period_from date NOT NULL,
  period_to date NOT NULL,
  opening_fen bigint NOT NULL,
  closing_fen bigint NOT NULL,
  entry_count integer NOT NULL CHECK (entry_count >= 0),
  confirmed_by bigint NOT NULL REFERENCES users (id),
  confirmed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT finance_statement_confirmations_period CHECK (period_from <= period_to),
  CONSTRAINT finance_statement_confirmations_key UNIQUE (party_type, party_id, period_from, period_to)
);

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission
  FROM menus p JOIN (VALUES
    ('FinanceStatement', '/erp/finance/statement', 'finance/statement/index', '对账单', 'FileTextOutlined', 50, 'finance:statement:list'),
    ('FinanceAgeing', '/erp/finance/ageing', 'finance/ageing/index', '应收账龄', 'BarChartOutlined', 60, 'finance:ageing:list')
  ) AS v (name, path, component, title, icon, sort, permission) ON p.name = 'Finance';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', 'FinanceStatementConfirmBtn', '确认对账单', 'finance:statement:confirm', 1
  FROM menus p WHERE p.name = 'FinanceStatement';

-- HQ reads every statement and the ageing; agents, shops and suppliers read and confirm their own
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('FinanceStatement', 'FinanceStatementConfirmBtn', 'FinanceAgeing');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop', 'supplier') AND r.builtin AND m.name IN ('FinanceStatement', 'FinanceStatementConfirmBtn');
`)
    .execute(db);
}
