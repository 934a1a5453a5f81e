import { type Kysely, sql } from 'kysely';

// 仓库, 货架 and the stock ledger core (DESIGN §4): warehouses in a tree, shelves (bins) per
// warehouse, append-only stock moves and one balance row per warehouse, shelf (or none) and item
// (SKU or material). Balances change only by posting (modules/stock), which locks the touched
// balance rows in a stable order; the CHECK on stock_balances is the database's own guard that a
// warehouse without negative stock never goes below zero. allow_negative is copied onto each
// balance row (a CHECK cannot read another table) and kept equal to the warehouse's flag by a
// trigger, in the transaction that changes the flag. stock_freezes is filled by stocktakes (postings
// into a frozen warehouse or shelf are refused); idempotency_keys serves the posting routes to come.
// The menu rows are disabled until the screens land (a feature without a screen is absent from the
// menu; a disabled page grants nothing, so the routes answer 403 until then).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE warehouses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_id bigint REFERENCES warehouses (id),
  code text NOT NULL,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('hq', 'shop', 'overseas', 'transit', 'defective')),
  shop_id bigint REFERENCES shops (id),
  allow_negative boolean NOT NULL DEFAULT false,
  contact_name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  -- an item value of the region dictionary (shared REGIONS), '' when not assigned
  region text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  -- overseas warehouses only
  country text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT warehouses_shop_check CHECK ((type = 'shop') = (shop_id IS NOT NULL)),
  CONSTRAINT warehouses_parent_check CHECK (parent_id <> id)
);
CREATE UNIQUE INDEX warehouses_code_key ON warehouses (lower(code));
-- a shop has at most one shop warehouse
CREATE UNIQUE INDEX warehouses_shop_key ON warehouses (shop_id) WHERE shop_id IS NOT NULL;
CREATE INDEX warehouses_parent_idx ON warehouses (parent_id);

