import { type Kysely, sql } from 'kysely';

// 订货单 (issue 17, "Catalogue, cart, orders"): a buyer's order to HQ for one season, numbered
// DH<day>-<n> by the kernel's series. The buyer (agent or shop) is whom the order is priced for;
// the receiving shop and its warehouse get the goods; the billed party is billedPartyOf(shop)
// (an agent for its shops, a franchise shop itself, nobody for HQ's direct shops). `agent_id`
// is the agent the order belongs to (the buyer agent, or the receiving shop's agent): the agent's
// data scope. Lines are per SKU with the run they were entered in, the buyer's unit price and the
// price steps as the shared pricing function answered them. Totals are kept on the header and
// written with the lines; the CHECKs hold the quantity rules whatever a bug upstream lets through.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE SEQUENCE doc_no_dh;

CREATE TABLE sales_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  season_id bigint NOT NULL REFERENCES ordering_seasons (id),
  kind text NOT NULL CHECK (kind IN ('spot', 'preorder')),
  buyer_type text NOT NULL CHECK (buyer_type IN ('agent', 'shop')),
  buyer_id bigint NOT NULL,
  orderer_type text NOT NULL CHECK (orderer_type IN ('hq', 'agent', 'shop')),
  shop_id bigint NOT NULL REFERENCES shops (id),
  warehouse_id bigint REFERENCES warehouses (id),
  agent_id bigint REFERENCES agents (id),
  billed_type text CHECK (billed_type IN ('agent', 'shop')),
  billed_id bigint,
  status text NOT NULL CHECK (status IN ('draft', 'submitted', 'audited', 'partly_shipped', 'shipped', 'closed', 'rejected', 'cancelled')),
  order_date date NOT NULL DEFAULT ((now() AT TIME ZONE 'Asia/Shanghai')::date),
  line_count integer NOT NULL DEFAULT 0 CHECK (line_count BETWEEN 0 AND 500),
  total_quantity integer NOT NULL DEFAULT 0 CHECK (total_quantity >= 0),
  total_amount_fen bigint NOT NULL DEFAULT 0 CHECK (total_amount_fen >= 0),
  approved_quantity integer CHECK (approved_quantity >= 0),
  approved_amount_fen bigint CHECK (approved_amount_fen >= 0),
  remark text NOT NULL DEFAULT '',
  reason text NOT NULL DEFAULT '',
  created_by bigint REFERENCES users (id),
  submitted_by bigint REFERENCES users (id),
  submitted_at timestamptz,
  audited_by bigint REFERENCES users (id),
  audited_at timestamptz,
  rejected_by bigint REFERENCES users (id),
  rejected_at timestamptz,
  cancelled_by bigint REFERENCES users (id),
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sales_orders_billed CHECK ((billed_type IS NULL) = (billed_id IS NULL))
);
CREATE INDEX sales_orders_status_idx ON sales_orders (status, id DESC);
CREATE INDEX sales_orders_agent_idx ON sales_orders (agent_id, id DESC) WHERE agent_id IS NOT NULL;
CREATE INDEX sales_orders_shop_idx ON sales_orders (shop_id, id DESC);
CREATE INDEX sales_orders_season_idx ON sales_orders (season_id, id DESC);
CREATE INDEX sales_orders_order_date_idx ON sales_orders (order_date);

CREATE TABLE sales_order_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES sales_orders (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no > 0),
  product_id bigint NOT NULL REFERENCES products (id),
  sku_id bigint NOT NULL REFERENCES skus (id),
  colour_name text NOT NULL DEFAULT '',
  size_name text NOT NULL DEFAULT '',
  size_run_id bigint REFERENCES size_runs (id),
  run_count integer CHECK (run_count BETWEEN 1 AND 10000),
  ordered integer NOT NULL CHECK (ordered BETWEEN 1 AND 100000),
  approved integer CHECK (approved BETWEEN 0 AND 100000),
  shipped integer NOT NULL DEFAULT 0 CHECK (shipped BETWEEN 0 AND 100000),
  unit_price_fen integer NOT NULL CHECK (unit_price_fen BETWEEN 0 AND 100000000),
  amount_fen bigint NOT NULL,
  price_steps jsonb NOT NULL,
  CONSTRAINT sales_order_lines_approved CHECK (approved IS NULL OR approved <= ordered),
  CONSTRAINT sales_order_lines_shipped CHECK (shipped <= coalesce(approved, ordered)),
  CONSTRAINT sales_order_lines_amount CHECK (amount_fen = unit_price_fen::bigint * ordered),
  CONSTRAINT sales_order_lines_run CHECK ((size_run_id IS NULL) = (run_count IS NULL)),
  CONSTRAINT sales_order_lines_steps CHECK (jsonb_typeof(price_steps) = 'array')
);
CREATE UNIQUE INDEX sales_order_lines_key ON sales_order_lines (order_id, sku_id);
CREATE INDEX sales_order_lines_sku_idx ON sales_order_lines (sku_id);
CREATE INDEX sales_order_lines_product_idx ON sales_order_lines (product_id);

-- 新增 and 详情 are hidden pages: they come with the list (详情 by its code, 新增 by the edit button)
INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive, hidden)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission, v.keep_alive, v.hidden
  FROM menus p JOIN (VALUES
    ('OrderingOrder', '/erp/ordering/order', 'ordering/order/index', '订货单', 'FileTextOutlined', 20, 'ordering:order:list', false, false),
    ('OrderingOrderAdd', '/erp/ordering/order/add', 'ordering/order/add', '新建订货单', '', 21, 'ordering:order:edit', true, true),
    ('OrderingOrderInfo', '/erp/ordering/order/info', 'ordering/order/info', '订货单详情', '', 22, 'ordering:order:list', false, true)
  ) AS v (name, path, component, title, icon, sort, permission, keep_alive, hidden) ON p.name = 'Ordering';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('OrderingOrderEditBtn', '新增/编辑/提交/撤回/取消', 'ordering:order:edit', 1),
    ('OrderingOrderAuditBtn', '审核/驳回', 'ordering:order:audit', 2)
  ) AS v (name, title, permission, sort) ON p.name = 'OrderingOrder';

-- HQ audits; agents and shops order for themselves (and an agent for its shops)
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('OrderingOrder', 'OrderingOrderEditBtn', 'OrderingOrderAuditBtn');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop') AND r.builtin AND m.name IN ('OrderingOrder', 'OrderingOrderEditBtn');
`)
    .execute(db);
}
