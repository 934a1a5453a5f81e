import { type Kysely, sql } from 'kysely';

// 订货额度 (issue 17, "Quotas"): what one buyer may order in one season, in amount (fen) and/or
// pieces; a null limit does not restrict. The buyer is the order's buyer (sales_orders.buyer_type
// and buyer_id: the agent when the agent orders for itself, the shop when a shop orders or an agent
// orders as one of its shops), the party the order is priced for — "per agent or shop and season".
// A buyer without a row for the season is not restricted. Reserved and consumed totals are kept on
// the row and moved only with an entry of the append-only ledger; the row equals the sum of its
// entries. Each entry carries its signed effect on both totals (a reservation +reserved; the audit's
// consumption −reserved +consumed; a release −reserved or −consumed), with the order as reference.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE ordering_quotas (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  season_id bigint NOT NULL REFERENCES ordering_seasons (id),
  buyer_type text NOT NULL CHECK (buyer_type IN ('agent', 'shop')),
  buyer_id bigint NOT NULL,
  limit_fen bigint CHECK (limit_fen BETWEEN 0 AND 100000000000),
  limit_pieces integer CHECK (limit_pieces BETWEEN 0 AND 100000000),
  reserved_fen bigint NOT NULL DEFAULT 0 CHECK (reserved_fen >= 0),
  reserved_pieces integer NOT NULL DEFAULT 0 CHECK (reserved_pieces >= 0),
  consumed_fen bigint NOT NULL DEFAULT 0 CHECK (consumed_fen >= 0),
  consumed_pieces integer NOT NULL DEFAULT 0 CHECK (consumed_pieces >= 0),
  remark text NOT NULL DEFAULT '',
  created_by bigint REFERENCES users (id),
  updated_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ordering_quotas_fen_within CHECK (limit_fen IS NULL OR reserved_fen + consumed_fen <= limit_fen),
  CONSTRAINT ordering_quotas_pieces_within CHECK (limit_pieces IS NULL OR reserved_pieces + consumed_pieces <= limit_pieces)
);
CREATE UNIQUE INDEX ordering_quotas_key ON ordering_quotas (season_id, buyer_type, buyer_id);
CREATE INDEX ordering_quotas_buyer_idx ON ordering_quotas (buyer_type, buyer_id);

CREATE TABLE ordering_quota_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quota_id bigint NOT NULL REFERENCES ordering_quotas (id),
  order_id bigint NOT NULL REFERENCES sales_orders (id),
  move text NOT NULL CHECK (move IN ('reserve', 'consume', 'release')),
  reserved_fen bigint NOT NULL DEFAULT 0,
  reserved_pieces integer NOT NULL DEFAULT 0,
  consumed_fen bigint NOT NULL DEFAULT 0,
  consumed_pieces integer NOT NULL DEFAULT 0,
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ordering_quota_entries_quota_idx ON ordering_quota_entries (quota_id, id);
CREATE INDEX ordering_quota_entries_order_idx ON ordering_quota_entries (order_id);

-- append-only like stock_moves and account_entries (each ledger has its own function and message)
CREATE FUNCTION ordering_quota_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION '订货额度流水只能追加，不能修改或删除' USING ERRCODE = 'P0001';
END
$fn$;
CREATE TRIGGER ordering_quota_entries_no_update BEFORE UPDATE OR DELETE ON ordering_quota_entries
  FOR EACH ROW EXECUTE FUNCTION ordering_quota_entries_append_only();
CREATE TRIGGER ordering_quota_entries_no_truncate BEFORE TRUNCATE ON ordering_quota_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ordering_quota_entries_append_only();

INSERT INTO menus (parent_id, type, name, path, component, title, icon, sort, permission)
  SELECT p.id, 'menu', 'OrderingQuota', '/erp/ordering/quota', 'ordering/quota/index', '订货额度', 'DashboardOutlined', 30, 'ordering:quota:list'
  FROM menus p WHERE p.name = 'Ordering';
INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT p.id, 'button', 'OrderingQuotaEditBtn', '新增/编辑', 'ordering:quota:edit', 1
  FROM menus p WHERE p.name = 'OrderingQuota';

-- HQ sets the quotas; agents and shops read their own with what is left
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code = 'admin' AND m.name IN ('OrderingQuota', 'OrderingQuotaEditBtn');
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m
  WHERE r.code IN ('agent', 'shop') AND r.builtin AND m.name = 'OrderingQuota';
`)
    .execute(db);
}
