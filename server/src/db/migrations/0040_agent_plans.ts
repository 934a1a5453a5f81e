import { type Kysely, sql } from 'kysely';

// 代理规划 (issue 19): an agent's season plan per shop and product category — a target amount (fen)
// and target pieces. Progress is derived from the shop's orders and never stored here. agent_id is
// the shop's agent when the row was last saved (who planned it); scope reads follow shops.agent_id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE agent_plans (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  season_id bigint NOT NULL REFERENCES ordering_seasons (id),
  agent_id bigint NOT NULL REFERENCES agents (id),
  shop_id bigint NOT NULL REFERENCES shops (id),
  category_id bigint NOT NULL REFERENCES product_categories (id),
  target_fen bigint NOT NULL DEFAULT 0 CHECK (target_fen BETWEEN 0 AND 100000000000),
  target_pieces integer NOT NULL DEFAULT 0 CHECK (target_pieces BETWEEN 0 AND 100000000),
  remark text NOT NULL DEFAULT '',
  created_by bigint REFERENCES users (id),
  updated_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX agent_plans_key ON agent_plans (season_id, shop_id, category_id);
CREATE INDEX agent_plans_agent_idx ON agent_plans (season_id, agent_id);
CREATE INDEX agent_plans_category_idx ON agent_plans (category_id);

INSERT INTO menus (type, name, path, title, icon, sort)
  SELECT 'dir', 'AgentPlanning', '/erp/agentplan', '代理规划', 'ScheduleOutlined', 47
  WHERE NOT EXISTS (SELECT 1 FROM menus WHERE name = 'AgentPlanning');

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission
  FROM menus p JOIN (VALUES
    ('AgentPlanOrder', '/erp/agentplan/order', 'agentplan/order/index', '订货计划', 'ScheduleOutlined', 10, 'agentplan:plan:list'),
    ('AgentPlanShop', '/erp/agentplan/shop', 'agentplan/shop/index', '门店计划明细', 'ShopOutlined', 20, 'agentplan:plan:list'),
    ('AgentPlanQuota', '/erp/agentplan/quota', 'agentplan/quota/index', '订货额度明细', 'DashboardOutlined', 30, 'agentplan:quota:list')
  ) AS v (name, path, component, title, icon, sort, permission) ON p.name = 'AgentPlanning';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', 'AgentPlanEditBtn', '编辑计划', 'agentplan:plan:edit', 1
  FROM menus p WHERE p.name = 'AgentPlanOrder';

-- HQ plans for every agent; an agent plans its own shops; a shop reads its own plan and quota ledger
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('admin', 'agent') AND (r.code = 'admin' OR r.builtin)
    AND m.name IN ('AgentPlanOrder', 'AgentPlanShop', 'AgentPlanQuota', 'AgentPlanEditBtn');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'shop' AND r.builtin AND m.name IN ('AgentPlanShop', 'AgentPlanQuota');
`)
    .execute(db);
}
