import { type Kysely, sql } from 'kysely';

// 配码 (size runs, DESIGN §9): a run belongs to a size group and holds pieces per size of that
// group (S1 M2 L2 XL1); one run of a group may be its default. Counts reference the sizes, so a
// size a run uses cannot be removed from its group (the service refuses first, with the run's
// name). Per style: the run it is ordered in by default, 整手订货 and 起订手数.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE TABLE size_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES size_groups (id),
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX size_runs_group_name_key ON size_runs (group_id, name);
-- at most one default per group, and it is enabled
CREATE UNIQUE INDEX size_runs_one_default ON size_runs (group_id) WHERE is_default;
ALTER TABLE size_runs ADD CONSTRAINT size_runs_default_enabled CHECK (NOT is_default OR enabled);

-- only sizes the run holds pieces of; a size absent here is 0 in the run
CREATE TABLE size_run_counts (
  run_id bigint NOT NULL REFERENCES size_runs (id) ON DELETE CASCADE,
  size_id bigint NOT NULL REFERENCES sizes (id),
  count integer NOT NULL CHECK (count BETWEEN 1 AND 999),
  PRIMARY KEY (run_id, size_id)
);
CREATE INDEX size_run_counts_size_idx ON size_run_counts (size_id);

ALTER TABLE products
  ADD COLUMN size_run_id bigint REFERENCES size_runs (id),
  ADD COLUMN whole_runs boolean NOT NULL DEFAULT false,
  ADD COLUMN min_runs integer NOT NULL DEFAULT 0 CHECK (min_runs BETWEEN 0 AND 9999);
CREATE INDEX products_size_run_idx ON products (size_run_id) WHERE size_run_id IS NOT NULL;

-- 配码 is managed on the 尺码组 page: its own button code, granted to HQ's admin role
INSERT INTO menus (parent_id, type, name, title, permission, sort)
  SELECT id, 'button', 'SizeRunEdit', '配码', 'product:sizerun:edit', 2 FROM menus WHERE name = 'SizeGroups';
INSERT INTO role_menus (role_id, menu_id)
  SELECT r.id, m.id FROM roles r, menus m WHERE r.code = 'admin' AND m.name = 'SizeRunEdit';
`)
    .execute(db);
}
