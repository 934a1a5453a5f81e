import { sql, type Insertable } from 'kysely';
import type { StockLineInput } from '@erp/shared';
import type { TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import type { StockDocsTable } from '../../db/schema.ts';
import { post, reverse, shelfIdOf, skuOf, userIdOf, warehouseIdOf } from '../stock/stock-test-kit.ts';

// The scenario of the stock report tests (not a test file itself): documents posted straight into
// the ledger at known times, so every report figure below is worked out by hand. Their numbers
// end in -9001, far from the series real documents draw on the day a test runs.
//
//  2026-01-05 QC opening WH-HZ    coat CA-S 10 (shelf A-01-01), coat CA-M 5, coat BK-L 3, jeans NV-M 4
//  2026-02-10 RK inbound WH-HZ    coat CA-S 6
//  2026-02-11 RK inbound WH-HZ    jeans NV-M 2, jeans BK-XL 5 — voided 2026-02-12 (reversed)
//  2026-02-15 DB transfer HZ→SH001 coat CA-S 3 (from A-01-01), shipped; received 2026-02-16
//  2026-02-20 DB transfer HZ→SH003 coat CA-M 2, shipped (in transit)
//  2026-03-01 DB transfer HZ→SH001 jeans NV-M 1, shipped (in transit)
//  2026-03-02 CK outbound SH001   coat CA-S 1
//  2026-03-05 PD stocktake WH-HZ  coat BK-L −1, jeans NV-M +1
//
// Balances: HZ coat CA-S 13 (7 on A-01-01), CA-M 3, BK-L 2, jeans NV-M 4; transit coat CA-M 2,
// jeans NV-M 1; SH001 coat CA-S 2. Coat cost 520.00, jeans 128.00.

export interface Scenario {
  wh: Record<string, number>;
  shelfA1: number;
  coat: Record<'CA-S' | 'CA-M' | 'BK-L', number>;
  coatId: number;
  jeans: Record<'NV-M' | 'BK-XL', number>;
  jeansId: number;
  docs: Record<'opening' | 'inbound' | 'voided' | 'toSh001' | 'toSh003' | 'jeansToSh001' | 'outbound' | 'stocktake', { id: number; docNo: string }>;
}

const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+08:00`);

async function doc(db: Db, values: Insertable<StockDocsTable>) {
  const row = await db.insertInto('stock_docs').values(values).returning(['id', 'doc_no']).executeTakeFirstOrThrow();
  return { id: row.id, docNo: row.doc_no };
}

/** Moves are append-only; a test backdates its own postings with the guard lifted for one statement. */
async function backdate(db: Db, docType: string, docId: number, time: Date, reversals = false) {
  await db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE stock_moves DISABLE TRIGGER stock_moves_no_update`.execute(trx);
    await sql`UPDATE stock_moves SET created_at = ${time} WHERE doc_type = ${docType} AND doc_id = ${docId}
      AND (reverses_move_id IS NOT NULL) = ${reversals}`.execute(trx);
    await sql`ALTER TABLE stock_moves ENABLE TRIGGER stock_moves_no_update`.execute(trx);
  });
}

