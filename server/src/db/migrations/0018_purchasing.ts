import { type Kysely, sql } from 'kysely';

// 采购 (DESIGN §5): purchase orders and purchase refunds, received and returned through the
// warehouse's inbound/outbound documents (stock_docs.source_type 'purchase_order'/'purchase_refund'),
// and the supplier payables ledger they post into. Quantity meanings: shared/src/purchasing.ts.
// Received/refund/returned counters on order lines change only under the order row's lock, in the
// same transaction as the stock document that moves them; the ledger is append-only (a void adds
// the negated entry).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE purchase_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  supplier_id bigint NOT NULL REFERENCES suppliers (id),
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  status text NOT NULL CHECK (status IN ('draft', 'submitted', 'audited', 'partly_received', 'received', 'closed')),
  order_date date NOT NULL DEFAULT ((now() AT TIME ZONE 'Asia/Shanghai')::date),
  expected_date date NOT NULL,
  promised_date date,
  confirmed_by bigint REFERENCES users (id),
  confirmed_at timestamptz,
  tolerance_percent integer NOT NULL DEFAULT 0 CHECK (tolerance_percent BETWEEN 0 AND 100),
  line_count integer NOT NULL DEFAULT 0,
  total_quantity integer NOT NULL DEFAULT 0,
  total_amount_fen bigint NOT NULL DEFAULT 0,
  received_quantity integer NOT NULL DEFAULT 0,
  received_amount_fen bigint NOT NULL DEFAULT 0,
  returned_quantity integer NOT NULL DEFAULT 0,
  remark text NOT NULL DEFAULT '',
  close_reason text NOT NULL DEFAULT '',
  created_by bigint REFERENCES users (id),
  submitted_by bigint REFERENCES users (id),
  submitted_at timestamptz,
  audited_by bigint REFERENCES users (id),
  audited_at timestamptz,
  closed_by bigint REFERENCES users (id),
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX purchase_orders_supplier_idx ON purchase_orders (supplier_id, id DESC);
CREATE INDEX purchase_orders_status_idx ON purchase_orders (status, id DESC);
CREATE INDEX purchase_orders_order_date_idx ON purchase_orders (order_date);

CREATE TABLE purchase_order_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no > 0),
  sku_id bigint NOT NULL REFERENCES skus (id),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 1000000),
  unit_price_fen integer NOT NULL CHECK (unit_price_fen BETWEEN 0 AND 100000000),
  received_quantity integer NOT NULL DEFAULT 0 CHECK (received_quantity >= 0),
  -- in refunds audited or done (the refund limit)
  refund_quantity integer NOT NULL DEFAULT 0 CHECK (refund_quantity >= 0),
  -- posted by the refunds' outbounds
  returned_quantity integer NOT NULL DEFAULT 0 CHECK (returned_quantity >= 0),
  remark text NOT NULL DEFAULT '',
  CONSTRAINT purchase_order_lines_refund_check CHECK (refund_quantity <= received_quantity AND returned_quantity <= refund_quantity)
);
CREATE UNIQUE INDEX purchase_order_lines_key ON purchase_order_lines (order_id, sku_id);
CREATE INDEX purchase_order_lines_sku_idx ON purchase_order_lines (sku_id);

CREATE TABLE purchase_refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  refund_no text NOT NULL UNIQUE,
  supplier_id bigint NOT NULL REFERENCES suppliers (id),
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  purchase_order_id bigint REFERENCES purchase_orders (id),
  status text NOT NULL CHECK (status IN ('draft', 'audited', 'done', 'void')),
  reason text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  line_count integer NOT NULL DEFAULT 0,
  total_quantity integer NOT NULL DEFAULT 0,
  total_amount_fen bigint NOT NULL DEFAULT 0,
  returned_quantity integer NOT NULL DEFAULT 0,
  outbound_id bigint REFERENCES stock_docs (id),
  created_by bigint REFERENCES users (id),
  audited_by bigint REFERENCES users (id),
  audited_at timestamptz,
  done_at timestamptz,
  voided_by bigint REFERENCES users (id),
  voided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX purchase_refunds_supplier_idx ON purchase_refunds (supplier_id, id DESC);
CREATE INDEX purchase_refunds_order_idx ON purchase_refunds (purchase_order_id) WHERE purchase_order_id IS NOT NULL;

CREATE TABLE purchase_refund_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  refund_id bigint NOT NULL REFERENCES purchase_refunds (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no > 0),
  order_line_id bigint REFERENCES purchase_order_lines (id),
  sku_id bigint NOT NULL REFERENCES skus (id),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 1000000),
  unit_price_fen integer NOT NULL CHECK (unit_price_fen BETWEEN 0 AND 100000000),
  returned_quantity integer NOT NULL DEFAULT 0 CHECK (returned_quantity >= 0),
  remark text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX purchase_refund_lines_key ON purchase_refund_lines (refund_id, sku_id);

