import { type Kysely, sql } from 'kysely';

// 配货 and 发货 of 订货单 (issue 17, "Allocation and shipping", "Money").
// - sales_order_lines gains `allocated` (goods set aside for the line and not yet shipped) and
//   `received` (what arrived at the buyer's warehouse); allocated + shipped never exceeds what the
//   line may get, received never exceeds shipped.
// - sales_allocations is the append-only allocation ledger: each row is the signed effect of one
//   move on one order line's allocated and shipped pieces, where the goods are (the source
//   warehouse) and what they are (stock, a purchase line, goods in transit). The line's columns
//   equal the sums of its rows.
// - sales_allocation_balances holds, per warehouse and SKU, the pieces set aside and not yet
//   shipped: what an allocation run subtracts from the stock it finds (never below zero).
// - stock_doc_lines gains the line's selling price (a 配货出库 carries the order's prices) and the
//   source document's line it was made from (the order line), for the source hooks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
ALTER TABLE sales_order_lines
  ADD COLUMN allocated integer NOT NULL DEFAULT 0 CHECK (allocated >= 0),
  ADD COLUMN received integer NOT NULL DEFAULT 0 CHECK (received >= 0),
  ADD CONSTRAINT sales_order_lines_allocated CHECK (allocated + shipped <= coalesce(approved, ordered)),
  ADD CONSTRAINT sales_order_lines_received CHECK (received <= shipped);

CREATE TABLE sales_allocations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES sales_orders (id),
  order_line_id bigint NOT NULL REFERENCES sales_order_lines (id),
  sku_id bigint NOT NULL REFERENCES skus (id),
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  source text NOT NULL CHECK (source IN ('stock', 'purchase', 'transit')),
  source_line_id bigint,
  move text NOT NULL CHECK (move IN ('allocate', 'release', 'ship', 'unship')),
  allocated integer NOT NULL DEFAULT 0,
  shipped integer NOT NULL DEFAULT 0,
  doc_id bigint REFERENCES stock_docs (id),
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sales_allocations_line_idx ON sales_allocations (order_line_id, id);
CREATE INDEX sales_allocations_order_idx ON sales_allocations (order_id, id);
CREATE INDEX sales_allocations_doc_idx ON sales_allocations (doc_id) WHERE doc_id IS NOT NULL;

CREATE FUNCTION sales_allocations_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION '配货流水只能追加，不能修改或删除' USING ERRCODE = 'P0001';
END
$fn$;
CREATE TRIGGER sales_allocations_no_update BEFORE UPDATE OR DELETE ON sales_allocations
  FOR EACH ROW EXECUTE FUNCTION sales_allocations_append_only();
CREATE TRIGGER sales_allocations_no_truncate BEFORE TRUNCATE ON sales_allocations
  FOR EACH STATEMENT EXECUTE FUNCTION sales_allocations_append_only();

CREATE TABLE sales_allocation_balances (
  warehouse_id bigint NOT NULL REFERENCES warehouses (id),
  sku_id bigint NOT NULL REFERENCES skus (id),
  allocated integer NOT NULL DEFAULT 0 CHECK (allocated >= 0),
  PRIMARY KEY (warehouse_id, sku_id)
);

ALTER TABLE stock_doc_lines
  ADD COLUMN unit_price_fen integer CHECK (unit_price_fen BETWEEN 0 AND 100000000),
  ADD COLUMN source_line_id bigint;

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive, hidden)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission, v.keep_alive, v.hidden
  FROM menus p JOIN (VALUES
    ('OrderingAllocation', '/erp/ordering/allocation', 'ordering/allocation/index', '配货发货', 'NodeIndexOutlined', 25, 'ordering:allocation:list', false, false)
  ) AS v (name, path, component, title, icon, sort, permission, keep_alive, hidden) ON p.name = 'Ordering';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('OrderingAllocateBtn', '配货/释放', 'ordering:allocation:allocate', 1),
    ('OrderingDeliverBtn', '生成出库', 'ordering:allocation:deliver', 2)
  ) AS v (name, title, permission, sort) ON p.name = 'OrderingAllocation';

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('OrderingAllocation', 'OrderingAllocateBtn', 'OrderingDeliverBtn');
`)
    .execute(db);
}
