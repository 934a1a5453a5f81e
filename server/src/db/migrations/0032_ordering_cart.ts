import { type Kysely, sql } from 'kysely';

// 购物车 (issue 17, "Catalogue, cart, orders"): one cart per user, kept on the server. A line is one
// SKU the user means to order for a buyer (whom it is priced for) and a receiving shop in a season;
// a season + buyer + shop becomes one 订货单 at checkout. No price is stored: the cart is priced at
// today's rules whenever it is read. The style and colour are kept beside the SKU (a style × colour
// is what the grid replaces), and the run it was entered in (配码 × 手数) when it was. The CHECKs
// hold the order's quantity rules (sales_order_lines). A deleted run leaves the lines without it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE ordering_cart_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  season_id bigint NOT NULL REFERENCES ordering_seasons (id) ON DELETE CASCADE,
  buyer_type text NOT NULL CHECK (buyer_type IN ('agent', 'shop')),
  buyer_id bigint NOT NULL,
  shop_id bigint NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  product_id bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  colour_id bigint NOT NULL REFERENCES colours (id) ON DELETE CASCADE,
  sku_id bigint NOT NULL REFERENCES skus (id) ON DELETE CASCADE,
  size_run_id bigint REFERENCES size_runs (id) ON DELETE SET NULL,
  run_count integer CHECK (run_count BETWEEN 1 AND 10000),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 100000),
  added_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ordering_cart_lines_run CHECK (size_run_id IS NULL OR run_count IS NOT NULL)
);
CREATE UNIQUE INDEX ordering_cart_lines_key ON ordering_cart_lines (user_id, season_id, buyer_type, buyer_id, shop_id, sku_id);
CREATE INDEX ordering_cart_lines_group_idx ON ordering_cart_lines (user_id, season_id, buyer_type, buyer_id, shop_id, product_id, colour_id);
CREATE INDEX ordering_cart_lines_sku_idx ON ordering_cart_lines (sku_id);

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT p.id, 'menu', 'OrderingCart', '/erp/ordering/cart', 'ordering/cart/index', '购物车', 'ShoppingCartOutlined', 15, 'ordering:order:edit'
  FROM menus p WHERE p.name = 'Ordering';

-- whoever orders has a cart: HQ for any buyer, agents and shops for themselves
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name = 'OrderingCart';
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop') AND r.builtin AND m.name = 'OrderingCart';
`)
    .execute(db);
}