-- 应付账款: append-only; amount_fen > 0 owes the supplier more, < 0 less
CREATE TABLE supplier_payables (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  supplier_id bigint NOT NULL REFERENCES suppliers (id),
  entry_type text NOT NULL CHECK (entry_type IN ('receipt', 'receipt_void', 'refund', 'refund_void')),
  purchase_order_id bigint REFERENCES purchase_orders (id),
  refund_id bigint REFERENCES purchase_refunds (id),
  stock_doc_id bigint NOT NULL REFERENCES stock_docs (id),
  quantity integer NOT NULL,
  amount_fen bigint NOT NULL,
  business_day date NOT NULL DEFAULT ((now() AT TIME ZONE 'Asia/Shanghai')::date),
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX supplier_payables_supplier_idx ON supplier_payables (supplier_id, id);
CREATE INDEX supplier_payables_order_idx ON supplier_payables (purchase_order_id) WHERE purchase_order_id IS NOT NULL;
CREATE UNIQUE INDEX supplier_payables_once ON supplier_payables (stock_doc_id, entry_type);
`)
    .execute(db);

  await sql
    .raw(`
INSERT INTO menus (type, name, path, title, icon, sort)
  SELECT 'dir', 'Purchase', '/erp/purchase', '采购管理', 'ShoppingCartOutlined', 25
  WHERE NOT EXISTS (SELECT 1 FROM menus WHERE name = 'Purchase');

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive, hidden)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission, v.keep_alive, v.hidden
  FROM menus p JOIN (VALUES
    ('PurchaseOrder', '/erp/purchase/order', 'purchase/order/index', '采购订单', 'FileTextOutlined', 10, 'purchase:order:list', false, false),
    ('PurchaseOrderAdd', '/erp/purchase/order/add', 'purchase/order/add', '采购订单新增', '', 11, 'purchase:order:add', true, true),
    ('PurchaseOrderInfo', '/erp/purchase/order/info', 'purchase/order/info', '采购订单详情', '', 12, 'purchase:order:list', false, true),
    ('PurchaseRefund', '/erp/purchase/refund', 'purchase/refund/index', '采购退货', 'RollbackOutlined', 20, 'purchase:refund:list', false, false),
    ('PurchaseRefundAdd', '/erp/purchase/refund/add', 'purchase/refund/add', '采购退货新增', '', 21, 'purchase:refund:add', true, true),
    ('PurchaseRefundInfo', '/erp/purchase/refund/info', 'purchase/refund/info', '采购退货详情', '', 22, 'purchase:refund:list', false, true),
    ('PurchasePayable', '/erp/purchase/payable', 'purchase/payable/index', '应付账款', 'AccountBookOutlined', 30, 'purchase:payable:list', false, false),
    ('PurchaseSummary', '/erp/purchase/summary', 'purchase/summary/index', '采购汇总', 'PieChartOutlined', 40, 'purchase:summary:list', false, false)
  ) AS v (name, path, component, title, icon, sort, permission, keep_alive, hidden) ON p.name = 'Purchase';

-- 入库 → 采购入库: receiving an audited order from the warehouse side (same code as the order's 收货)
INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive, hidden)
  SELECT p.parent_id, 'menu', 'InboundPurchase', '/erp/warehouse/inbound/purchase', 'warehouse/inbound/purchase', '采购入库', '', 14, 'purchase:order:receive', false, true
  FROM menus p WHERE p.name = 'Inbound';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('PurchaseOrder', 'PurchaseOrderEditBtn', '新增/编辑/提交', 'purchase:order:add', 1),
    ('PurchaseOrder', 'PurchaseOrderAuditBtn', '审核', 'purchase:order:audit', 2),
    ('PurchaseOrder', 'PurchaseOrderReceiveBtn', '收货', 'purchase:order:receive', 3),
    ('PurchaseOrder', 'PurchaseOrderCloseBtn', '关闭', 'purchase:order:close', 4),
    ('PurchaseOrder', 'PurchaseOrderConfirmBtn', '确认交期', 'purchase:order:confirm', 5),
    ('PurchaseRefund', 'PurchaseRefundEditBtn', '新增/编辑', 'purchase:refund:add', 1),
    ('PurchaseRefund', 'PurchaseRefundAuditBtn', '审核', 'purchase:refund:audit', 2),
    ('PurchaseRefund', 'PurchaseRefundVoidBtn', '作废', 'purchase:refund:void', 3),
    ('Inbound', 'InboundPurchaseBtn', '采购入库', 'purchase:order:receive', 4)
  ) AS v (page, name, title, permission, sort) ON p.name = v.page;

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN (
    'PurchaseOrder', 'PurchaseOrderEditBtn', 'PurchaseOrderAuditBtn', 'PurchaseOrderReceiveBtn', 'PurchaseOrderCloseBtn',
    'PurchaseRefund', 'PurchaseRefundEditBtn', 'PurchaseRefundAuditBtn', 'PurchaseRefundVoidBtn',
    'PurchasePayable', 'PurchaseSummary', 'InboundPurchaseBtn');
-- suppliers: their own orders (confirming each with a promised date) and refunds, read-only otherwise
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'supplier' AND r.builtin AND m.name IN ('PurchaseOrder', 'PurchaseOrderConfirmBtn', 'PurchaseRefund');
`)
    .execute(db);
}
