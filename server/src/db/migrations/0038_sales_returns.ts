import { type Kysely, sql } from 'kysely';

// 售后 (issue 19): 退货单 (TH) and 换货单 (HD) of goods a shop received from HQ. Back lines name the
// order line they return against and keep its price (the credit is what was charged, not today's
// price); a swap's out lines are priced when it is made. What a shop may still return of an order
// line is its received pieces less the back lines of returns that hold them (submitted or later,
// not rejected or voided). The allowance per season comes from the buyer's policy: a share of what
// was shipped (return_rate_bp / swap_rate_bp) within a window of days after receipt; a style with
// a tag marked no_return never comes back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE SEQUENCE doc_no_th;
CREATE SEQUENCE doc_no_hd;

ALTER TABLE discount_policies ADD COLUMN return_window_days integer NOT NULL DEFAULT 90
  CHECK (return_window_days BETWEEN 0 AND 3650);
ALTER TABLE tags ADD COLUMN no_return boolean NOT NULL DEFAULT false;
INSERT INTO tags (group_id, name, color, sort, no_return)
  SELECT g.id, '不可退换', 'red', 9, true FROM tag_groups g WHERE g.name = '商品卖点'
  AND NOT EXISTS (SELECT 1 FROM tags t WHERE t.group_id = g.id AND t.name = '不可退换');

CREATE TABLE sales_returns (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  return_no text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('return', 'swap')),
  season_id bigint NOT NULL REFERENCES ordering_seasons (id),
  shop_id bigint NOT NULL REFERENCES shops (id),
  -- the shop's warehouse the goods leave
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  -- the agent the shop belongs to (an agent's scope), as on its orders
  agent_id bigint REFERENCES agents (id),
  buyer_type text NOT NULL CHECK (buyer_type IN ('agent', 'shop')),
  buyer_id bigint NOT NULL,
  billed_type text CHECK (billed_type IN ('agent', 'shop')),
  billed_id bigint,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'audited', 'shipped', 'done', 'rejected', 'voided')),
  reason text NOT NULL,
  remark text NOT NULL DEFAULT '',
  reject_reason text NOT NULL DEFAULT '',
  hq_warehouse_id bigint REFERENCES warehouses (id),
  defective_warehouse_id bigint REFERENCES warehouses (id),
  -- the transfer (return) or exchange (swap) that moves the goods
  stock_doc_id bigint REFERENCES stock_docs (id),
  -- the transfer that took received defective pieces on to the defective warehouse
  defective_doc_id bigint REFERENCES stock_docs (id),
  line_count integer NOT NULL DEFAULT 0,
  total_quantity integer NOT NULL DEFAULT 0,
  total_amount_fen bigint NOT NULL DEFAULT 0,
  approved_quantity integer,
  approved_amount_fen bigint,
  out_quantity integer NOT NULL DEFAULT 0,
  out_amount_fen bigint NOT NULL DEFAULT 0,
  received_quantity integer NOT NULL DEFAULT 0,
  settled_fen bigint NOT NULL DEFAULT 0,
  created_by bigint REFERENCES users (id),
  submitted_by bigint REFERENCES users (id),
  submitted_at timestamptz,
  audited_by bigint REFERENCES users (id),
  audited_at timestamptz,
  shipped_at timestamptz,
  done_by bigint REFERENCES users (id),
  done_at timestamptz,
  voided_by bigint REFERENCES users (id),
  voided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sales_returns_shop_idx ON sales_returns (shop_id, id DESC);
CREATE INDEX sales_returns_agent_idx ON sales_returns (agent_id, id DESC) WHERE agent_id IS NOT NULL;
CREATE INDEX sales_returns_allowance_idx ON sales_returns (season_id, buyer_type, buyer_id, kind);

