import { type Kysely, sql } from 'kysely';

// 库存单据 (DESIGN §4): one header table and one line table for every stock document kind —
// 入库 inbound, 出库 outbound, 调拨 transfer, 盘点 stocktake, 换货 exchange, 海外仓 overseas stock and
// 期初 opening balances — so numbering, the status machine, locking, posting, voiding and scanning
// work the same way for all of them. Field meanings per kind are in shared/src/stock-docs.ts.
// Numbers come from a per-prefix daily series (RK20261121-0001), drawn under a row lock.
// Scans are kept as a log (every beep, also the refused ones) beside the lines they counted.
// Hidden menu rows are the documents' child pages (新增, 详情, 扫描明细 …): routes, not sider entries,
// reachable with their list page (same permission code; see menus/menu-tree.ts), so no grants of their own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE doc_sequences (
  prefix text NOT NULL,
  day date NOT NULL,
  last_value integer NOT NULL,
  PRIMARY KEY (prefix, day)
);

CREATE TABLE stock_docs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('inbound', 'outbound', 'transfer', 'stocktake', 'exchange', 'overseas', 'opening')),
  doc_no text NOT NULL UNIQUE,
  -- inbound: purchase/return/transfer_in/other; outbound: delivery/purchase_refund/other; overseas: receipt/snapshot; else ''
  biz_type text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('draft', 'submitted', 'shipped', 'counting', 'posted', 'void')),
  -- the document's own warehouse: inbound/opening/overseas target, outbound/transfer source, stocktake scope, exchange HQ side
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  -- transfer destination; exchange: the shop's warehouse
  to_warehouse_id bigint REFERENCES warehouses (id),
  -- transfer: the in-transit warehouse the goods sit in between shipping and receiving
  transit_warehouse_id bigint REFERENCES warehouses (id),
  -- outbound delivery / exchange: the shop served
  shop_id bigint REFERENCES shops (id),
  supplier_id bigint REFERENCES suppliers (id),
  -- the document this one comes from (e.g. a purchase order), when any
  source_type text NOT NULL DEFAULT '',
  source_id bigint,
  source_no text NOT NULL DEFAULT '',
  -- stocktake: chosen shelves ('{}' = the whole warehouse)
  shelf_ids bigint[] NOT NULL DEFAULT '{}',
  -- true once the first scan was counted: posting then uses the scanned quantities
  scan_started boolean NOT NULL DEFAULT false,
  -- outbound/transfer/overseas: why the posted quantities differ from the expected ones
  difference_reason text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  total_quantity integer NOT NULL DEFAULT 0,
  total_actual integer NOT NULL DEFAULT 0,
  line_count integer NOT NULL DEFAULT 0,
  expected_date date,
  created_by bigint REFERENCES users (id),
  submitted_by bigint REFERENCES users (id),
  submitted_at timestamptz,
  shipped_by bigint REFERENCES users (id),
  shipped_at timestamptz,
  counting_at timestamptz,
  posted_by bigint REFERENCES users (id),
  posted_at timestamptz,
  voided_by bigint REFERENCES users (id),
  voided_at timestamptz,
  void_reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_docs_kind_idx ON stock_docs (kind, id DESC);
CREATE INDEX stock_docs_warehouse_idx ON stock_docs (warehouse_id);
CREATE INDEX stock_docs_to_warehouse_idx ON stock_docs (to_warehouse_id) WHERE to_warehouse_id IS NOT NULL;
CREATE INDEX stock_docs_source_idx ON stock_docs (source_type, source_id) WHERE source_id IS NOT NULL;
-- 期初: one live opening document per warehouse
CREATE UNIQUE INDEX stock_docs_opening_key ON stock_docs (warehouse_id) WHERE kind = 'opening' AND status <> 'void';

CREATE TABLE stock_doc_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  doc_id bigint NOT NULL REFERENCES stock_docs (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no > 0),
  -- exchange: 'in' (goods back from the shop) or 'out' (goods to the shop); '' otherwise
  leg text NOT NULL DEFAULT '' CHECK (leg IN ('', 'in', 'out')),
  sku_id bigint REFERENCES skus (id),
  material_id bigint REFERENCES materials (id),
  -- inbound: put-away shelf; outbound: pick shelf; stocktake: counted shelf
  shelf_id bigint REFERENCES shelves (id),
  -- expected (inbound/outbound), shipped (transfer), book (stocktake/overseas snapshot), entered (others)
  quantity integer NOT NULL CHECK (quantity BETWEEN 0 AND 1000000),
  -- scanned (inbound/outbound), received (transfer), counted (stocktake/overseas snapshot); null = not measured
  actual_quantity integer CHECK (actual_quantity BETWEEN 0 AND 1000000),
  unit_cost_fen integer CHECK (unit_cost_fen BETWEEN 0 AND 100000000),
  box_no text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  CONSTRAINT stock_doc_lines_item_check CHECK ((sku_id IS NULL) <> (material_id IS NULL))
);
CREATE INDEX stock_doc_lines_doc_idx ON stock_doc_lines (doc_id, line_no);
CREATE UNIQUE INDEX stock_doc_lines_key ON stock_doc_lines (doc_id, leg, (COALESCE(sku_id, 0)), (COALESCE(material_id, 0)), (COALESCE(shelf_id, 0)));
CREATE INDEX stock_doc_lines_sku_idx ON stock_doc_lines (sku_id) WHERE sku_id IS NOT NULL;

