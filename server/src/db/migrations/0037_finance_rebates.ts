import { type Kysely, sql } from 'kysely';

// 返利 (issue 18): rules per 订货季 and agent level ('' = every level) with tiers, and the 返利单
// (FL) posted from them. A rebate posts to the agent's 应收 as a credit (entry type 'rebate') and is
// voided by reversing entries, never deleted. One posted rebate per agent per rule: the partial
// unique index backs the service's check when two postings race.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE SEQUENCE doc_no_fl;

CREATE TABLE finance_rebate_rules (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  season_id bigint NOT NULL REFERENCES ordering_seasons (id),
  -- an item value of the agent_level dictionary; '' = every level
  agent_level text NOT NULL DEFAULT '',
  -- ordered: the season's shipped order amount billed to the agent; paid: its posted payments dated in the season
  basis text NOT NULL CHECK (basis IN ('ordered', 'paid')),
  enabled boolean NOT NULL DEFAULT true,
  remark text NOT NULL DEFAULT '',
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT finance_rebate_rules_key UNIQUE (season_id, agent_level, basis)
);

CREATE TABLE finance_rebate_tiers (
  rule_id bigint NOT NULL REFERENCES finance_rebate_rules (id) ON DELETE CASCADE,
  threshold_fen bigint NOT NULL CHECK (threshold_fen BETWEEN 0 AND 1000000000000),
  rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  PRIMARY KEY (rule_id, threshold_fen)
);

CREATE TABLE finance_rebates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  doc_no text NOT NULL UNIQUE,
  season_id bigint NOT NULL REFERENCES ordering_seasons (id),
  rule_id bigint NOT NULL REFERENCES finance_rebate_rules (id),
  agent_id bigint NOT NULL REFERENCES agents (id),
  -- what the rule stood on when posted: the figure, the tier met and its rate
  basis text NOT NULL CHECK (basis IN ('ordered', 'paid')),
  basis_fen bigint NOT NULL CHECK (basis_fen >= 0),
  threshold_fen bigint NOT NULL CHECK (threshold_fen >= 0),
  rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0 AND amount_fen <= basis_fen),
  status text NOT NULL CHECK (status IN ('posted', 'voided')),
  void_reason text NOT NULL DEFAULT '',
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  voided_by bigint REFERENCES users (id),
  voided_at timestamptz
);
CREATE UNIQUE INDEX finance_rebates_one_posted ON finance_rebates (rule_id, agent_id) WHERE status = 'posted';
CREATE INDEX finance_rebates_agent_idx ON finance_rebates (agent_id, id);

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT p.id, 'menu', 'FinanceRebate', '/erp/finance/rebate', 'finance/rebate/index', '返利', 'GiftOutlined', 70, 'finance:rebate:list'
  FROM menus p WHERE p.name = 'Finance';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', 'FinanceRebateEditBtn', '规则/计算/入账/冲销', 'finance:rebate:edit', 1
  FROM menus p WHERE p.name = 'FinanceRebate';

-- HQ sets the rules and posts; an agent reads its own rebates
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('FinanceRebate', 'FinanceRebateEditBtn');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'agent' AND r.builtin AND m.name = 'FinanceRebate';
`)
    .execute(db);
}
