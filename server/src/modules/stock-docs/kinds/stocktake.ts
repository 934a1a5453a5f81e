import { sql } from 'kysely';
import { stockWarehouseDisabled, type StockLineInput } from '@erp/shared';
import type { Db } from '../../../db/database.ts';
import { badRequest, conflict } from '../../../http/app-error.ts';
import { postMoves } from '../../stock/stock-posting.ts';
import { warehouseInScope } from '../doc-lines.ts';
import type { KindSpec } from '../kind-spec.ts';
import { refreshTotals, replaceLines, updateDoc, type DocRow, type LineValues } from '../stock-docs.repo.ts';
import { postingLines } from '../posting-lines.repo.ts';
import { emptyHeader, remarkOf } from './common.ts';
import { actualsOf, writeActuals } from './line-actuals.ts';

export const StocktakeMessages = {
  transit: '在途仓是虚拟仓，不能盘点',
  shelfElsewhere: '所选货架不存在或不属于盘点仓库',
  noLinesAtCreate: '盘点明细在开始盘点时按账面库存生成，新建时无需填写明细',
  overlap: (warehouse: string, shelf: string | null, docNo: string) => `仓库“${warehouse}”${shelf ? `的货架“${shelf}”` : ''}正在被盘点单${docNo}盘点，盘点范围不能重叠`,
  lineOutOfScope: (n: number) => `第${n}行：货架不在本次盘点范围内（请扫描时选择所盘货架）`,
} as const;

const shelvesOf = (doc: Pick<DocRow, 'shelf_ids'>) => (doc.shelf_ids ?? []).map(Number);
const keyOf = (r: { shelf_id: number | null; sku_id: number | null; material_id: number | null }) => `${r.shelf_id ?? 0}:${r.sku_id ?? 0}:${r.material_id ?? 0}`;

/** The balances of the scope (the whole warehouse, or the chosen shelves). */
function scopeBalances(trx: Db, doc: Pick<DocRow, 'warehouse_id' | 'shelf_ids'>) {
  const shelves = shelvesOf(doc);
  let query = trx
    .selectFrom('stock_balances as b')
    .leftJoin('shelves as s', 's.id', 'b.shelf_id')
    .leftJoin('skus as k', 'k.id', 'b.sku_id')
    .leftJoin('products as p', 'p.id', 'k.product_id')
    .leftJoin('materials as m', 'm.id', 'b.material_id')
    .select(['b.shelf_id', 'b.sku_id', 'b.material_id', 'b.quantity'])
    .where('b.warehouse_id', '=', doc.warehouse_id);
  if (shelves.length) query = query.where('b.shelf_id', 'in', shelves);
  return query.orderBy(sql`s.code NULLS FIRST`).orderBy('p.style_no').orderBy('b.sku_id').orderBy('m.code').execute();
}

/**
 * 盘点: counts a warehouse, or some of its shelves. 开始盘点 freezes the scope (no other posting
 * may enter it until the count is posted or voided) and snapshots the book as the lines; counting
 * is blind scanning (goods the book lacks get a book-0 line) or typed quantities; 审核过账 posts
 * counted − book per line and lifts the freeze. An uncounted line counts as none found.
 */
