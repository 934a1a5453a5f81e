import { type Kysely, sql } from 'kysely';

// 商品资料: brands, a category tree of at most three levels, size groups with their ordered sizes
// (exactly one default group), and colours. Products (0014) reference these tables; the
// "in use" checks live in the product-master services as hooks the products module fills in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE brands (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  logo_url text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  remark text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX brands_code_key ON brands (code);
CREATE UNIQUE INDEX brands_name_key ON brands (name);

CREATE TABLE product_categories (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_id bigint REFERENCES product_categories (id),
  code text NOT NULL,
  name text NOT NULL,
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX product_categories_code_key ON product_categories (code);
-- sibling names are unique; top-level categories count as one group of siblings
CREATE UNIQUE INDEX product_categories_parent_name_key ON product_categories ((coalesce(parent_id, 0)), name);
CREATE INDEX product_categories_parent_idx ON product_categories (parent_id);

CREATE TABLE size_groups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX size_groups_code_key ON size_groups (code);
CREATE UNIQUE INDEX size_groups_name_key ON size_groups (name);
CREATE UNIQUE INDEX size_groups_one_default ON size_groups (is_default) WHERE is_default;

CREATE TABLE sizes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES size_groups (id),
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sizes_group_name_key ON sizes (group_id, name);

CREATE TABLE colours (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  hex text NOT NULL DEFAULT '' CHECK (hex = '' OR hex ~ '^#[0-9A-F]{6}$'),
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX colours_code_key ON colours (code);
CREATE UNIQUE INDEX colours_name_key ON colours (name);

INSERT INTO brands (code, name, sort, remark) VALUES
  ('YS', '衣尚', 1, '主品牌：女装、男装与配饰'),
  ('YSK', '衣尚童装', 2, '童装线');

INSERT INTO product_categories (code, name, level, sort) VALUES
  ('01', '女装', 1, 1), ('02', '男装', 1, 2), ('03', '配饰', 1, 3);
INSERT INTO product_categories (parent_id, code, name, level, sort)
  SELECT p.id, v.code, v.name, 2, v.sort
  FROM product_categories p JOIN (VALUES
    ('01', '0101', '外套', 1), ('01', '0102', '上衣', 2), ('01', '0103', '裙装', 3),
    ('02', '0201', '外套', 1), ('02', '0202', '裤装', 2),
    ('03', '0301', '围巾', 1), ('03', '0302', '帽子', 2)
  ) AS v (parent, code, name, sort) ON p.code = v.parent;
INSERT INTO product_categories (parent_id, code, name, level, sort)
  SELECT p.id, v.code, v.name, 3, v.sort
  FROM product_categories p JOIN (VALUES
    ('0101', '010101', '大衣', 1), ('0101', '010102', '羽绒服', 2), ('0101', '010103', '风衣', 3),
    ('0102', '010201', 'T恤', 1), ('0102', '010202', '衬衫', 2), ('0102', '010203', '针织衫', 3),
    ('0103', '010301', '连衣裙', 1), ('0103', '010302', '半身裙', 2),
    ('0201', '020101', '夹克', 1), ('0201', '020102', '羽绒服', 2),
    ('0202', '020201', '休闲裤', 1), ('0202', '020202', '牛仔裤', 2)
  ) AS v (parent, code, name, sort) ON p.code = v.parent;

INSERT INTO size_groups (code, name, sort, is_default) VALUES
  ('DEFAULT', '常规尺码', 1, true),
  ('WAIST', '裤装腰围', 2, false),
  ('KIDS', '童装身高', 3, false);
INSERT INTO sizes (group_id, name, sort)
  SELECT g.id, v.name, v.sort
  FROM size_groups g JOIN (VALUES
    ('DEFAULT', 'F', 1), ('DEFAULT', 'S', 2), ('DEFAULT', 'M', 3), ('DEFAULT', 'L', 4),
    ('DEFAULT', 'XL', 5), ('DEFAULT', 'XXL', 6), ('DEFAULT', 'XXXL', 7),
    ('WAIST', '26', 1), ('WAIST', '27', 2), ('WAIST', '28', 3), ('WAIST', '29', 4), ('WAIST', '30', 5),
    ('WAIST', '31', 6), ('WAIST', '32', 7), ('WAIST', '33', 8), ('WAIST', '34', 9),
    ('KIDS', '90', 1), ('KIDS', '100', 2), ('KIDS', '110', 3), ('KIDS', '120', 4),
    ('KIDS', '130', 5), ('KIDS', '140', 6), ('KIDS', '150', 7), ('KIDS', '160', 8)
  ) AS v (grp, name, sort) ON g.code = v.grp;

INSERT INTO colours (code, name, hex, sort) VALUES
  ('BK', '黑色', '#000000', 1),
  ('WH', '白色', '#FFFFFF', 2),
  ('CA', '驼色', '#C19A6B', 3),
  ('NV', '藏青', '#1F2A44', 4),
  ('GY', '灰色', '#8C8C8C', 5),
  ('RD', '红色', '#C8102E', 6),
  ('BG', '米色', '#F5F0DC', 7),
  ('KH', '卡其', '#C3B091', 8);

INSERT INTO menus (type, name, path, title, icon, sort)
  VALUES ('dir', 'Products', '/erp/product', '商品管理', 'SkinOutlined', 20);
INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT id, 'menu', v.name, v.path, v.component, v.title, v.icon, v.sort, v.permission
  FROM menus, (VALUES
    ('Brands', '/erp/product/brand', 'product/brand/index', '品牌', 'CrownOutlined', 10, 'product:brand:list'),
    ('ProductCategories', '/erp/product/category', 'product/category/index', '商品分类', 'ApartmentOutlined', 11, 'product:category:list'),
    ('SizeGroups', '/erp/product/size', 'product/size/index', '尺码组', 'ColumnWidthOutlined', 12, 'product:size:list'),
    ('Colours', '/erp/product/colour', 'product/colour/index', '颜色', 'BgColorsOutlined', 13, 'product:colour:list')
  ) AS v (name, path, component, title, icon, sort, permission)
  WHERE menus.name = 'Products';
INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, '编辑', v.permission, 1
  FROM menus p JOIN (VALUES
    ('Brands', 'BrandEdit', 'product:brand:edit'),
    ('ProductCategories', 'ProductCategoryEdit', 'product:category:edit'),
    ('SizeGroups', 'SizeGroupEdit', 'product:size:edit'),
    ('Colours', 'ColourEdit', 'product:colour:edit')
  ) AS v (parent, name, permission) ON p.name = v.parent;

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('Brands', 'BrandEdit', 'ProductCategories', 'ProductCategoryEdit',
    'SizeGroups', 'SizeGroupEdit', 'Colours', 'ColourEdit');
`)
    .execute(db);
}
