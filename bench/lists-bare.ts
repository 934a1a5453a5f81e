// The bare side of bench/lists.bench.ts: the least SQL a developer would hand-write for the same
// answer as each list (HQ, no filter), over a plain pg.Pool — no HTTP, session, scope, validation or
// JSON shaping. It uses the same indexes as the app (0021), so the ratio is the app's overhead.
import type pg from 'pg';

const CAP = 10_000;

export function bareSql(pool: pg.Pool) {
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  return {
    /** 库存查询, default order: goods walked in style order and materials, merged; the count capped. */
    async balancesPage(page: number, limit: number) {
      const offset = (page - 1) * limit;
      const take = offset + limit + 1;
      // colour, size and shelf by primary key as scalar subqueries: out of the planner's join search
      const { rows } = await q(
        `SELECT * FROM (
          (SELECT b.id, b.warehouse_id, w.code AS warehouse_code, w.name AS warehouse_name, b.shelf_id,
             (SELECT code FROM shelves s WHERE s.id = b.shelf_id) AS shelf_code, b.sku_id, p.id AS product_id, p.style_no, p.name AS product_name,
             (SELECT name FROM colours c WHERE c.id = k.colour_id) AS colour_name, (SELECT name FROM sizes z WHERE z.id = k.size_id) AS size_name,
             k.barcode, b.material_id, NULL::text AS material_code, NULL::text AS material_name, b.quantity, b.updated_at,
             p.style_no AS item_key, (SELECT sort FROM colours c WHERE c.id = k.colour_id) AS cs, k.colour_id AS ci,
             (SELECT sort FROM sizes z WHERE z.id = k.size_id) AS zs, k.size_id AS zi
           FROM products p JOIN skus k ON k.product_id = p.id JOIN stock_balances b ON b.sku_id = k.id JOIN warehouses w ON w.id = b.warehouse_id
           WHERE b.quantity <> 0
           ORDER BY p.style_no, cs, ci, zs, zi, w.code, shelf_code, b.id LIMIT $1)
          UNION ALL
          (SELECT b.id, b.warehouse_id, w.code, w.name, b.shelf_id, (SELECT code FROM shelves s WHERE s.id = b.shelf_id) AS shelf_code, b.sku_id,
             NULL, NULL, NULL, NULL, NULL, NULL, b.material_id, m.code, m.name, b.quantity, b.updated_at, m.code, NULL, NULL, NULL, NULL
           FROM stock_balances b JOIN materials m ON m.id = b.material_id JOIN warehouses w ON w.id = b.warehouse_id
           WHERE b.quantity <> 0 AND b.material_id IS NOT NULL
           ORDER BY m.code, w.code, shelf_code, b.id LIMIT $1)
        ) u ORDER BY item_key, cs, ci, zs, zi, warehouse_code, shelf_code, id LIMIT $2 OFFSET $3`,
        [take, limit + 1, offset],
      );
      const more = rows.length > limit;
      const records = rows.slice(0, limit);
      if (!more) return { records, total: offset + records.length };
      const { rows: counted } = await q(`SELECT count(*)::int AS n FROM (SELECT 1 FROM stock_balances WHERE quantity <> 0 LIMIT ${CAP + 1}) c`);
      const n = counted[0].n as number;
      return { records, total: Math.min(n, CAP) };
    },

    /** 尺码横排: styles holding stock in style order (page + 1 to know there is more), then their SKUs' stock. */
    async gridPage(page: number, limit: number) {
      const offset = (page - 1) * limit;
      const { rows: groups } = await q(
        `SELECT p.id, g.quantity FROM products p
         CROSS JOIN LATERAL (SELECT sum(b.quantity)::int AS quantity FROM skus k JOIN stock_balances b ON b.sku_id = k.id
                             WHERE k.product_id = p.id AND b.quantity <> 0 HAVING count(*) > 0) g
         ORDER BY p.style_no LIMIT $1 OFFSET $2`,
        [limit + 1, offset],
      );
      const more = groups.length > limit;
      const records = groups.slice(0, limit).map((g) => ({ productId: Number(g.id), quantity: g.quantity as number }));
      const { rows: cells } = await q(
        `SELECT p.id, p.style_no, p.name, br.name AS brand_name, pc.name AS category_name, p.cost_price_fen, p.main_image,
           k.id AS sku_id, k.colour_id, c.name AS colour_name, c.sort AS colour_sort, k.size_id, z.name AS size_name, z.sort AS size_sort,
           (SELECT sum(b.quantity) FROM stock_balances b WHERE b.sku_id = k.id AND b.quantity <> 0) AS quantity
         FROM products p JOIN brands br ON br.id = p.brand_id JOIN product_categories pc ON pc.id = p.category_id
           JOIN skus k ON k.product_id = p.id JOIN colours c ON c.id = k.colour_id JOIN sizes z ON z.id = k.size_id
         WHERE p.id = ANY($1::bigint[])`,
        [records.map((r) => r.productId)],
      );
      return { records, cells, total: more ? offset + limit + 1 : offset + records.length };
    },

    /** 尺码横排's whole filter: styles holding stock, pieces, value at cost. */
    async gridTotals() {
      const { rows } = await q(
        `SELECT count(*)::int AS total, coalesce(sum(quantity), 0)::bigint AS quantity, coalesce(sum(value), 0)::bigint AS value FROM (
           SELECT k.product_id, sum(b.quantity) AS quantity, sum(b.quantity::bigint * p.cost_price_fen) AS value
           FROM stock_balances b JOIN skus k ON k.id = b.sku_id JOIN products p ON p.id = k.product_id
           WHERE b.quantity <> 0 GROUP BY k.product_id) g`,
      );
      return { total: rows[0].total as number, quantity: Number(rows[0].quantity), valueFen: Number(rows[0].value) };
    },

    /** The picker search: style-no. prefix first, then names containing the word (character-pair index). */
    async productSearch(word: string, limit: number) {
      const prefix = `${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const contains = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { rows } = await q(
        `(SELECT id, style_no, name, retail_price_fen, status, main_image FROM products WHERE lower(style_no) LIKE $1 ORDER BY lower(style_no) LIMIT $4)
         UNION ALL
         (SELECT id, style_no, name, retail_price_fen, status, main_image FROM products
          WHERE search_grams @> query_grams($2) AND name ILIKE $3 AND lower(style_no) NOT LIKE $1 LIMIT $4)
         LIMIT $4`,
        [prefix, word, contains, limit],
      );
      return rows;
    },
  };
}
export type Bare = ReturnType<typeof bareSql>;