export const stocktakeSpec: KindSpec = {
  kind: 'stocktake',
  linesOptional: true,
  async header(trx, ctx, input, current) {
    const warehouse = await warehouseInScope(trx, ctx.scope, input.warehouseId);
    if (warehouse.type === 'transit') throw badRequest(StocktakeMessages.transit);
    const shelfIds = [...new Set(input.shelfIds ?? [])].sort((a, b) => a - b);
    if (shelfIds.length) {
      const found = await trx.selectFrom('shelves').select('id').where('id', 'in', shelfIds).where('warehouse_id', '=', warehouse.id).execute();
      if (found.length !== shelfIds.length) throw badRequest(StocktakeMessages.shelfElsewhere);
    }
    // a count made from another module's document (a shop's 库存上报) names it, and keeps it when edited
    const source = current?.source_type
      ? { source_type: current.source_type, source_id: current.source_id, source_no: current.source_no }
      : { source_type: (input.sourceType ?? '').slice(0, 32), source_id: input.sourceId ?? null, source_no: (input.sourceNo ?? '').slice(0, 64) };
    return { ...emptyHeader(warehouse.id), shelf_ids: shelfIds, remark: remarkOf(input), ...source };
  },
  async lines(_trx, _ctx, _header, lines) {
    if (lines.length) throw badRequest(StocktakeMessages.noLinesAtCreate);
    return [];
  },
  scan: { newLines: true, allowOver: true },
  effects: {
    async startCount(trx, _ctx, doc) {
      // the warehouse row locked for update: postings share-lock it, so none passes the freeze
      const warehouse = await trx.selectFrom('warehouses').select(['id', 'name', 'enabled']).where('id', '=', doc.warehouse_id).forUpdate().executeTakeFirstOrThrow();
      if (!warehouse.enabled) throw conflict(stockWarehouseDisabled(warehouse.name));
      const shelves = shelvesOf(doc);
      const frozen = await trx
        .selectFrom('stock_freezes as f')
        .leftJoin('stock_docs as d', 'd.id', 'f.doc_id')
        .leftJoin('shelves as s', 's.id', 'f.shelf_id')
        .select(['f.shelf_id', 's.code as shelf_code', 'd.doc_no'])
        .where('f.warehouse_id', '=', warehouse.id)
        .where('f.doc_id', '<>', doc.id)
        .execute();
      const clash = frozen.find((f) => f.shelf_id === null || shelves.length === 0 || shelves.includes(Number(f.shelf_id)));
      if (clash) throw conflict(StocktakeMessages.overlap(warehouse.name, clash.shelf_id === null ? null : (clash.shelf_code ?? ''), clash.doc_no ?? ''));
      const scope = shelves.length ? shelves : [null];
      await trx
        .insertInto('stock_freezes')
        .values(scope.map((shelfId) => ({ warehouse_id: warehouse.id, shelf_id: shelfId, doc_type: 'stocktake', doc_id: doc.id })))
        .execute();

      // the book: one line per non-zero balance. A line holds 0…1 000 000, so a negative balance
      // (warehouses allowing it) shows book 0 with a note; posting counts against the live balance.
      const book: LineValues[] = (await scopeBalances(trx, doc))
        .filter((b) => b.quantity !== 0)
        .map((b) => ({
          leg: '',
          sku_id: b.sku_id,
          material_id: b.material_id,
          shelf_id: b.shelf_id,
          quantity: Math.max(0, b.quantity),
          actual_quantity: null,
          unit_cost_fen: null,
          box_no: '',
          remark: b.quantity < 0 ? `账面${b.quantity}` : '',
        }));
      await replaceLines(trx, doc.id, book);
      await updateDoc(trx, doc.id, { scan_started: false });
    },
    async post(trx, ctx, doc, input) {
      const lines = await postingLines(trx, doc.id);
      const typed = actualsOf(input, lines);
      const counted = (l: (typeof lines)[number]) => typed.get(l.id) ?? l.actual_quantity ?? 0;
      // a shelf-scoped count posts nothing outside its shelves (a scan without a shelf lands on the floor)
      const shelves = shelvesOf(doc);
      const inScope = (l: (typeof lines)[number]) => shelves.length === 0 || (l.shelf_id !== null && shelves.includes(Number(l.shelf_id)));
      const outside = lines.find((l) => !inScope(l) && counted(l) > 0);
      if (outside) throw badRequest(StocktakeMessages.lineOutOfScope(outside.line_no));
      await writeActuals(trx, lines, counted);
      await refreshTotals(trx, doc.id);
      // the scope is frozen, so the live balance is the snapshot's book
      const live = new Map((await scopeBalances(trx, doc)).map((b) => [keyOf(b), b.quantity]));
      const moves: StockLineInput[] = lines
        .filter(inScope)
        .map((l) => ({
          lineId: l.id,
          warehouseId: doc.warehouse_id,
          shelfId: l.shelf_id,
          skuId: l.sku_id,
          materialId: l.material_id,
          quantity: counted(l) - (live.get(keyOf(l)) ?? 0),
        }))
        .filter((m) => m.quantity !== 0);
      // a count records what is there, held for orders or not: 配货 then finds less to ship
      if (moves.length) await postMoves(trx, { docType: 'stocktake', documentType: 'stock_doc', docId: doc.id, userId: ctx.userId, lines: moves, holds: 'ignored' });
      await trx.deleteFrom('stock_freezes').where('doc_type', '=', 'stocktake').where('doc_id', '=', doc.id).execute();
    },
  },
};

/**
 * A count made elsewhere, per SKU (a shop's 库存上报), laid on a counting whole-warehouse stocktake:
 * a SKU's book lines (one per shelf) take its count in line order, each up to its book and the last
 * the rest, so a shortage comes off the last shelves; a counted SKU the book lacks gets a floor line;
 * a SKU of the book not in `counts` counts 0; materials (not counted by SKU) keep their book.
 * Posting then moves counted − book as for any count.
 */
export async function countBySku(trx: Db, docId: number, counts: ReadonlyMap<number, number>): Promise<void> {
  const lines = await postingLines(trx, docId);
  const actual = new Map<number, number>();
  const bySku = new Map<number, typeof lines>();
  for (const l of lines) {
    if (l.sku_id === null) actual.set(l.id, l.quantity);
    else bySku.set(l.sku_id, [...(bySku.get(l.sku_id) ?? []), l]);
  }
  for (const [skuId, skuLines] of bySku) {
    let left = counts.get(skuId) ?? 0;
    skuLines.forEach((l, i) => {
      const q = i === skuLines.length - 1 ? left : Math.min(left, l.quantity);
      actual.set(l.id, q);
      left -= q;
    });
  }
  await writeActuals(trx, lines, (l) => actual.get(l.id) ?? 0);
  const found = [...counts].filter(([skuId, q]) => q > 0 && !bySku.has(skuId));
  const lastNo = lines.reduce((n, l) => Math.max(n, l.line_no), 0);
  if (found.length) {
    await trx
      .insertInto('stock_doc_lines')
      .values(found.map(([skuId, q], i) => ({ doc_id: docId, line_no: lastNo + i + 1, sku_id: skuId, shelf_id: null, quantity: 0, actual_quantity: q, remark: '账面无' })))
      .execute();
  }
  await refreshTotals(trx, docId);
}
