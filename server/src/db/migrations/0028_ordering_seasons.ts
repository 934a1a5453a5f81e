import { type Kysely, sql } from 'kysely';

// 订货 (issue 17, "Catalogue, cart, orders"): 订货季 — a season with its open and close days
// (Asia/Shanghai, both inclusive) and the styles it offers — and the buyer's catalogue built on it.
// Numbered 0028: 0027 is taken by a parallel branch; renumbered at merge if needed. A season's
// styles go with it (ON DELETE CASCADE); a style in a season cannot be deleted from the product
// master (the plain foreign key says so) because orders will point at (season, style).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE ordering_seasons (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL CHECK (code <> ''),
  name text NOT NULL CHECK (name <> ''),
  kind text NOT NULL CHECK (kind IN ('spot', 'preorder')),
  opens_on date NOT NULL,
  closes_on date NOT NULL,
  remark text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  created_by bigint REFERENCES users (id),
  updated_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ordering_seasons_range CHECK (opens_on <= closes_on)
);
CREATE UNIQUE INDEX ordering_seasons_code_key ON ordering_seasons (lower(code));
-- the catalogue looks for the seasons open on a day
CREATE INDEX ordering_seasons_open_idx ON ordering_seasons (closes_on, opens_on) WHERE enabled;

CREATE TABLE ordering_season_styles (
  season_id bigint NOT NULL REFERENCES ordering_seasons (id) ON DELETE CASCADE,
  product_id bigint NOT NULL REFERENCES products (id),
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (season_id, product_id)
);
CREATE INDEX ordering_season_styles_product_idx ON ordering_season_styles (product_id);

INSERT INTO menus (type, name, path, title, icon, sort)
  SELECT 'dir', 'Ordering', '/erp/ordering', '订货管理', 'ShoppingOutlined', 45
  WHERE NOT EXISTS (SELECT 1 FROM menus WHERE name = 'Ordering');

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT p.id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission
  FROM menus p JOIN (VALUES
    ('OrderingPurchase', '/erp/ordering/purchase', 'ordering/purchase/index', '订货', 'AppstoreOutlined', 10, 'ordering:catalogue:view'),
    ('OrderingSeason', '/erp/ordering/season', 'ordering/season/index', '订货季', 'BookOutlined', 50, 'ordering:season:list')
  ) AS v (name, path, component, title, icon, sort, permission) ON p.name = 'Ordering';

INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', 'OrderingSeasonEditBtn', '新增/编辑/启停/款式', 'ordering:season:edit', 1
  FROM menus p WHERE p.name = 'OrderingSeason';

-- HQ runs the seasons and may browse any buyer's catalogue; agents and shops browse their own
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('OrderingPurchase', 'OrderingSeason', 'OrderingSeasonEditBtn');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop') AND r.builtin AND m.name = 'OrderingPurchase';
`)
    .execute(db);
}
