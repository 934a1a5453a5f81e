import { type Kysely, sql } from 'kysely';

// 库存上报 (issue 19, after-sales): a shop, or its agent, reports the counted stock of the shop's
// warehouse; HQ audits it against the book and may post the differences through a 盘点单 (the
// stocktake's id is kept: posted once, traceable both ways). The lines hold one counted quantity per
// SKU. The 售后管理 dir may be made by another after-sales migration first: WHERE NOT EXISTS.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
-- numbers SB20261128-0001 (kernel numbering: one sequence per prefix)
CREATE SEQUENCE doc_no_sb;

CREATE TABLE shop_inventory_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  doc_no text NOT NULL UNIQUE,
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  shop_id bigint NOT NULL REFERENCES shops (id),
  reporter_type text NOT NULL CHECK (reporter_type IN ('hq', 'agent', 'shop')),
  reporter_id bigint,
  count_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'audited', 'rejected')),
  reject_reason text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  total_quantity bigint NOT NULL DEFAULT 0,
  line_count integer NOT NULL DEFAULT 0,
  stocktake_doc_id bigint REFERENCES stock_docs (id),
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  submitted_by bigint REFERENCES users (id),
  submitted_at timestamptz,
  audited_by bigint REFERENCES users (id),
  audited_at timestamptz,
  rejected_by bigint REFERENCES users (id),
  rejected_at timestamptz,
  posted_by bigint REFERENCES users (id),
  posted_at timestamptz,
  CHECK ((reporter_type = 'hq') = (reporter_id IS NULL)),
  -- differences are posted from an audited report only
  CHECK (stocktake_doc_id IS NULL OR status = 'audited')
);
CREATE INDEX shop_inventory_reports_warehouse_idx ON shop_inventory_reports (warehouse_id, id);
CREATE INDEX shop_inventory_reports_shop_idx ON shop_inventory_reports (shop_id, id);
CREATE INDEX shop_inventory_reports_status_idx ON shop_inventory_reports (status, id);
CREATE UNIQUE INDEX shop_inventory_reports_stocktake_key ON shop_inventory_reports (stocktake_doc_id);

CREATE TABLE shop_inventory_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  report_id bigint NOT NULL REFERENCES shop_inventory_reports (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  sku_id bigint NOT NULL REFERENCES skus (id),
  quantity integer NOT NULL CHECK (quantity BETWEEN 0 AND 1000000)
);
CREATE UNIQUE INDEX shop_inventory_lines_sku_key ON shop_inventory_lines (report_id, sku_id);
CREATE INDEX shop_inventory_lines_sku_idx ON shop_inventory_lines (sku_id);

INSERT INTO menus (type, name, path, title, icon, sort)
  SELECT 'dir', 'AfterSales', '/erp/aftersales', '售后管理', 'CustomerServiceOutlined', 50
  WHERE NOT EXISTS (SELECT 1 FROM menus WHERE name = 'AfterSales');

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT p.id, 'menu', 'AfterSalesInventory', '/erp/aftersales/inventory', 'aftersales/inventory/index', '库存上报', 'FileSearchOutlined', 30, 'aftersales:inventory:list'
  FROM menus p WHERE p.name = 'AfterSales';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('AfterSalesInventoryEditBtn', '新增/编辑/提交', 'aftersales:inventory:edit', 1),
    ('AfterSalesInventoryAuditBtn', '审核/驳回', 'aftersales:inventory:audit', 2),
    ('AfterSalesInventoryPostBtn', '过账差异', 'aftersales:inventory:post', 3)
  ) AS v (name, title, permission, sort) ON p.name = 'AfterSalesInventory';

-- HQ audits and posts; agents and shops report (their own warehouses only, checked by the server)
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('AfterSalesInventory', 'AfterSalesInventoryEditBtn', 'AfterSalesInventoryAuditBtn', 'AfterSalesInventoryPostBtn');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop') AND r.builtin AND m.name IN ('AfterSalesInventory', 'AfterSalesInventoryEditBtn');
`)
    .execute(db);
}