CREATE TABLE sales_return_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  return_id bigint NOT NULL REFERENCES sales_returns (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  leg text NOT NULL CHECK (leg IN ('back', 'out')),
  order_line_id bigint REFERENCES sales_order_lines (id),
  product_id bigint NOT NULL REFERENCES products (id),
  sku_id bigint NOT NULL REFERENCES skus (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  approved_quantity integer CHECK (approved_quantity >= 0 AND approved_quantity <= quantity),
  cut_reason text NOT NULL DEFAULT '',
  received_quantity integer NOT NULL DEFAULT 0 CHECK (received_quantity >= 0),
  defective_quantity integer NOT NULL DEFAULT 0 CHECK (defective_quantity >= 0 AND defective_quantity <= received_quantity),
  unit_price_fen bigint NOT NULL CHECK (unit_price_fen >= 0),
  CONSTRAINT sales_return_lines_back_has_order CHECK ((leg = 'back') = (order_line_id IS NOT NULL))
);
CREATE INDEX sales_return_lines_return_idx ON sales_return_lines (return_id, line_no);
CREATE INDEX sales_return_lines_order_line_idx ON sales_return_lines (order_line_id) WHERE order_line_id IS NOT NULL;

INSERT INTO menus (type, name, path, title, icon, sort)
  SELECT 'dir', 'AfterSales', '/erp/aftersales', '售后管理', 'CustomerServiceOutlined', 50
  WHERE NOT EXISTS (SELECT 1 FROM menus WHERE name = 'AfterSales');
INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive, hidden)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission, v.keep_alive, v.hidden
  FROM menus p JOIN (VALUES
    ('AfterSalesReturn', '/erp/aftersales/return', 'aftersales/return/index', '退货单', 'RollbackOutlined', 10, 'aftersales:return:list', false, false),
    ('AfterSalesReturnAdd', '/erp/aftersales/return/add', 'aftersales/return/add', '新建退货单', '', 11, 'aftersales:return:edit', true, true),
    ('AfterSalesReturnInfo', '/erp/aftersales/return/info', 'aftersales/return/info', '退货单详情', '', 12, 'aftersales:return:list', false, true),
    ('AfterSalesSwap', '/erp/aftersales/swap', 'aftersales/swap/index', '换货单', 'SwapOutlined', 20, 'aftersales:swap:list', false, false),
    ('AfterSalesSwapAdd', '/erp/aftersales/swap/add', 'aftersales/swap/add', '新建换货单', '', 21, 'aftersales:swap:edit', true, true),
    ('AfterSalesSwapInfo', '/erp/aftersales/swap/info', 'aftersales/swap/info', '换货单详情', '', 22, 'aftersales:swap:list', false, true)
  ) AS v (name, path, component, title, icon, sort, permission, keep_alive, hidden) ON p.name = 'AfterSales';
INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('AfterSalesReturn', 'AfterSalesReturnEditBtn', '新增/编辑/提交/发货', 'aftersales:return:edit', 1),
    ('AfterSalesReturn', 'AfterSalesReturnAuditBtn', '审核/驳回/作废', 'aftersales:return:audit', 2),
    ('AfterSalesReturn', 'AfterSalesReturnReceiveBtn', '收货', 'aftersales:return:receive', 3),
    ('AfterSalesSwap', 'AfterSalesSwapEditBtn', '新增/编辑/提交', 'aftersales:swap:edit', 1),
    ('AfterSalesSwap', 'AfterSalesSwapAuditBtn', '审核/驳回/作废', 'aftersales:swap:audit', 2),
    ('AfterSalesSwap', 'AfterSalesSwapReceiveBtn', '确认换货', 'aftersales:swap:receive', 3)
  ) AS v (parent, name, title, permission, sort) ON p.name = v.parent;

-- HQ audits and receives; agents and shops ask for their own shops and ship the goods back
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND (m.name LIKE 'AfterSalesReturn%' OR m.name LIKE 'AfterSalesSwap%');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop') AND r.builtin
    AND m.name IN ('AfterSalesReturn', 'AfterSalesReturnAdd', 'AfterSalesReturnInfo', 'AfterSalesReturnEditBtn',
                   'AfterSalesSwap', 'AfterSalesSwapAdd', 'AfterSalesSwapInfo', 'AfterSalesSwapEditBtn');
`)
    .execute(db);
}