CREATE TABLE stock_doc_scans (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  doc_id bigint NOT NULL REFERENCES stock_docs (id) ON DELETE CASCADE,
  barcode text NOT NULL,
  sku_id bigint REFERENCES skus (id),
  line_id bigint REFERENCES stock_doc_lines (id) ON DELETE SET NULL,
  -- +1 per beep; −1 when a scan is taken back
  delta integer NOT NULL CHECK (delta IN (-1, 1)),
  box_no text NOT NULL DEFAULT '',
  shelf_id bigint REFERENCES shelves (id),
  -- ok, unknown (no such barcode), unexpected (not on the document), over (more than expected), disabled (SKU stopped)
  result text NOT NULL CHECK (result IN ('ok', 'unknown', 'unexpected', 'over', 'disabled')),
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_doc_scans_doc_idx ON stock_doc_scans (doc_id, id);
`)
    .execute(db);

  await sql
    .raw(`
-- the warehouse menus landed with their screens (0016 added them disabled)
UPDATE menus SET enabled = true, updated_at = now()
  WHERE name IN ('Warehouse', 'WarehouseBase', 'WarehouseEdit', 'WarehouseShelf', 'ShelfEdit', 'StockBalance');

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive, hidden)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission, v.keep_alive, v.hidden
  FROM menus p JOIN (VALUES
    ('Inbound', '/erp/warehouse/inbound', 'warehouse/inbound/index', '入库单', 'ImportOutlined', 10, 'warehouse:inbound:list', false, false),
    ('InboundAdd', '/erp/warehouse/inbound/add', 'warehouse/inbound/add', '入库新增', '', 11, 'warehouse:inbound:add', true, true),
    ('InboundInfo', '/erp/warehouse/inbound/info', 'warehouse/inbound/info', '入库单详情', '', 12, 'warehouse:inbound:list', false, true),
    ('InboundScan', '/erp/warehouse/inbound/scan', 'warehouse/inbound/scan', '入库扫描明细', '', 13, 'warehouse:inbound:add', false, true),
    ('Outbound', '/erp/warehouse/outbound', 'warehouse/outbound/index', '出库单', 'ExportOutlined', 20, 'warehouse:outbound:list', false, false),
    ('OutboundAdd', '/erp/warehouse/outbound/add', 'warehouse/outbound/add', '出库新增', '', 21, 'warehouse:outbound:add', true, true),
    ('OutboundEdit', '/erp/warehouse/outbound/edit', 'warehouse/outbound/edit', '出库单编辑', '', 22, 'warehouse:outbound:add', false, true),
    ('OutboundInfo', '/erp/warehouse/outbound/info', 'warehouse/outbound/info', '出库单详情', '', 23, 'warehouse:outbound:list', false, true),
    ('OutboundScan', '/erp/warehouse/outbound/scan', 'warehouse/outbound/scan', '出库扫描明细', '', 24, 'warehouse:outbound:add', false, true),
    ('OutboundDifference', '/erp/warehouse/outbound/difference', 'warehouse/outbound/difference', '出库差异', '', 25, 'warehouse:outbound:audit', false, true),
    ('Transfer', '/erp/warehouse/transfer', 'warehouse/transfer/index', '调拨单', 'SwapOutlined', 30, 'warehouse:transfer:list', false, false),
    ('TransferAdd', '/erp/warehouse/transfer/add', 'warehouse/transfer/add', '调拨单新增', '', 31, 'warehouse:transfer:add', true, true),
    ('TransferInfo', '/erp/warehouse/transfer/info', 'warehouse/transfer/info', '调拨单详情', '', 32, 'warehouse:transfer:list', false, true),
    ('Stocktake', '/erp/warehouse/stocktake', 'warehouse/stocktake/index', '盘点单', 'AuditOutlined', 40, 'warehouse:stocktake:list', false, false),
    ('StocktakeAdd', '/erp/warehouse/stocktake/add', 'warehouse/stocktake/add', '盘点新增', '', 41, 'warehouse:stocktake:add', false, true),
    ('StocktakeInfo', '/erp/warehouse/stocktake/info', 'warehouse/stocktake/info', '盘点单详情', '', 42, 'warehouse:stocktake:list', false, true),
    ('Exchange', '/erp/warehouse/exchange', 'warehouse/exchange/index', '换货单', 'RetweetOutlined', 50, 'warehouse:exchange:list', false, false),
    ('ExchangeAdd', '/erp/warehouse/exchange/add', 'warehouse/exchange/add', '换货单新建', '', 51, 'warehouse:exchange:add', false, true),
    ('ExchangeInfo', '/erp/warehouse/exchange/info', 'warehouse/exchange/info', '换货单详情', '', 52, 'warehouse:exchange:list', false, true),
    ('Overseas', '/erp/warehouse/overseas', 'warehouse/overseas/index', '海外仓库存', 'GlobalOutlined', 60, 'warehouse:overseas:list', false, false),
    ('OverseasAdd', '/erp/warehouse/overseas/add', 'warehouse/overseas/add', '海外仓单据新增', '', 61, 'warehouse:overseas:add', false, true),
    ('OverseasInfo', '/erp/warehouse/overseas/info', 'warehouse/overseas/info', '海外仓单据详情', '', 62, 'warehouse:overseas:list', false, true),
    ('StockOpening', '/erp/warehouse/opening', 'warehouse/opening/index', '期初库存', 'FlagOutlined', 70, 'warehouse:opening:list', false, false),
    ('StockInTransit', '/erp/warehouse/statistics/transit', 'warehouse/statistics/transit', '在途统计', 'CarOutlined', 80, 'warehouse:stats:list', false, false),
    ('StockReport', '/erp/warehouse/statistics/inventory', 'warehouse/statistics/inventory', '库存报表', 'BarChartOutlined', 81, 'warehouse:stats:list', false, false)
  ) AS v (name, path, component, title, icon, sort, permission, keep_alive, hidden) ON p.name = 'Warehouse';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('Inbound', 'InboundEditBtn', '新增/编辑/扫描', 'warehouse:inbound:add', 1),
    ('Inbound', 'InboundAuditBtn', '审核入库', 'warehouse:inbound:audit', 2),
    ('Inbound', 'InboundVoidBtn', '作废', 'warehouse:inbound:void', 3),
    ('Outbound', 'OutboundEditBtn', '新增/编辑/扫描', 'warehouse:outbound:add', 1),
    ('Outbound', 'OutboundAuditBtn', '审核出库', 'warehouse:outbound:audit', 2),
    ('Outbound', 'OutboundDifferenceBtn', '差异出库', 'warehouse:outbound:difference', 3),
    ('Outbound', 'OutboundVoidBtn', '作废', 'warehouse:outbound:void', 4),
    ('Transfer', 'TransferEditBtn', '新增/编辑', 'warehouse:transfer:add', 1),
    ('Transfer', 'TransferShipBtn', '发货', 'warehouse:transfer:ship', 2),
    ('Transfer', 'TransferReceiveBtn', '收货', 'warehouse:transfer:receive', 3),
    ('Transfer', 'TransferVoidBtn', '作废', 'warehouse:transfer:void', 4),
    ('Stocktake', 'StocktakeEditBtn', '新增/盘点扫描', 'warehouse:stocktake:add', 1),
    ('Stocktake', 'StocktakeAuditBtn', '审核过账', 'warehouse:stocktake:audit', 2),
    ('Stocktake', 'StocktakeVoidBtn', '作废', 'warehouse:stocktake:void', 3),
    ('Exchange', 'ExchangeEditBtn', '新建/编辑', 'warehouse:exchange:add', 1),
    ('Exchange', 'ExchangeAuditBtn', '审核过账', 'warehouse:exchange:audit', 2),
    ('Exchange', 'ExchangeVoidBtn', '作废', 'warehouse:exchange:void', 3),
    ('Overseas', 'OverseasEditBtn', '新增/导入快照', 'warehouse:overseas:add', 1),
    ('Overseas', 'OverseasAuditBtn', '审核过账', 'warehouse:overseas:audit', 2),
    ('Overseas', 'OverseasVoidBtn', '作废', 'warehouse:overseas:void', 3),
    ('StockOpening', 'OpeningImportBtn', '导入期初', 'warehouse:opening:add', 1),
    ('StockOpening', 'OpeningAuditBtn', '审核锁定', 'warehouse:opening:audit', 2)
  ) AS v (page, name, title, permission, sort) ON p.name = v.page;

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN (
    'Inbound', 'InboundEditBtn', 'InboundAuditBtn', 'InboundVoidBtn',
    'Outbound', 'OutboundEditBtn', 'OutboundAuditBtn', 'OutboundDifferenceBtn', 'OutboundVoidBtn',
    'Transfer', 'TransferEditBtn', 'TransferShipBtn', 'TransferReceiveBtn', 'TransferVoidBtn',
    'Stocktake', 'StocktakeEditBtn', 'StocktakeAuditBtn', 'StocktakeVoidBtn',
    'Exchange', 'ExchangeEditBtn', 'ExchangeAuditBtn', 'ExchangeVoidBtn',
    'Overseas', 'OverseasEditBtn', 'OverseasAuditBtn', 'OverseasVoidBtn',
    'StockOpening', 'OpeningImportBtn', 'OpeningAuditBtn', 'StockInTransit', 'StockReport');
-- agents and shops: read the documents touching their warehouses; receive transfers into them;
-- count their own stock
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop') AND r.builtin AND m.name IN (
    'Inbound', 'Outbound', 'Transfer', 'TransferReceiveBtn', 'Stocktake', 'StocktakeEditBtn', 'Exchange', 'StockInTransit', 'StockReport');
`)
    .execute(db);
}
