// The bare side of bench/stock.bench.ts: the least SQL a hand-written posting and a hand-written
// document insert need, over a plain pg.Pool of the same size as the app's. A posting: lock the
// document row, share-lock its warehouse and check for a stocktake freeze, lock the balances (in a
// stable order), write the moves, the balances and the status — one transaction. This file knows
// the tables; the app side (stock.bench.ts) goes through the HTTP API only.
import type pg from 'pg';

export interface BareLine {
  skuId: number;
  shelfId: number | null;
  quantity: number;
  unitCostFen: number | null;
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

/** The document row, locked, with its lines as arrays in line order. */
async function lockDoc(c: pg.PoolClient, id: number) {
  const { rows } = await c.query(
    `SELECT d.status, d.warehouse_id,
       ARRAY(SELECT l.id FROM stock_doc_lines l WHERE l.doc_id = d.id ORDER BY l.line_no) AS line_ids,
       ARRAY(SELECT l.sku_id FROM stock_doc_lines l WHERE l.doc_id = d.id ORDER BY l.line_no) AS sku_ids,
       ARRAY(SELECT l.shelf_id FROM stock_doc_lines l WHERE l.doc_id = d.id ORDER BY l.line_no) AS shelf_ids,
       ARRAY(SELECT l.quantity FROM stock_doc_lines l WHERE l.doc_id = d.id ORDER BY l.line_no) AS quantities,
       ARRAY(SELECT l.unit_cost_fen FROM stock_doc_lines l WHERE l.doc_id = d.id ORDER BY l.line_no) AS costs
     FROM stock_docs d WHERE d.id = $1 FOR UPDATE`,
    [id],
  );
  const doc = rows[0];
  if (doc?.status !== 'submitted') throw new Error(`document ${id} is ${doc?.status ?? 'missing'}`);
  return doc as { warehouse_id: number; line_ids: number[]; sku_ids: number[]; shelf_ids: (number | null)[]; quantities: number[]; costs: (number | null)[] };
}

/** The warehouse share-locked (a stocktake freezes under its row lock) and no freeze on it or the shelves. */
async function assertOpen(c: pg.PoolClient, warehouseId: number, shelfIds: readonly (number | null)[]) {
  const { rows } = await c.query(
    `SELECT EXISTS (SELECT 1 FROM stock_freezes f WHERE f.warehouse_id = w.id AND (f.shelf_id IS NULL OR f.shelf_id = ANY($2::bigint[]))) AS frozen
     FROM warehouses w WHERE w.id = $1 FOR SHARE`,
    [warehouseId, shelfIds.filter((s) => s !== null)],
  );
  if (rows[0]?.frozen !== false) throw new Error(`warehouse ${warehouseId} is frozen or missing`);
}

export function bareStock(pool: pg.Pool, userId: number) {
  return {
    /** A submitted outbound's posting: floor stock (no shelf) of distinct SKUs, refused below zero. */
    postOutbound: (id: number) =>
      inTransaction(pool, async (c) => {
        const doc = await lockDoc(c, id);
        await assertOpen(c, doc.warehouse_id, []);
        const { rows: balances } = await c.query(
          `SELECT id, sku_id, quantity FROM stock_balances
           WHERE warehouse_id = $1 AND COALESCE(shelf_id, 0) = 0 AND COALESCE(sku_id, 0) = ANY($2::bigint[]) AND COALESCE(material_id, 0) = 0
           ORDER BY sku_id FOR UPDATE`,
          [doc.warehouse_id, doc.sku_ids],
        );
        const bySku = new Map(balances.map((b) => [Number(b.sku_id), b]));
        const balanceIds = doc.sku_ids.map((sku, i) => {
          const b = bySku.get(Number(sku));
          if (!b || b.quantity < doc.quantities[i]!) throw new Error(`shortfall of SKU ${sku}`);
          return b.id;
        });
        await c.query(
          `WITH moves AS (
             INSERT INTO stock_moves (warehouse_id, sku_id, quantity, doc_type, document_type, doc_id, doc_line_id, created_by)
             SELECT $1, k, -q, 'outbound', 'stock_doc', $4, l, $5 FROM unnest($2::bigint[], $3::int[], $6::bigint[]) AS t (k, q, l)),
           balances AS (
             UPDATE stock_balances b SET quantity = b.quantity - d.q, updated_at = now() FROM unnest($7::bigint[], $3::int[]) AS d (id, q) WHERE b.id = d.id)
           UPDATE stock_docs SET status = 'posted', posted_by = $5, posted_at = now(), updated_at = now() WHERE id = $4`,
          [doc.warehouse_id, doc.sku_ids, doc.quantities, id, userId, doc.line_ids, balanceIds],
        );
      }),

    /** A submitted inbound's posting: the balances upserted in key order (that locks them), moves, status. */
    postInbound: (id: number) =>
      inTransaction(pool, async (c) => {
        const doc = await lockDoc(c, id);
        await assertOpen(c, doc.warehouse_id, doc.shelf_ids);
        await c.query(
          `WITH balances AS (
             INSERT INTO stock_balances (warehouse_id, shelf_id, sku_id, quantity, allow_negative)
             SELECT $1, s, k, q, (SELECT allow_negative FROM warehouses WHERE id = $1)
             FROM unnest($2::bigint[], $3::bigint[], $4::int[]) AS t (s, k, q) ORDER BY COALESCE(s, 0), k
             ON CONFLICT (warehouse_id, (COALESCE(shelf_id, 0)), (COALESCE(sku_id, 0)), (COALESCE(material_id, 0)))
             DO UPDATE SET quantity = stock_balances.quantity + EXCLUDED.quantity, updated_at = now()),
           moves AS (
             INSERT INTO stock_moves (warehouse_id, shelf_id, sku_id, quantity, unit_cost_fen, doc_type, document_type, doc_id, doc_line_id, created_by)
             SELECT $1, s, k, q, c, 'inbound', 'stock_doc', $6, l, $7 FROM unnest($2::bigint[], $3::bigint[], $4::int[], $5::int[], $8::bigint[]) AS t (s, k, q, c, l))
           UPDATE stock_docs SET status = 'posted', posted_by = $7, posted_at = now(), updated_at = now() WHERE id = $6`,
          [doc.warehouse_id, doc.shelf_ids, doc.sku_ids, doc.quantities, doc.costs, id, userId, doc.line_ids],
        );
      }),

    /** A document (header and lines) as one statement, numbered by the caller. */
    insertDoc: async (kind: 'inbound' | 'outbound', docNo: string, status: 'draft' | 'submitted', warehouseId: number, lines: readonly BareLine[], client?: pg.PoolClient) => {
      const { rows } = await (client ?? pool).query(
        `WITH d AS (
           INSERT INTO stock_docs (kind, doc_no, biz_type, status, warehouse_id, created_by, total_quantity, line_count)
           VALUES ($1, $2, 'other', $3, $4, $5, $6, $7) RETURNING id)
         INSERT INTO stock_doc_lines (doc_id, line_no, sku_id, shelf_id, quantity, unit_cost_fen)
         SELECT d.id, n, k, s, q, c FROM d, unnest($8::bigint[], $9::bigint[], $10::int[], $11::int[]) WITH ORDINALITY AS t (k, s, q, c, n)
         RETURNING doc_id`,
        [
          kind,
          docNo,
          status,
          warehouseId,
          userId,
          lines.reduce((sum, l) => sum + l.quantity, 0),
          lines.length,
          lines.map((l) => l.skuId),
          lines.map((l) => l.shelfId),
          lines.map((l) => l.quantity),
          lines.map((l) => l.unitCostFen),
        ],
      );
      return Number(rows[0].doc_id);
    },

    /** The same insert numbered by the least a lock-free daily series needs: one value from the prefix's sequence. */
    insertNumbered: (prefix: string, insert: (docNo: string, c: pg.PoolClient) => Promise<number>) =>
      inTransaction(pool, async (c) => {
        const { rows } = await c.query(`SELECT to_char((clock_timestamp() AT TIME ZONE 'Asia/Shanghai')::date, 'YYYYMMDD') AS day, nextval($1::regclass) AS n`, [
          `doc_no_${prefix.toLowerCase()}`,
        ]);
        return insert(`${prefix}${rows[0].day}-${String(rows[0].n).padStart(4, '0')}`, c);
      }),

    /** Submits bare drafts (untimed set-up). */
    submit: async (ids: readonly number[]) => {
      await pool.query(`UPDATE stock_docs SET status = 'submitted', submitted_by = $2, submitted_at = now() WHERE id = ANY($1::bigint[]) AND status = 'draft'`, [ids, userId]);
    },
  };
}
export type BareStock = ReturnType<typeof bareStock>;
