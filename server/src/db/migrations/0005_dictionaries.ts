import { type Kysely, sql } from 'kysely';

// 字典管理: dictionaries and their items, the page with its three buttons, and the dictionaries
// the product's forms need. A dictionary with items is never deleted (no cascade), and its code
// stays fixed once items exist (checked by the service): forms and stored values depend on both.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE dicts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dict_code text NOT NULL,
  name text NOT NULL,
  remark text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- one dictionary per code whatever its case: Season beside season would only confuse
CREATE UNIQUE INDEX dicts_dict_code_key ON dicts (lower(dict_code));

CREATE TABLE dict_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dict_id bigint NOT NULL REFERENCES dicts (id),
  name text NOT NULL,
  value text NOT NULL,
  remark text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX dict_items_value_key ON dict_items (dict_id, lower(value));
CREATE UNIQUE INDEX dict_items_name_key ON dict_items (dict_id, name);

INSERT INTO dicts (dict_code, name, remark, sort) VALUES
  ('season', '季节', '商品上市季节', 1),
  ('year', '年份', '商品年份（款式上市年份）', 2),
  ('gender', '性别', '商品适用性别', 3),
  ('unit', '单位', '商品计量单位', 4),
  ('grade', '等级', '产品质量等级，印在吊牌和水洗标上', 5),
  ('safety_category', '安全类别', 'GB 18401-2010《国家纺织产品基本安全技术规范》安全技术类别', 6),
  ('payment_method', '支付方式', '收银台可用的支付方式', 7),
  ('shop_type', '门店类型', '门店经营方式', 8),
  ('region', '区域', '销售区域，用于门店、代理商归属和报表汇总', 9),
  ('return_reason', '退货原因', '门店、代理商退货时选择的原因', 10);

INSERT INTO dict_items (dict_id, name, value, remark, sort)
  SELECT d.id, v.name, v.value, v.remark, v.sort
  FROM dicts d JOIN (VALUES
    ('season', '春', 'spring', '', 1),
    ('season', '夏', 'summer', '', 2),
    ('season', '秋', 'autumn', '', 3),
    ('season', '冬', 'winter', '', 4),
    ('season', '四季', 'all', '四季通用款', 5),
    ('year', '2024年', '2024', '', 1),
    ('year', '2025年', '2025', '', 2),
    ('year', '2026年', '2026', '', 3),
    ('year', '2027年', '2027', '', 4),
    ('gender', '男', 'male', '', 1),
    ('gender', '女', 'female', '', 2),
    ('gender', '中性', 'unisex', '男女同款', 3),
    ('gender', '童', 'kids', '童装', 4),
    ('unit', '件', 'jian', '上衣、外套、连衣裙等', 1),
    ('unit', '条', 'tiao', '裤子、半身裙、围巾、腰带等', 2),
    ('unit', '套', 'tao', '套装', 3),
    ('unit', '双', 'shuang', '鞋、袜、手套', 4),
    ('unit', '顶', 'ding', '帽子', 5),
    ('unit', '个', 'ge', '包袋、饰品等', 6),
    ('grade', '合格品', 'qualified', '', 1),
    ('grade', '一等品', 'first', '', 2),
    ('grade', '优等品', 'superior', '', 3),
    ('safety_category', 'GB 18401-2010 A类', 'A', '婴幼儿纺织产品', 1),
    ('safety_category', 'GB 18401-2010 B类', 'B', '直接接触皮肤的纺织产品', 2),
    ('safety_category', 'GB 18401-2010 C类', 'C', '非直接接触皮肤的纺织产品', 3),
    ('payment_method', '现金', 'cash', '', 1),
    ('payment_method', '微信支付', 'wechat', '', 2),
    ('payment_method', '支付宝', 'alipay', '', 3),
    ('payment_method', '银行卡', 'bank_card', '借记卡、信用卡', 4),
    ('payment_method', '储值卡', 'stored_card', '会员储值余额', 5),
    ('payment_method', '优惠券', 'coupon', '', 6),
    ('shop_type', '直营', 'direct', '总部直营门店', 1),
    ('shop_type', '加盟', 'franchise', '加盟商经营，可隶属代理商', 2),
    ('region', '华东', 'east', '上海、江苏、浙江、安徽、福建、江西、山东', 1),
    ('region', '华南', 'south', '广东、广西、海南', 2),
    ('region', '华北', 'north', '北京、天津、河北、山西、内蒙古', 3),
    ('region', '华中', 'central', '河南、湖北、湖南', 4),
    ('region', '西南', 'southwest', '重庆、四川、贵州、云南、西藏', 5),
    ('region', '西北', 'northwest', '陕西、甘肃、青海、宁夏、新疆', 6),
    ('region', '东北', 'northeast', '辽宁、吉林、黑龙江', 7),
    ('region', '海外', 'overseas', '港澳台及海外', 8),
    ('return_reason', '质量问题', 'quality', '', 1),
    ('return_reason', '尺码不合适', 'size', '', 2),
    ('return_reason', '颜色不符', 'colour', '', 3),
    ('return_reason', '滞销退货', 'unsalable', '', 4),
    ('return_reason', '其他', 'other', '', 5)
  ) AS v (dict_code, name, value, remark, sort) ON v.dict_code = d.dict_code;

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT id, 'menu', 'Dicts', '/erp/system/dict', 'system/dict/index', '字典管理', 'BookOutlined', 3, 'system:dict:list'
  FROM menus WHERE name = 'System';
INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus, (VALUES
    ('DictAdd', '新增字典', 'system:dict:add', 1),
    ('DictEdit', '编辑字典', 'system:dict:edit', 2),
    ('DictDelete', '删除字典', 'system:dict:delete', 3)
  ) AS v (name, title, permission, sort)
  WHERE menus.name = 'Dicts';

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('Dicts', 'DictAdd', 'DictEdit', 'DictDelete');
`)
    .execute(db);
}
