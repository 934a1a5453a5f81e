import type { RawBuilder } from 'kysely';
import {
  Permissions,
  STOCK_DOC_REASON_MAX,
  stockDocActionRefused,
  stockDocActions,
  StockDocMessages,
  stockDocStatusLabel,
  STOCK_DOC_MACHINES,
  STOCK_DOC_CODES,
  STOCK_DOC_PREFIXES,
  type StockDocStatus,
  type StockDocAction,
  type StockDocDetail,
  type StockDocKind,
  type StockDocLineRecord,
  type StockDocRecord,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { docNoExpression } from '../../kernel/documents/numbering.ts';
import { runSourceHook } from '../../kernel/documents/source-hooks.ts';
import { withTransaction } from '../../db/transaction.ts';
import { lockForAction, transition, type DocumentDefinition } from '../../kernel/documents/transition.ts';
import { reverseMoves } from '../stock/stock-posting.ts';
import { insertDocWithLines, recordAnswer } from './doc-create.repo.ts';
import { allHold, checkLineRefs, type DocLineInput, LINE_REF_KEYS, lineRefsHold, shapeLines } from './doc-lines.ts';
import type { DocActionInput, DocContext, DocHeaderInput, KindSpec } from './kind-spec.ts';
import { sourcedOf } from './source-of.ts';
import * as repo from './stock-docs.repo.ts';
import * as sourceLines from './source-lines.repo.ts';
import { lockDocWithLines, postingLines } from './posting-lines.repo.ts';

// The part every stock document shares (DESIGN §4): numbering, the status machine, locking the
// header before any change, running the kind's stock effects and flipping the status in one
// transaction, and voiding by reversing every move the document wrote.

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toRecord(row: repo.HeaderRow): StockDocRecord {
  return {
    id: row.id,
    kind: row.kind,
    docNo: row.doc_no,
    bizType: row.biz_type,
    status: row.status,
    statusLabel: stockDocStatusLabel(row.kind, row.status),
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    toWarehouseId: row.to_warehouse_id,
    toWarehouseName: row.to_warehouse_name ?? '',
    transitWarehouseId: row.transit_warehouse_id,
    shopId: row.shop_id,
    shopName: row.shop_name ?? '',
    supplierId: row.supplier_id,
    supplierName: row.supplier_name ?? '',
    sourceType: row.source_type,
    sourceId: row.source_id,
    sourceNo: row.source_no,
    shelfIds: (row.shelf_ids ?? []).map(Number),
    scanStarted: row.scan_started,
    differenceReason: row.difference_reason,
    remark: row.remark,
    totalQuantity: row.total_quantity,
    totalActual: row.total_actual,
    lineCount: row.line_count,
    expectedDate: row.expected_date,
    createdByName: row.created_by_name ?? '',
    createdAt: iso(row.created_at)!,
    submittedAt: iso(row.submitted_at),
    shippedAt: iso(row.shipped_at),
    postedByName: row.posted_by_name ?? '',
    postedAt: iso(row.posted_at),
    voidedAt: iso(row.voided_at),
    voidReason: row.void_reason,
    actions: stockDocActions(row.kind, row.status),
  };
}

export function toLineRecord(row: repo.LineRow): StockDocLineRecord {
  return {
    id: row.id,
    lineNo: row.line_no,
    leg: row.leg,
    skuId: row.sku_id,
    productId: row.product_id,
    styleNo: row.style_no ?? '',
    productName: row.product_name ?? '',
    colourName: row.colour_name ?? '',
    sizeName: row.size_name ?? '',
    barcode: row.barcode ?? '',
    imageUrl: row.image_url ?? '',
    materialId: row.material_id,
    materialCode: row.material_code ?? '',
    materialName: row.material_name ?? '',
    shelfId: row.shelf_id,
    shelfCode: row.shelf_code ?? '',
    quantity: row.quantity,
    actualQuantity: row.actual_quantity,
    difference: row.actual_quantity === null ? null : row.actual_quantity - row.quantity,
    unitCostFen: row.unit_cost_fen,
    unitPriceFen: row.unit_price_fen,
    boxNo: row.box_no,
    remark: row.remark,
  };
}

export type DocSort = 'id' | 'doc_no' | 'created_at' | 'posted_at' | 'total_quantity';

/**
 * 盲盘: while a stocktake is counting, whoever cannot post it (the counters) does not see the book
 * — neither per line nor in total — so the count is not steered by it.
 */
export const hidesBook = (ctx: DocContext, doc: { kind: StockDocKind; status: string }) =>
  doc.kind === 'stocktake' && doc.status === 'counting' && !ctx.permissions.has(Permissions.stocktakeAudit);

export function blindLine(line: StockDocLineRecord): StockDocLineRecord {
  return { ...line, quantity: 0, difference: null };
}

function blindRecord<T extends StockDocRecord>(ctx: DocContext, record: T): T {
  return hidesBook(ctx, record) ? { ...record, totalQuantity: 0 } : record;
}

export async function pageDocs(db: Db, ctx: DocContext, filter: repo.DocFilter, params: ListParams<DocSort>) {
  const page = await repo.pageDocs(db, ctx.scope, filter, params);
  return { ...page, records: page.records.map((r) => blindRecord(ctx, toRecord(r))) };
}

/** How many documents the caller's list shows under `filter` (at most `cap`; the 工作台's to-dos). */
export const countDocs = (db: Db, ctx: Pick<DocContext, 'scope'>, filter: repo.DocFilter, cap: number) => repo.countDocs(db, ctx.scope, filter, cap);

/** The document with this exact number if the caller may read it (in scope, and its kind's list code), else null. */
export async function findDocByNo(db: Db, ctx: DocContext, docNo: string) {
  const row = await repo.findDocByNo(db, docNo, ctx.scope);
  if (!row || !ctx.permissions.has(STOCK_DOC_CODES[row.kind].list)) return null;
  return { id: row.id, kind: row.kind, docNo: row.doc_no, status: row.status, statusLabel: stockDocStatusLabel(row.kind, row.status) };
}

export async function docDetail(db: Db, ctx: DocContext, kind: StockDocKind, id: number): Promise<StockDocDetail> {
  return detailOf(ctx, kind, await repo.findDetail(db, id, ctx.scope));
}

/** A document's header as a write answers it (the book hidden from blind counters), 404 when not found. */
function recordOf(ctx: DocContext, kind: StockDocKind, found: repo.HeaderRow | undefined): StockDocRecord {
  if (!found || found.kind !== kind) throw notFound(StockDocMessages.notFound);
  return blindRecord(ctx, toRecord(found));
}

/** A document as the caller may see it (the book hidden from blind counters), 404 when not found. */
function detailOf(ctx: DocContext, kind: StockDocKind, found: repo.DetailRow | undefined): StockDocDetail {
  if (!found || found.kind !== kind) throw notFound(StockDocMessages.notFound);
  const { lines: rows, ...header } = found;
  const lines = (rows as repo.LineRow[]).map(toLineRecord);
  const record = toRecord(header);
  return hidesBook(ctx, record) ? { ...blindRecord(ctx, record), lines: lines.map(blindLine) } : { ...record, lines };
}

export interface DocBody {
  header: DocHeaderInput;
  lines: DocLineInput[];
}

/** The header and lines as the kind shapes them; `refs` 'deferred': the items and shelves are checked by the writing statement (lineRefsHold). */
async function shapeAll(trx: Db, spec: KindSpec, ctx: DocContext, body: DocBody, current: repo.DocRow | null, refs: 'now' | 'deferred' = 'now') {
  const deferred: RawBuilder<boolean>[] = [];
  const header = await spec.header(trx, ctx, body.header ?? {}, current, refs === 'deferred' ? (condition) => deferred.push(condition) : undefined);
  let lines = shapeLines(body.lines ?? [], { minQuantity: spec.kind === 'stocktake' || spec.kind === 'overseas' ? 0 : 1, optional: spec.linesOptional });
  if (refs === 'now') await checkLineRefs(trx, lines, header.warehouse_id);
  if (spec.lines) lines = await spec.lines(trx, ctx, header, lines, body.lines ?? []);
  return { header, lines, deferred };
}

/**
 * A new draft. Its checks only read and its writes are one statement (header, lines and number
 * together), atomic on its own: no transaction around it (BEGIN and COMMIT would be two more round
 * trips for nothing); inside one when the caller runs it in its own (an Idempotency-Key).
 */
export async function createDoc(db: Db, spec: KindSpec, ctx: DocContext, body: DocBody): Promise<StockDocRecord> {
  return recordOf(ctx, spec.kind, await insertNew(db, spec, ctx, body, ctx.scope));
}

/** Creates a draft inside the caller's transaction (other modules make documents with their own changes). */
export async function createDocIn(trx: Db, spec: KindSpec, ctx: DocContext, body: DocBody): Promise<number> {
  const created = await insertNew(trx, spec, ctx, body, { kind: 'all' });
  return created!.id;
}

/** A new draft: header with its totals, its lines and the header as it answers, in one statement. */
async function insertNew(trx: Db, spec: KindSpec, ctx: DocContext, body: DocBody, scope: DocContext['scope']) {
  // alone (not in a caller's transaction) the items and shelves are checked by the insert itself: a
  // refused insert leaves nothing to roll back, and only then is the wrong line looked for
  const alone = !trx.isTransaction;
  const { header, lines, deferred } = await shapeAll(trx, spec, ctx, body, null, alone ? 'deferred' : 'now');
  // the number is drawn inside the insert once this process knows today's series
  const docNo = await docNoExpression(trx, STOCK_DOC_PREFIXES[spec.kind]);
  const values = { ...header, ...repo.lineTotals(lines), kind: spec.kind, doc_no: docNo, status: 'draft' as const, created_by: ctx.userId };
  try {
    const holds = alone ? allHold([lineRefsHold(lines, header.warehouse_id), ...deferred]) : null;
    return await insertDocWithLines(trx, values, lines, holds, scope);
  } catch (error) {
    const e = error as { code?: string; column?: string; constraint?: string };
    const refused = (e?.code === '23502' && e.column === 'doc_no') || (e?.code === '23503' && LINE_REF_KEYS.has(e.constraint ?? ''));
    if (!alone || !refused) throw error;
    // nothing was written: the header's deferred checks or an item or shelf is wrong — say which
    if (deferred.length) await spec.header(trx, ctx, body.header ?? {}, null);
    await checkLineRefs(trx, lines, header.warehouse_id);
    throw error;
  }
}

const STAMPS: Partial<Record<StockDocAction, (userId: number, reason: string) => Record<string, unknown>>> = {
  submit: (u) => ({ submitted_by: u, submitted_at: new Date() }),
  withdraw: () => ({ submitted_by: null, submitted_at: null }),
  ship: (u) => ({ shipped_by: u, shipped_at: new Date() }),
  startCount: () => ({ counting_at: new Date() }),
  receive: (u) => ({ posted_by: u, posted_at: new Date() }),
  post: (u) => ({ posted_by: u, posted_at: new Date() }),
  void: (u, reason) => ({ voided_by: u, voided_at: new Date(), ...(reason ? { void_reason: reason } : {}) }),
};

const LINES_WITH_LOCK: ReadonlySet<StockDocAction> = new Set(['post', 'ship', 'receive']);

/** The kernel's view of one stock document kind: the header lock, the scope, the machine and the stamps. */
const definitions = new Map<StockDocKind, DocumentDefinition<repo.DocRow, StockDocStatus, StockDocAction, DocContext>>();
export function stockDocDefinition(kind: StockDocKind): DocumentDefinition<repo.DocRow, StockDocStatus, StockDocAction, DocContext> {
  let def = definitions.get(kind);
  if (!def) {
    def = {
      type: 'stock_doc',
      machine: STOCK_DOC_MACHINES[kind],
      // the actions that move stock read the lines first: they come with the lock
      lock: (trx, id, action) => (LINES_WITH_LOCK.has(action) ? lockDocWithLines(trx, id) : repo.lockDoc(trx, id)),
      // HQ sees everything: no scope query on its hot path
      visible: async (trx, ctx, row) => row.kind === kind && (ctx.scope.kind === 'all' || (await repo.isDocInScope(trx, row.id, ctx.scope))),
      statusOf: (row) => row.status,
      notFound: StockDocMessages.notFound,
      refused: (row, action) => stockDocActionRefused(row.doc_no, stockDocStatusLabel(row.kind, row.status), action),
      save: (trx, id, values) => repo.updateDocQuery(trx, id, values),
      stamps: STAMPS,
      // the closing statement's stock_docs CTE holds the one row: no filter by id; it joins the
      // parties the document names (the poster's name whatever the action: it may set it)
      answer: {
        header: 'stock_docs',
        query: (trx, ctx, _id, row) =>
          recordAnswer(trx, ctx.scope, { toWarehouse: row.to_warehouse_id !== null, shop: row.shop_id !== null, supplier: row.supplier_id !== null, poster: true }),
      },
    };
    definitions.set(kind, def);
  }
  return def;
}

/** Locks a stock document's header (another module locks a document before its own rows, in that order). */
export const lockStockDoc = (trx: Db, id: number) => repo.lockDoc(trx, id);

/** Outside HQ, an action needs its warehouse (source, or destination for receiving) in the scope. */
export async function assertActionWarehouse(trx: Db, spec: KindSpec, ctx: DocContext, doc: repo.DocRow, action: StockDocAction) {
  if (ctx.scope.kind === 'all') return;
  const column = spec.actionWarehouse?.[action] ?? 'warehouse_id';
  const id = doc[column];
  const row = id ? await repo.warehouseInScopeById(trx, id, ctx.scope) : undefined;
  if (!row) throw notFound(StockDocMessages.notFound);
}

export async function updateDoc(db: Db, spec: KindSpec, ctx: DocContext, id: number, body: DocBody): Promise<StockDocRecord> {
  return withTransaction(db, async (trx) => {
    const { row: doc } = await lockForAction(trx, stockDocDefinition(spec.kind), ctx, id, 'edit');
    await assertActionWarehouse(trx, spec, ctx, doc, 'edit');
    const { header, lines } = await shapeAll(trx, spec, ctx, body, doc);
    await repo.updateDoc(trx, id, { ...header });
    await repo.replaceLines(trx, id, spec.scan && doc.scan_started ? await keepScanned(trx, id, lines) : lines);
    return recordOf(ctx, spec.kind, await repo.findRecordQuery(trx, id, ctx.scope).executeTakeFirst());
  });
}

/**
 * Editing a document whose scanning started keeps what was scanned: each line takes the scanned
 * quantity of the old line with the same item and shelf (0 for a new line), not what the form sent.
 */
async function keepScanned(trx: Db, id: number, lines: repo.LineValues[]): Promise<repo.LineValues[]> {
  const key = (l: Pick<repo.LineValues, 'leg' | 'sku_id' | 'material_id' | 'shelf_id'>) => `${l.leg}:${l.sku_id ?? 0}:${l.material_id ?? 0}:${l.shelf_id ?? 0}`;
  const scanned = new Map((await postingLines(trx, id)).map((l) => [key(l), l.actual_quantity ?? 0]));
  return lines.map((l) => ({ ...l, actual_quantity: scanned.get(key(l)) ?? 0 }));
}

/**
 * One transition (DESIGN §9, through the kernel): lock, check scope and machine, run the kind's
 * effects (stock moves, freezes, the source's hooks), then flip the status and log it — all in one
 * transaction. Voiding reverses every move the document wrote (its own rows only) and lifts its
 * freezes.
 */
export async function actOnDoc(db: Db, spec: KindSpec, ctx: DocContext, id: number, action: StockDocAction, input: DocActionInput = {}): Promise<StockDocRecord> {
  // the answer (the header) is read by the transition's closing statement itself, and the COMMIT leaves with it
  return withTransaction(db, async (trx) => recordOf(ctx, spec.kind, await actOnDocIn(trx, spec, ctx, id, action, input)), { endsWithTransition: true });
}

/** One transition inside the caller's transaction (see actOnDoc); answers the header as it now is. */
export async function actOnDocIn(trx: Db, spec: KindSpec, ctx: DocContext, id: number, action: StockDocAction, input: DocActionInput = {}): Promise<repo.HeaderRow | undefined> {
  const reason = (input.reason ?? '').trim();
  if (reason.length > STOCK_DOC_REASON_MAX) throw badRequest(StockDocMessages.reasonTooLong);
  const { answer } = await transition(trx, stockDocDefinition(spec.kind), ctx, id, action, {
    userId: ctx.userId,
    reason: action === 'void' ? reason : '',
    effects: async (doc) => {
      await assertActionWarehouse(trx, spec, ctx, doc, action);
      if (action === 'submit' && doc.line_count === 0 && !spec.linesOptional) throw badRequest(StockDocMessages.noLines);
      await spec.effects?.[action]?.(trx, ctx, doc, { ...input, reason });
      if (action === 'void') {
        const document = { type: 'stock_doc', id } as const;
        if (doc.source_type) {
          await runSourceHook(trx, 'voided', { userId: ctx.userId, document: sourcedOf(doc), lines: await repo.postedItems(trx, id) });
        }
        await reverseMoves(trx, document, ctx.userId, { optional: true });
        await repo.liftFreezes(trx, id);
      }
    },
  });
  return answer as repo.HeaderRow | undefined;
}

/** A SKU by its barcode, as scanning resolves it (id and status), or undefined. */
export const skuByBarcode = (db: Db, barcode: string) => repo.skuByBarcode(db, barcode);

/** Lays a count per SKU made elsewhere on a counting stocktake, inside the caller's transaction (see kinds/stocktake.ts). */
export { countBySku as countStocktakeBySku } from './kinds/stocktake.ts';

/** The live (not void) stock document lines another module made from its own lines (see the repo). */
export const linesOfSourceLines = sourceLines.linesOfSourceLines;

/** A document's lines made from a source's lines (see the repo). */
export const sourceLinesOfDoc = sourceLines.sourceLinesOfDoc;
