import { type Kysely, sql } from 'kysely';

// 可订品牌 (issue 17, "brands a buyer may order"; SPEC §2 order-goods "brand add"): HQ names the
// brands each buyer may order. The buyer is the order's buyer (sales_orders.buyer_type and buyer_id:
// the agent when it orders for itself, the shop when a shop orders or an agent orders as its shop).
// A buyer without any row may order every brand; a buyer with rows sees and orders only those. A
// brand named here is not deleted (product-master's usage check says so before the key would).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE ordering_buyer_brands (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  buyer_type text NOT NULL CHECK (buyer_type IN ('agent', 'shop')),
  buyer_id bigint NOT NULL,
  brand_id bigint NOT NULL REFERENCES brands (id),
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ordering_buyer_brands_key ON ordering_buyer_brands (buyer_type, buyer_id, brand_id);
CREATE INDEX ordering_buyer_brands_brand_idx ON ordering_buyer_brands (brand_id);

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT p.id, 'menu', 'OrderingBrand', '/erp/ordering/brand', 'ordering/brand/index', '可订品牌', 'CrownOutlined', 40, 'ordering:brand:list'
  FROM menus p WHERE p.name = 'Ordering';
INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', 'OrderingBrandEditBtn', '新增/删除', 'ordering:brand:edit', 1
  FROM menus p WHERE p.name = 'OrderingBrand';

-- HQ decides; agents and shops read their own list
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('OrderingBrand', 'OrderingBrandEditBtn');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop') AND r.builtin AND m.name = 'OrderingBrand';
`)
    .execute(db);
}
