import { type Kysely, sql } from 'kysely';

// Lists at volume (600,000 SKUs, hundreds of thousands of stock rows).
//
// 商品名称包含搜索: pg_trgm cannot index a query of one or two characters (a trigram needs three),
// and Chinese product words are mostly two characters (真丝, 羊毛, 大衣), so such a search read every
// product. products.search_grams holds the characters and character pairs of the style no. and of
// the name (lowercased, as ILIKE compares), kept by the database (a stored generated column); a GIN
// index over it answers `search_grams @> query_grams(q)` from the posting lists of the query's
// pairs (or its one character), whatever the catalogue's size. The pairs are a necessary condition
// only: queries keep `name ILIKE %q%` (or the style no. test) beside it, so the answer is exactly
// the ILIKE answer (modules/products/name-search.ts). A column rather than an index over an
// expression: a plan that tests the condition row by row (a recheck, a filter beside an OR) reads
// the column instead of computing the pairs again.
//
// 库存查询 and 尺码横排 list in style-number order: a plain btree on style_no lets a page walk the
// styles in that order and stop once the page is full, instead of sorting every balance row.
// (products_style_no_key is on lower(style_no) with text_pattern_ops: another order.)
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
CREATE FUNCTION text_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT ARRAY(
    SELECT DISTINCT substr(s, i, n)
    FROM (SELECT lower(t) AS s) x, generate_series(1, length(s)) i, (VALUES (1), (2)) v (n)
    WHERE i + n - 1 <= length(s))
$fn$;

-- what a query must find among text_grams: its pairs, or a one-character query's character
CREATE FUNCTION query_grams(q text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT CASE WHEN length(s) < 2 THEN ARRAY[s]
    ELSE ARRAY(SELECT DISTINCT substr(s, i, 2) FROM generate_series(1, length(s) - 1) i) END
  FROM (SELECT lower(q) AS s) x
$fn$;

-- the two columns' pairs apart (no pair across them): each column's own pairs are all there
ALTER TABLE products ADD COLUMN search_grams text[] GENERATED ALWAYS AS (text_grams(style_no) || text_grams(name)) STORED;
CREATE INDEX products_search_grams ON products USING gin (search_grams);
CREATE INDEX products_style_no_idx ON products (style_no);
ANALYZE products;
`)
    .execute(db);
}
