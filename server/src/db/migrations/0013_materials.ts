import { type Kysely, sql } from 'kysely';

// 物料: packaging, display props, POP and fabrics, kept apart from products (no SKUs, no sizes) but
// stock items all the same: warehouse moves will reference materials.id. Unit and category hold
// dictionary item values (`unit`, `material_category`), checked by the service like every form
// value. The 'Products' dir is shared with the product migrations: whichever runs first adds it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE materials (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  unit text NOT NULL,
  specification text NOT NULL DEFAULT '',
  category text NOT NULL,
  image_url text NOT NULL DEFAULT '',
  supplier_id bigint REFERENCES suppliers (id),
  cost_price_fen integer CHECK (cost_price_fen >= 0),
  remark text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- one material per code whatever its case (codes are typed into stock sheets and scanned)
CREATE UNIQUE INDEX materials_code_key ON materials (lower(code));
CREATE INDEX materials_supplier_id_idx ON materials (supplier_id);

INSERT INTO dicts (dict_code, name, remark, sort)
  SELECT 'material_category', '物料类别', '物料的用途分类：包装、陈列、POP 和面辅料', 11
  WHERE NOT EXISTS (SELECT 1 FROM dicts WHERE lower(dict_code) = 'material_category');
INSERT INTO dict_items (dict_id, name, value, remark, sort)
  SELECT d.id, v.name, v.value, v.remark, v.sort
  FROM dicts d JOIN (VALUES
    ('包装物料', 'packaging', '购物袋、包装盒、吊牌绳、防尘袋等', 1),
    ('陈列道具', 'display', '衣架、模特、展示架等', 2),
    ('POP 物料', 'pop', '海报、价签卡、地贴、台卡等', 3),
    ('面辅料', 'fabric', '面料、里料、纽扣、拉链等', 4)
  ) AS v (name, value, remark, sort) ON d.dict_code = 'material_category';

INSERT INTO materials (code, name, unit, specification, category, cost_price_fen, remark) VALUES
  ('WL-BAG-L', '购物袋 大号', 'ge', '牛皮纸 45×35×12cm，双色印 LOGO', 'packaging', 180, '外套、羽绒服用'),
  ('WL-BAG-M', '购物袋 中号', 'ge', '牛皮纸 32×25×10cm，双色印 LOGO', 'packaging', 120, ''),
  ('WL-TAG-ROPE', '吊牌绳', 'ge', '黑色棉绳 18cm，带子弹头', 'packaging', 3, '每件商品一根'),
  ('WL-DUST-BAG', '防尘袋', 'ge', '无纺布 60×90cm', 'packaging', 85, '大衣、连衣裙套装用'),
  ('WL-HANGER-W', '衣架 木质', 'ge', '荷木 42cm，防滑凹槽', 'display', 650, '门店正挂区'),
  ('WL-HANGER-P', '衣架 塑料', 'ge', '黑色 PP 38cm', 'display', 120, '侧挂与仓库'),
  ('WL-MANNEQUIN-F', '模特道具 女装全身', 'tao', '玻璃钢 亚光白，含底座', 'display', 68000, '橱窗陈列'),
  ('WL-POP-A1-AW', 'POP 海报 A1 秋冬上新', 'ge', 'A1 594×841mm，200g 铜版纸覆膜', 'pop', 1500, '2026 秋冬上新主视觉'),
  ('WL-PRICE-CARD', '价签卡', 'ge', '90×54mm 双面印刷，配亚克力台座', 'pop', 40, ''),
  ('WL-FLOOR-STICKER', '地贴 新品指引', 'ge', '直径 60cm 防滑 PVC', 'pop', 2200, ''),
  ('WL-LINING-BLK', '里布 黑色涤纶', 'tiao', '210T 涤纶塔夫绸，门幅 150cm', 'fabric', 950, '按米计，一条为 50 米');

INSERT INTO menus (type, name, path, title, icon, sort)
  SELECT 'dir', 'Products', '/erp/product', '商品管理', 'SkinOutlined', 20
  WHERE NOT EXISTS (SELECT 1 FROM menus WHERE name = 'Products');
INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive)
  SELECT id, 'menu', 'Materials', '/erp/product/material', 'product/material/index', '物料', 'InboxOutlined', 30, 'product:material:list', false
  FROM menus WHERE name = 'Products';
INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('MaterialAdd', '新增', 'product:material:add', 1),
    ('MaterialEdit', '编辑', 'product:material:edit', 2),
    ('MaterialDelete', '删除', 'product:material:delete', 3)
  ) AS v (name, title, permission, sort) ON p.name = 'Materials';

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('Materials', 'MaterialAdd', 'MaterialEdit', 'MaterialDelete');
-- agents and shops order POP and packaging later: they read the list, nothing more
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop') AND r.builtin AND m.name = 'Materials';
`)
    .execute(db);
}