CREATE TABLE shelves (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  code text NOT NULL,
  name text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0 CHECK (sort >= 0),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX shelves_code_key ON shelves (warehouse_id, lower(code));

CREATE TABLE stock_moves (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  shelf_id bigint REFERENCES shelves (id),
  sku_id bigint REFERENCES skus (id),
  material_id bigint REFERENCES materials (id),
  quantity integer NOT NULL CHECK (quantity <> 0),
  unit_cost_fen integer CHECK (unit_cost_fen >= 0),
  doc_type text NOT NULL,
  doc_id bigint NOT NULL,
  doc_line_id bigint,
  reverses_move_id bigint REFERENCES stock_moves (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by bigint REFERENCES users (id),
  CONSTRAINT stock_moves_item_check CHECK ((sku_id IS NULL) <> (material_id IS NULL))
);
-- a move is reversed at most once
CREATE UNIQUE INDEX stock_moves_reverses_key ON stock_moves (reverses_move_id) WHERE reverses_move_id IS NOT NULL;
CREATE INDEX stock_moves_sku_idx ON stock_moves (sku_id, warehouse_id, id) WHERE sku_id IS NOT NULL;
CREATE INDEX stock_moves_material_idx ON stock_moves (material_id, warehouse_id, id) WHERE material_id IS NOT NULL;
CREATE INDEX stock_moves_doc_idx ON stock_moves (doc_type, doc_id);
CREATE INDEX stock_moves_created_idx ON stock_moves (created_at);

CREATE FUNCTION stock_moves_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION '库存流水只能追加，不能修改或删除；更正请过账冲销单' USING ERRCODE = 'P0001';
END
$fn$;
CREATE TRIGGER stock_moves_no_update BEFORE UPDATE OR DELETE ON stock_moves
  FOR EACH ROW EXECUTE FUNCTION stock_moves_append_only();
CREATE TRIGGER stock_moves_no_truncate BEFORE TRUNCATE ON stock_moves
  FOR EACH STATEMENT EXECUTE FUNCTION stock_moves_append_only();

CREATE TABLE stock_balances (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  shelf_id bigint REFERENCES shelves (id),
  sku_id bigint REFERENCES skus (id),
  material_id bigint REFERENCES materials (id),
  quantity integer NOT NULL DEFAULT 0,
  -- the warehouse's flag, copied so the CHECK below can read it
  allow_negative boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT stock_balances_item_check CHECK ((sku_id IS NULL) <> (material_id IS NULL)),
  CONSTRAINT stock_balances_not_negative CHECK (allow_negative OR quantity >= 0)
);
-- one row per (warehouse, shelf or none, item); postings upsert with ON CONFLICT on these expressions
CREATE UNIQUE INDEX stock_balances_key ON stock_balances (warehouse_id, (COALESCE(shelf_id, 0)), (COALESCE(sku_id, 0)), (COALESCE(material_id, 0)));
CREATE INDEX stock_balances_sku_idx ON stock_balances (sku_id) WHERE sku_id IS NOT NULL;
CREATE INDEX stock_balances_material_idx ON stock_balances (material_id) WHERE material_id IS NOT NULL;
CREATE INDEX stock_balances_shelf_idx ON stock_balances (shelf_id) WHERE shelf_id IS NOT NULL;

CREATE FUNCTION warehouses_sync_allow_negative() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE stock_balances SET allow_negative = NEW.allow_negative, updated_at = now() WHERE warehouse_id = NEW.id;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER warehouses_allow_negative_sync AFTER UPDATE OF allow_negative ON warehouses
  FOR EACH ROW WHEN (OLD.allow_negative IS DISTINCT FROM NEW.allow_negative)
  EXECUTE FUNCTION warehouses_sync_allow_negative();

-- 盘点 freezes its scope: the whole warehouse (shelf_id null) or chosen shelves
CREATE TABLE stock_freezes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  shelf_id bigint REFERENCES shelves (id),
  doc_type text NOT NULL,
  doc_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_freezes_warehouse_idx ON stock_freezes (warehouse_id);
CREATE INDEX stock_freezes_doc_idx ON stock_freezes (doc_type, doc_id);

-- Idempotency-Key of the posting routes: the first answer is stored and repeated
CREATE TABLE idempotency_keys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 128),
  user_id bigint NOT NULL REFERENCES users (id),
  method text NOT NULL,
  route text NOT NULL,
  request_hash text NOT NULL,
  -- null while the first call is still running
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT idempotency_keys_user_key UNIQUE (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

INSERT INTO menus (type, name, path, title, icon, sort, enabled)
  SELECT 'dir', 'Warehouse', '/erp/warehouse', '仓库管理', 'DatabaseOutlined', 30, false
  WHERE NOT EXISTS (SELECT 1 FROM menus WHERE name = 'Warehouse');
INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive, enabled)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission, false, false
  FROM menus p JOIN (VALUES
    ('WarehouseBase', '/erp/warehouse/base', 'warehouse/base/index', '仓库资料', 'ApartmentOutlined', 1, 'warehouse:base:list'),
    ('WarehouseShelf', '/erp/warehouse/shelf', 'warehouse/shelf/index', '货架', 'AppstoreOutlined', 2, 'warehouse:shelf:list'),
    ('StockBalance', '/erp/warehouse/stock', 'warehouse/stock/index', '库存查询', 'ContainerOutlined', 3, 'warehouse:stock:list')
  ) AS v (name, path, component, title, icon, sort, permission) ON p.name = 'Warehouse';
INSERT INTO menus (parent_id, type, name, title, permission, sort, enabled)
  SELECT p.id, 'button', v.name, v.title, v.permission, 1, false
  FROM menus p JOIN (VALUES
    ('WarehouseBase', 'WarehouseEdit', '编辑', 'warehouse:base:edit'),
    ('WarehouseShelf', 'ShelfEdit', '编辑', 'warehouse:shelf:edit')
  ) AS v (page, name, title, permission) ON p.name = v.page;

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('WarehouseBase', 'WarehouseEdit', 'WarehouseShelf', 'ShelfEdit', 'StockBalance');
-- agents and shops read their own shops' warehouses, shelves and stock
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop') AND r.builtin AND m.name IN ('WarehouseBase', 'WarehouseShelf', 'StockBalance');
`)
    .execute(db);
}
