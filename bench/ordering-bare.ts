// The bare side of bench/ordering.bench.ts: the least SQL a developer would hand-write for the same
// work, over a plain pg.Pool of the same size as the app's — no HTTP, session, scope, validation,
// pricing or JSON shaping. This file knows the tables; the app side goes through the HTTP API only.
import type pg from 'pg';

export interface CatalogueFilter {
  brandId?: number;
  /** with its children and grandchildren */
  categoryId?: number;
  season?: string;
  year?: number;
  tagId?: number;
  keyword?: string;
  sort?: 'styleNo' | 'wholesalePrice' | 'newest';
  order?: 'asc' | 'desc';
}

const SORT_COLUMNS = { styleNo: 'p.style_no', wholesalePrice: 'p.wholesale_price_fen', newest: 'p.created_at' } as const;
const TODAY = `(now() AT TIME ZONE 'Asia/Shanghai')::date`;

/** What a line of a priced order holds, as the bare submission writes it. */
export interface BareOrderLine {
  productId: number;
  skuId: number;
  colourName: string;
  sizeName: string;
  ordered: number;
  unitPriceFen: number;
  /** the price steps, JSON */
  steps: string;
}

async function inTransaction<T>(pool: pg.Pool, work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const result = await work(c);
    await c.query('COMMIT');
    return result;
  } catch (error) {
    await c.query('ROLLBACK');
    throw error;
  } finally {
    c.release();
  }
}

