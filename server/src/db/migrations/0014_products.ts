import { type Kysely, sql } from 'kysely';

// 商品 (款) and their SKUs (colour × size, one barcode each).
// Barcodes: an SKU's barcode is unique across the system. Automatic barcodes are EAN-13 made from
// system_settings.barcodePrefix (3–11 digits: GS1 country prefix 690–699 + company number) and the
// running number from sku_barcode_seq, zero-padded so prefix + number is 12 digits, then the
// check digit. The default prefix 692088 leaves 6 digits: 1,000,000 codes.
// Search speed (600,000 SKUs): barcode by its unique btree; style-no prefix by lower(style_no)
// text_pattern_ops; name / style-no contains by pg_trgm GIN indexes (PGlite loads the extension
// when the instance is created, see db/database.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
-- in public, qualified below: a per-schema copy would go with a dropped test schema
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

CREATE TABLE products (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  style_no text NOT NULL,
  name text NOT NULL,
  brand_id bigint NOT NULL REFERENCES brands (id),
  category_id bigint NOT NULL REFERENCES product_categories (id),
  year integer NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  -- item values of the season, gender and unit dictionaries
  season text NOT NULL,
  gender text NOT NULL,
  unit text NOT NULL,
  retail_price_fen integer NOT NULL CHECK (retail_price_fen >= 0),
  wholesale_price_fen integer NOT NULL CHECK (wholesale_price_fen >= 0),
  cost_price_fen integer NOT NULL CHECK (cost_price_fen >= 0),
  supplier_id bigint REFERENCES suppliers (id),
  status text NOT NULL DEFAULT 'on_sale' CHECK (status IN ('on_sale', 'off_sale')),
  -- hang tag and wash label: [{ part?, fibres: [{ name, percent }] }], [{ symbol?, text }]
  composition jsonb NOT NULL DEFAULT '[]',
  care jsonb NOT NULL DEFAULT '[]',
  grade text NOT NULL DEFAULT '',
  safety_category text NOT NULL DEFAULT '',
  standard text NOT NULL DEFAULT '',
  main_image text NOT NULL DEFAULT '',
  gallery jsonb NOT NULL DEFAULT '[]',
  size_group_id bigint NOT NULL REFERENCES size_groups (id),
  remark text NOT NULL DEFAULT '',
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- one style number whatever its case; also serves prefix search on lower(style_no)
CREATE UNIQUE INDEX products_style_no_key ON products (lower(style_no) text_pattern_ops);
CREATE INDEX products_name_trgm ON products USING gin (name public.gin_trgm_ops);
CREATE INDEX products_style_no_trgm ON products USING gin (style_no public.gin_trgm_ops);
CREATE INDEX products_brand_idx ON products (brand_id);
CREATE INDEX products_category_idx ON products (category_id);
CREATE INDEX products_supplier_idx ON products (supplier_id);
CREATE INDEX products_created_idx ON products (created_at);

CREATE TABLE skus (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id bigint NOT NULL REFERENCES products (id),
  colour_id bigint NOT NULL REFERENCES colours (id),
  size_id bigint NOT NULL REFERENCES sizes (id),
  barcode text NOT NULL,
  seller_sku text,
  marketplace_group text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (seller_sku IS NULL OR marketplace_group IS NOT NULL)
);
CREATE UNIQUE INDEX skus_barcode_key ON skus (barcode);
CREATE UNIQUE INDEX skus_product_colour_size_key ON skus (product_id, colour_id, size_id);
CREATE UNIQUE INDEX skus_seller_sku_key ON skus (marketplace_group, seller_sku) WHERE seller_sku IS NOT NULL;
CREATE INDEX skus_colour_idx ON skus (colour_id);
CREATE INDEX skus_size_idx ON skus (size_id);

CREATE SEQUENCE sku_barcode_seq START 1;
INSERT INTO system_settings (key, value) VALUES ('barcodePrefix', '692088') ON CONFLICT (key) DO NOTHING;

INSERT INTO menus (type, name, path, title, icon, sort)
  SELECT 'dir', 'Products', '/erp/product', '商品管理', 'SkinOutlined', 20
  WHERE NOT EXISTS (SELECT 1 FROM menus WHERE name = 'Products');
-- 商品 page: disabled until its screen lands (a feature not built is absent from the menu). A
-- disabled page grants nothing (buildAccess reads enabled rows only), so until then the product
-- routes answer 403 to everyone; the screen's migration sets enabled = true. The grants are here
-- already: admin everything, agents/shops/suppliers the page (read) only.
INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive, enabled)
  SELECT id, 'menu', 'ProductList', '/erp/product/list', 'product/list/index', '商品', 'SkinOutlined', 1, 'product:product:list', true, false
  FROM menus WHERE name = 'Products';
INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('ProductAdd', '新增', 'product:product:add', 1),
    ('ProductEdit', '编辑', 'product:product:edit', 2),
    ('ProductStatus', '上下架', 'product:product:status', 3),
    ('ProductImport', '导入', 'product:product:import', 4)
  ) AS v (name, title, permission, sort) ON p.name = 'ProductList';

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('ProductList', 'ProductAdd', 'ProductEdit', 'ProductStatus', 'ProductImport');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop', 'supplier') AND m.name = 'ProductList';
`)
    .execute(db);
}
