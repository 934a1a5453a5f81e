import { type Kysely, sql } from 'kysely';

// 标签: tag groups (which objects they apply to, single or multiple choice), their tags, and the
// links of tags to products, members and shops. Links carry no foreign key to their target: the
// target tables live in other modules (products and members do not exist yet); the tags service
// checks the target, and a deleted tag takes its links with it in one transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE tag_groups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  applies_to text[] NOT NULL CHECK (
    cardinality(applies_to) BETWEEN 1 AND 3 AND applies_to <@ ARRAY['product', 'member', 'shop']::text[]
  ),
  multiple boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  remark text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tag_groups_name_key ON tag_groups (name);

CREATE TABLE tags (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES tag_groups (id),
  name text NOT NULL,
  -- antd preset colour names
  color text NOT NULL DEFAULT 'blue' CHECK (color IN
    ('blue', 'geekblue', 'purple', 'magenta', 'red', 'volcano', 'orange', 'gold', 'yellow', 'lime', 'green', 'cyan')),
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tags_group_name_key ON tags (group_id, name);

CREATE TABLE tag_links (
  tag_id bigint NOT NULL REFERENCES tags (id),
  target_type text NOT NULL CHECK (target_type IN ('product', 'member', 'shop')),
  target_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tag_id, target_type, target_id)
);
-- the tags of one object (tagsOf, setTags)
CREATE INDEX tag_links_target_idx ON tag_links (target_type, target_id);

INSERT INTO tag_groups (name, applies_to, multiple, sort, remark) VALUES
  ('商品风格', ARRAY['product'], true, 1, '款式的穿着场景与风格，用于选品和陈列'),
  ('商品卖点', ARRAY['product'], true, 2, '上新、主推和清仓等营销卖点'),
  ('会员偏好', ARRAY['member'], true, 3, '会员的消费习惯和尺码、品类偏好，用于精准营销'),
  ('门店等级', ARRAY['shop'], false, 4, '按销售额和面积评定，决定配货优先级（每店一个等级）'),
  ('门店商圈', ARRAY['shop'], true, 5, '门店所处商圈类型');

INSERT INTO tags (group_id, name, color, sort)
  SELECT g.id, v.name, v.color, v.sort
  FROM tag_groups g JOIN (VALUES
    ('商品风格', '通勤', 'geekblue', 1),
    ('商品风格', '休闲', 'cyan', 2),
    ('商品风格', '运动', 'green', 3),
    ('商品风格', '国潮', 'red', 4),
    ('商品风格', '商务', 'purple', 5),
    ('商品卖点', '新品', 'blue', 1),
    ('商品卖点', '爆款', 'volcano', 2),
    ('商品卖点', '清仓', 'gold', 3),
    ('商品卖点', '联名', 'magenta', 4),
    ('会员偏好', '价格敏感', 'orange', 1),
    ('会员偏好', '高频复购', 'green', 2),
    ('会员偏好', '大码', 'purple', 3),
    ('会员偏好', '童装', 'cyan', 4),
    ('门店等级', 'A 类店', 'red', 1),
    ('门店等级', 'B 类店', 'orange', 2),
    ('门店等级', 'C 类店', 'blue', 3),
    ('门店商圈', '购物中心', 'geekblue', 1),
    ('门店商圈', '步行街', 'volcano', 2),
    ('门店商圈', '社区', 'green', 3),
    ('门店商圈', '奥莱', 'gold', 4)
  ) AS v (group_name, name, color, sort) ON v.group_name = g.name;

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission, keep_alive)
  SELECT id, 'menu', 'Tags', '/erp/system/tag', 'system/tag/index', '标签', 'TagsOutlined', 8, 'system:tag:list', false
  FROM menus WHERE name = 'System';
INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', v.name, v.title, v.permission, v.sort
  FROM menus p JOIN (VALUES
    ('TagAdd', '新增', 'system:tag:add', 1),
    ('TagEdit', '编辑', 'system:tag:edit', 2),
    ('TagDelete', '删除', 'system:tag:delete', 3)
  ) AS v (name, title, permission, sort) ON p.name = 'Tags';

INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('Tags', 'TagAdd', 'TagEdit', 'TagDelete');
`)
    .execute(db);
}