export function bareOrdering(pool: pg.Pool) {
  return {
    /**
     * A catalogue page: the seasons open today by id, the page's keys (season, style, sort column)
     * among their on-sale styles under the filter — one more than the page, with the filter's count —
     * and the page's columns joined to those keys only; the styles' active SKUs with HQ's stock summed
     * over warehouses and shelves; the buyer's quota row of the season.
     */
    async cataloguePage(filter: CatalogueFilter, page: number, limit: number, quota: { seasonId: number; buyerType: string; buyerId: number }) {
      const { rows: open } = await pool.query(`SELECT id FROM ordering_seasons WHERE enabled AND opens_on <= ${TODAY} AND closes_on >= ${TODAY}`);
      const values: unknown[] = [open.map((o) => o.id)];
      const param = (v: unknown) => {
        values.push(v);
        return `$${values.length}`;
      };
      const where = [`s.season_id = ANY($1::bigint[])`, `p.status = 'on_sale'`];
      if (filter.brandId !== undefined) where.push(`p.brand_id = ${param(filter.brandId)}`);
      if (filter.season) where.push(`p.season = ${param(filter.season)}`);
      if (filter.year !== undefined) where.push(`p.year = ${param(filter.year)}`);
      if (filter.categoryId !== undefined) {
        const c = param(filter.categoryId);
        where.push(`p.category_id IN (SELECT id FROM product_categories WHERE id = ${c} OR parent_id = ${c}
          OR parent_id IN (SELECT id FROM product_categories WHERE parent_id = ${c}))`);
      }
      if (filter.tagId !== undefined) where.push(`EXISTS (SELECT 1 FROM tag_links t WHERE t.tag_id = ${param(filter.tagId)} AND t.target_type = 'product' AND t.target_id = p.id)`);
      if (filter.keyword) {
        const k = param(filter.keyword);
        const pattern = param(`%${filter.keyword}%`);
        where.push(`p.search_grams @> query_grams(${k}) AND (p.style_no ILIKE ${pattern} OR p.name ILIKE ${pattern})`);
      }
      const from = `FROM ordering_season_styles s JOIN products p ON p.id = s.product_id WHERE ${where.join(' AND ')}`;
      const sort = SORT_COLUMNS[filter.sort ?? 'styleNo'];
      const order = filter.order === 'desc' ? 'DESC' : 'ASC';
      const filterValues = [...values];
      const { rows: found } = await pool.query(
        `SELECT o.id AS season_id, o.name AS season_name, o.kind AS season_kind, p.id AS product_id, p.style_no, p.name, p.year, p.season,
           p.main_image, p.wholesale_price_fen, b.name AS brand_name, c.name AS category_name, k.total
         FROM (SELECT s.season_id, p.id, ${sort} AS sort_key, count(*) OVER () AS total ${from} ORDER BY ${sort} ${order}, p.id ${order}, s.season_id
               LIMIT ${param(limit + 1)} OFFSET ${param((page - 1) * limit)}) k
         JOIN ordering_seasons o ON o.id = k.season_id JOIN products p ON p.id = k.id
         LEFT JOIN brands b ON b.id = p.brand_id LEFT JOIN product_categories c ON c.id = p.category_id
         ORDER BY k.sort_key ${order}, k.id ${order}, k.season_id`,
        values,
      );
      const records = found.slice(0, limit);
      const total =
        found.length > limit
          ? Number(found[0].total)
          : records.length > 0 || page === 1
            ? (page - 1) * limit + records.length
            : Number((await pool.query(`SELECT count(*) AS n ${from}`, filterValues)).rows[0].n);
      const { rows: skus } = await pool.query(
        `SELECT k.id AS sku_id, k.product_id, k.barcode, col.id AS colour_id, col.code AS colour_code, col.name AS colour_name, col.hex AS colour_hex,
           z.id AS size_id, z.name AS size_name, z.sort AS size_sort,
           (SELECT coalesce(sum(b.quantity), 0) FROM stock_balances b JOIN warehouses w ON w.id = b.warehouse_id
            WHERE b.sku_id = k.id AND w.type = 'hq' AND w.enabled) AS available
         FROM skus k JOIN colours col ON col.id = k.colour_id JOIN sizes z ON z.id = k.size_id
         WHERE k.product_id = ANY($1::bigint[]) AND k.status = 'active'
         ORDER BY k.product_id, col.sort, col.id, z.sort`,
        [records.map((r) => r.product_id)],
      );
      const { rows: quotas } = await pool.query('SELECT * FROM ordering_quotas WHERE season_id = $1 AND buyer_type = $2 AND buyer_id = $3', [
        quota.seasonId,
        quota.buyerType,
        quota.buyerId,
      ]);
      return { records, total, skus, quota: quotas[0] ?? null };
    },

    /** The quota row alone (what 额度剩余 reads). */
    async quotaRow(quota: { seasonId: number; buyerType: string; buyerId: number }) {
      const { rows } = await pool.query('SELECT * FROM ordering_quotas WHERE season_id = $1 AND buyer_type = $2 AND buyer_id = $3', [
        quota.seasonId,
        quota.buyerType,
        quota.buyerId,
      ]);
      return rows[0] ?? null;
    },

    /**
     * A draft's submission with its lines priced beforehand: lock the header, rewrite the lines with
     * one INSERT … SELECT unnest, the status and totals on the header, lock the buyer's quota, append
     * the reservation and move the row — one transaction.
     */
    submitOrder: (orderId: number, userId: number, lines: readonly BareOrderLine[]) =>
      inTransaction(pool, async (c) => {
        const { rows } = await c.query('SELECT status, season_id, buyer_type, buyer_id FROM sales_orders WHERE id = $1 FOR UPDATE', [orderId]);
        const order = rows[0];
        if (order?.status !== 'draft') throw new Error(`order ${orderId} is ${order?.status ?? 'missing'}`);
        await c.query('DELETE FROM sales_order_lines WHERE order_id = $1', [orderId]);
        await c.query(
          `INSERT INTO sales_order_lines (order_id, line_no, product_id, sku_id, colour_name, size_name, ordered, unit_price_fen, amount_fen, price_steps)
           SELECT $1, n, product_id, sku_id, colour_name, size_name, ordered, unit_price, unit_price::bigint * ordered, steps
           FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::int[], $7::int[], $8::jsonb[]) WITH ORDINALITY
             AS t (product_id, sku_id, colour_name, size_name, ordered, unit_price, steps, n)`,
          [
            orderId,
            lines.map((l) => l.productId),
            lines.map((l) => l.skuId),
            lines.map((l) => l.colourName),
            lines.map((l) => l.sizeName),
            lines.map((l) => l.ordered),
            lines.map((l) => l.unitPriceFen),
            lines.map((l) => l.steps),
          ],
        );
        const pieces = lines.reduce((s, l) => s + l.ordered, 0);
        const amount = lines.reduce((s, l) => s + l.ordered * l.unitPriceFen, 0);
        await c.query(
          `UPDATE sales_orders SET status = 'submitted', submitted_by = $2, submitted_at = now(), reason = '', line_count = $3, total_quantity = $4,
             total_amount_fen = $5, updated_at = now() WHERE id = $1`,
          [orderId, userId, lines.length, pieces, amount],
        );
        const { rows: quotas } = await c.query(
          'SELECT id, limit_fen, limit_pieces, reserved_fen, reserved_pieces, consumed_fen, consumed_pieces FROM ordering_quotas WHERE season_id = $1 AND buyer_type = $2 AND buyer_id = $3 FOR UPDATE',
          [order.season_id, order.buyer_type, order.buyer_id],
        );
        const q = quotas[0];
        if (!q) return;
        if (q.limit_fen !== null && Number(q.reserved_fen) + Number(q.consumed_fen) + amount > Number(q.limit_fen)) throw new Error('over the quota');
        await c.query(`INSERT INTO ordering_quota_entries (quota_id, order_id, move, reserved_fen, reserved_pieces, created_by) VALUES ($1, $2, 'reserve', $3, $4, $5)`, [
          q.id,
          orderId,
          amount,
          pieces,
          userId,
        ]);
        await c.query('UPDATE ordering_quotas SET reserved_fen = reserved_fen + $2, reserved_pieces = reserved_pieces + $3, updated_at = now() WHERE id = $1', [
          q.id,
          amount,
          pieces,
        ]);
      }),

    /** Allocation's writes for lines given in full: the ledger rows and the lines' allocated, one transaction. */
    allocateLines: (warehouseId: number, userId: number, lines: readonly { orderId: number; lineId: number; skuId: number; quantity: number }[]) =>
      inTransaction(pool, async (c) => {
        const ids = lines.map((l) => l.lineId);
        const quantities = lines.map((l) => l.quantity);
        await c.query(
          `INSERT INTO sales_allocations (order_id, order_line_id, sku_id, warehouse_id, source, move, allocated, created_by)
           SELECT order_id, line_id, sku_id, $1, 'stock', 'allocate', q, $2 FROM unnest($3::bigint[], $4::bigint[], $5::bigint[], $6::int[]) AS t (order_id, line_id, sku_id, q)`,
          [warehouseId, userId, lines.map((l) => l.orderId), ids, lines.map((l) => l.skuId), quantities],
        );
        await c.query('UPDATE sales_order_lines l SET allocated = l.allocated + t.q FROM unnest($1::bigint[], $2::int[]) AS t (id, q) WHERE l.id = t.id', [ids, quantities]);
      }),
  };
}
export type BareOrdering = ReturnType<typeof bareOrdering>;
