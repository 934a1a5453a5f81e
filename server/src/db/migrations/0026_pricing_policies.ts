import { type Kysely, sql } from 'kysely';

// 企划 (issue 17, prices and policies): agent levels, 政策明细 and 特价, read by the pure pricing
// function in shared/src/ordering-pricing.ts. Rates are integer basis points of the price the
// buyer pays (10000 = 原价); money is integer fen. A special's condition fields that name brands,
// categories and tags carry no foreign key on purpose: those rows may be deleted by their own
// screens, and a special left pointing at a deleted one simply matches no style (the list shows
// the name as empty) instead of making those deletes fail.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
INSERT INTO dicts (dict_code, name, remark, sort)
  SELECT 'agent_level', '代理级别', '代理商级别，决定其订货政策（政策明细）', 11
  WHERE NOT EXISTS (SELECT 1 FROM dicts WHERE lower(dict_code) = 'agent_level');
INSERT INTO dict_items (dict_id, name, value, remark, sort)
  SELECT d.id, v.name, v.value, v.remark, v.sort
  FROM dicts d JOIN (VALUES
    ('一级代理', 'level1', '省级或大区代理', 1),
    ('二级代理', 'level2', '市级代理', 2)
  ) AS v (name, value, remark, sort) ON d.dict_code = 'agent_level'
  WHERE NOT EXISTS (SELECT 1 FROM dict_items i WHERE i.dict_id = d.id AND lower(i.value) = v.value);

-- '' = no level yet: such an agent gets no policy step until HQ assigns one
ALTER TABLE agents ADD COLUMN level text NOT NULL DEFAULT '';

CREATE TABLE discount_policies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  target_type text NOT NULL CHECK (target_type IN ('agent_level', 'shop_kind')),
  -- an agent_level item value, or direct / franchise
  target_value text NOT NULL CHECK (target_value <> ''),
  rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  -- 退货率 and 换货率: the share of a season's order amount a buyer may return or swap (after-sales)
  return_rate_bp integer NOT NULL DEFAULT 0 CHECK (return_rate_bp BETWEEN 0 AND 10000),
  swap_rate_bp integer NOT NULL DEFAULT 0 CHECK (swap_rate_bp BETWEEN 0 AND 10000),
  remark text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  created_by bigint REFERENCES users (id),
  updated_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT discount_policies_shop_kind CHECK (target_type <> 'shop_kind' OR target_value IN ('direct', 'franchise'))
);
CREATE UNIQUE INDEX discount_policies_target_key ON discount_policies (target_type, lower(target_value));

CREATE TABLE special_discounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (name <> ''),
  target_type text NOT NULL CHECK (target_type IN ('agent', 'shop', 'condition')),
  agent_id bigint REFERENCES agents (id),
  shop_id bigint REFERENCES shops (id),
  brand_id bigint,
  category_id bigint,
  season text,
  tag_id bigint,
  product_id bigint REFERENCES products (id),
  mode text NOT NULL CHECK (mode IN ('rate', 'fixed')),
  rate_bp integer CHECK (rate_bp BETWEEN 0 AND 10000),
  fixed_price_fen integer CHECK (fixed_price_fen BETWEEN 0 AND 100000000),
  valid_from date NOT NULL,
  valid_to date NOT NULL,
  remark text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  created_by bigint REFERENCES users (id),
  updated_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT special_discounts_range CHECK (valid_from <= valid_to),
  CONSTRAINT special_discounts_agent CHECK ((target_type = 'agent') = (agent_id IS NOT NULL)),
  CONSTRAINT special_discounts_shop CHECK ((target_type = 'shop') = (shop_id IS NOT NULL)),
  CONSTRAINT special_discounts_condition CHECK (target_type <> 'condition' OR num_nonnulls(brand_id, category_id, season, tag_id, product_id) > 0),
  CONSTRAINT special_discounts_price CHECK (
    (mode = 'rate' AND rate_bp IS NOT NULL AND fixed_price_fen IS NULL) OR (mode = 'fixed' AND fixed_price_fen IS NOT NULL AND rate_bp IS NULL))
);
CREATE INDEX special_discounts_list_idx ON special_discounts (target_type, id DESC);
-- pricing loads the specials in force on a day
CREATE INDEX special_discounts_day_idx ON special_discounts (valid_to, valid_from) WHERE enabled;

INSERT INTO menus (type, name, path, title, icon, sort)
  SELECT 'dir', 'Planning', '/erp/planning', '企划管理', 'ProfileOutlined', 40
  WHERE NOT EXISTS (SELECT 1 FROM menus WHERE name = 'Planning');

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission
  FROM menus p JOIN (VALUES
    ('PlanningPolicy', '/erp/planning/policy', 'planning/policy/index', '政策明细', 'AuditOutlined', 10, 'planning:policy:list'),
    ('PlanningSpecialAgent', '/erp/planning/special/agent', 'planning/special/agent', '代理商特价', 'IdcardOutlined', 20, 'planning:special:list'),
    ('PlanningSpecialShop', '/erp/planning/special/shop', 'planning/special/shop', '门店特价', 'ShopOutlined', 21, 'planning:special:list'),
    ('PlanningSpecialCondition', '/erp/planning/special/condition', 'planning/special/condition', '条件特价', 'TagsOutlined', 22, 'planning:special:list'),
    ('PlanningPriceSimulation', '/erp/planning/simulation', 'planning/simulation/index', '价格模拟', 'DollarOutlined', 30, 'planning:price:simulate')
  ) AS v (name, path, component, title, icon, sort, permission) ON p.name = 'Planning';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('PlanningPolicy', 'PlanningPolicyEditBtn', '新增/编辑/启停', 'planning:policy:edit', 1),
    ('PlanningSpecialAgent', 'PlanningSpecialAgentEditBtn', '新增/编辑/启停/删除', 'planning:special:edit', 1),
    ('PlanningSpecialShop', 'PlanningSpecialShopEditBtn', '新增/编辑/启停/删除', 'planning:special:edit', 1),
    ('PlanningSpecialCondition', 'PlanningSpecialConditionEditBtn', '新增/编辑/启停/删除', 'planning:special:edit', 1)
  ) AS v (page, name, title, permission, sort) ON p.name = v.page;

-- HQ only: agents, shops and suppliers are given none of it
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN (
    'PlanningPolicy', 'PlanningPolicyEditBtn',
    'PlanningSpecialAgent', 'PlanningSpecialAgentEditBtn',
    'PlanningSpecialShop', 'PlanningSpecialShopEditBtn',
    'PlanningSpecialCondition', 'PlanningSpecialConditionEditBtn',
    'PlanningPriceSimulation');
`)
    .execute(db);
}