export async function seedScenario(t: TestApp): Promise<Scenario> {
  const db = t.db;
  const admin = await userIdOf(db, 'admin');
  const wh: Record<string, number> = {};
  for (const code of ['WH-HZ', 'WH-TRANSIT', 'WH-SH001', 'WH-SH002', 'WH-SH003']) wh[code] = await warehouseIdOf(db, code);
  const shelfA1 = await shelfIdOf(db, 'WH-HZ', 'A-01-01');
  const coat = {
    'CA-S': (await skuOf(db, 'YS26W1001', 'CA', 'S')).id,
    'CA-M': (await skuOf(db, 'YS26W1001', 'CA', 'M')).id,
    'BK-L': (await skuOf(db, 'YS26W1001', 'BK', 'L')).id,
  };
  const jeans = { 'NV-M': (await skuOf(db, 'YS26M3102', 'NV', 'M')).id, 'BK-XL': (await skuOf(db, 'YS26M3102', 'BK', 'XL')).id };
  const productOf = async (skuId: number) => (await db.selectFrom('skus').select('product_id').where('id', '=', skuId).executeTakeFirstOrThrow()).product_id;
  const HZ = wh['WH-HZ']!;
  const TRANSIT = wh['WH-TRANSIT']!;
  const line = (warehouseId: number, skuId: number, quantity: number, shelfId: number | null = null): StockLineInput => ({ warehouseId, skuId, quantity, shelfId });

  const opening = await doc(db, { kind: 'opening', doc_no: 'QC20260105-9001', status: 'posted', warehouse_id: HZ });
  await post(db, admin, opening.id, [line(HZ, coat['CA-S'], 10, shelfA1), line(HZ, coat['CA-M'], 5), line(HZ, coat['BK-L'], 3), line(HZ, jeans['NV-M'], 4)], 'opening');
  await backdate(db, 'opening', opening.id, at('2026-01-05'));

  const inbound = await doc(db, { kind: 'inbound', doc_no: 'RK20260210-9001', status: 'posted', warehouse_id: HZ });
  await post(db, admin, inbound.id, [{ ...line(HZ, coat['CA-S'], 6), unitCostFen: 50000 }], 'inbound');
  await backdate(db, 'inbound', inbound.id, at('2026-02-10'));

  const voided = await doc(db, { kind: 'inbound', doc_no: 'RK20260211-9001', status: 'void', warehouse_id: HZ });
  await post(db, admin, voided.id, [line(HZ, jeans['NV-M'], 2), line(HZ, jeans['BK-XL'], 5)], 'inbound');
  await backdate(db, 'inbound', voided.id, at('2026-02-11'));
  await reverse(db, admin, voided.id);
  await backdate(db, 'inbound', voided.id, at('2026-02-12'), true);

  const transfer = async (docNo: string, to: string, skuId: number, quantity: number, shipped: string, received: string | null, fromShelf: number | null = null) => {
    const d = await doc(db, {
      kind: 'transfer',
      doc_no: docNo,
      status: received ? 'posted' : 'shipped',
      warehouse_id: HZ,
      to_warehouse_id: wh[to]!,
      transit_warehouse_id: TRANSIT,
      shipped_by: admin,
      shipped_at: at(shipped),
      line_count: 1,
      total_quantity: quantity,
    });
    await db.insertInto('stock_doc_lines').values({ doc_id: d.id, line_no: 1, sku_id: skuId, quantity, shelf_id: fromShelf }).execute();
    await post(db, admin, d.id, [line(HZ, skuId, -quantity, fromShelf), line(TRANSIT, skuId, quantity)], 'transfer_out');
    await backdate(db, 'transfer_out', d.id, at(shipped));
    if (received) {
      await post(db, admin, d.id, [line(TRANSIT, skuId, -quantity), line(wh[to]!, skuId, quantity)], 'transfer_in');
      await backdate(db, 'transfer_in', d.id, at(received));
    }
    return d;
  };
  const toSh001 = await transfer('DB20260215-9001', 'WH-SH001', coat['CA-S'], 3, '2026-02-15', '2026-02-16', shelfA1);
  const toSh003 = await transfer('DB20260220-9001', 'WH-SH003', coat['CA-M'], 2, '2026-02-20', null);
  const jeansToSh001 = await transfer('DB20260301-9001', 'WH-SH001', jeans['NV-M'], 1, '2026-03-01', null);

  const outbound = await doc(db, { kind: 'outbound', doc_no: 'CK20260302-9001', status: 'posted', warehouse_id: wh['WH-SH001']! });
  await post(db, admin, outbound.id, [line(wh['WH-SH001']!, coat['CA-S'], -1)], 'outbound');
  await backdate(db, 'outbound', outbound.id, at('2026-03-02'));

  const stocktake = await doc(db, { kind: 'stocktake', doc_no: 'PD20260305-9001', status: 'posted', warehouse_id: HZ });
  await post(db, admin, stocktake.id, [line(HZ, coat['BK-L'], -1), line(HZ, jeans['NV-M'], 1)], 'stocktake');
  await backdate(db, 'stocktake', stocktake.id, at('2026-03-05'));

  return {
    wh,
    shelfA1,
    coat,
    coatId: await productOf(coat['CA-S']),
    jeans,
    jeansId: await productOf(jeans['NV-M']),
    docs: { opening, inbound, voided, toSh001, toSh003, jeansToSh001, outbound, stocktake },
  };
}
