import {
  Permissions,
  STOCK_DOC_REASON_MAX,
  stockDocActionRefused,
  stockDocActions,
  StockDocMessages,
  stockDocNext,
  stockDocStatusLabel,
  type StockDocAction,
  type StockDocDetail,
  type StockDocKind,
  type StockDocLineInput,
  type StockDocLineRecord,
  type StockDocRecord,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { reverseMoves } from '../stock/stock-posting.ts';
import { warehousesInScope } from '../warehouses/warehouse-scope.ts';
import { checkLineRefs, shapeLines } from './doc-lines.ts';
import type { DocActionInput, DocContext, DocHeaderInput, KindSpec } from './kind-spec.ts';
import * as repo from './stock-docs.repo.ts';

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
  return { records: page.records.map((r) => blindRecord(ctx, toRecord(r))), total: page.total };
}

export async function docDetail(db: Db, ctx: DocContext, kind: StockDocKind, id: number): Promise<StockDocDetail> {
  const header = await repo.findHeader(db, id, ctx.scope);
  if (!header || header.kind !== kind) throw notFound(StockDocMessages.notFound);
  const lines = (await repo.findLines(db, id)).map(toLineRecord);
  const record = toRecord(header);
  return hidesBook(ctx, record) ? { ...blindRecord(ctx, record), lines: lines.map(blindLine) } : { ...record, lines };
}

export interface DocBody {
  header: DocHeaderInput;
  lines: StockDocLineInput[];
}

async function shapeAll(trx: Db, spec: KindSpec, ctx: DocContext, body: DocBody, current: repo.DocRow | null) {
  const header = await spec.header(trx, ctx, body.header ?? {}, current);
  let lines = shapeLines(body.lines ?? [], { minQuantity: spec.kind === 'stocktake' || spec.kind === 'overseas' ? 0 : 1, optional: spec.linesOptional });
  await checkLineRefs(trx, lines, header.warehouse_id);
  if (spec.lines) lines = await spec.lines(trx, ctx, header, lines, body.lines ?? []);
  return { header, lines };
}

export async function createDoc(db: Db, spec: KindSpec, ctx: DocContext, body: DocBody): Promise<StockDocDetail> {
  const id = await db.transaction().execute((trx) => createDocIn(trx, spec, ctx, body));
  return docDetail(db, ctx, spec.kind, id);
}

/** Creates a draft inside the caller's transaction (other modules make documents with their own changes). */
export async function createDocIn(trx: Db, spec: KindSpec, ctx: DocContext, body: DocBody): Promise<number> {
  const { header, lines } = await shapeAll(trx, spec, ctx, body, null);
  const docNo = await repo.nextDocNo(trx, spec.kind);
  const id = await repo.insertDoc(trx, { ...header, kind: spec.kind, doc_no: docNo, status: 'draft', created_by: ctx.userId });
  await repo.replaceLines(trx, id, lines);
  return id;
}

/** Locks a document of the kind in the caller's scope (404 otherwise). */
export async function lockInScope(trx: Db, ctx: DocContext, kind: StockDocKind, id: number): Promise<repo.DocRow> {
  const doc = await repo.lockDoc(trx, id);
  // HQ sees everything: no scope query on its hot path
  if (!doc || doc.kind !== kind || (ctx.scope.kind !== 'all' && !(await repo.isDocInScope(trx, id, ctx.scope)))) throw notFound(StockDocMessages.notFound);
  return doc;
}

/** Refuses (409) an action the status machine does not allow; returns the next status. */
export function nextStatus(doc: repo.DocRow, action: StockDocAction) {
  const next = stockDocNext(doc.kind, doc.status, action);
  if (!next) throw conflict(stockDocActionRefused(doc.doc_no, stockDocStatusLabel(doc.kind, doc.status), action));
  return next;
}

/** Outside HQ, an action needs its warehouse (source, or destination for receiving) in the scope. */
export async function assertActionWarehouse(trx: Db, spec: KindSpec, ctx: DocContext, doc: repo.DocRow, action: StockDocAction) {
  if (ctx.scope.kind === 'all') return;
  const column = spec.actionWarehouse?.[action] ?? 'warehouse_id';
  const id = doc[column];
  const row = id
    ? await trx.selectFrom('warehouses').select('warehouses.id').where('warehouses.id', '=', id).where((eb) => warehousesInScope(eb, ctx.scope)).executeTakeFirst()
    : undefined;
  if (!row) throw notFound(StockDocMessages.notFound);
}

export async function updateDoc(db: Db, spec: KindSpec, ctx: DocContext, id: number, body: DocBody): Promise<StockDocDetail> {
  await db.transaction().execute(async (trx) => {
    const doc = await lockInScope(trx, ctx, spec.kind, id);
    nextStatus(doc, 'edit');
    await assertActionWarehouse(trx, spec, ctx, doc, 'edit');
    const { header, lines } = await shapeAll(trx, spec, ctx, body, doc);
    await repo.updateDoc(trx, id, { ...header });
    await repo.replaceLines(trx, id, spec.scan && doc.scan_started ? await keepScanned(trx, id, lines) : lines);
  });
  return docDetail(db, ctx, spec.kind, id);
}

/**
 * Editing a document whose scanning started keeps what was scanned: each line takes the scanned
 * quantity of the old line with the same item and shelf (0 for a new line), not what the form sent.
 */
async function keepScanned(trx: Db, id: number, lines: repo.LineValues[]): Promise<repo.LineValues[]> {
  const key = (l: Pick<repo.LineValues, 'leg' | 'sku_id' | 'material_id' | 'shelf_id'>) => `${l.leg}:${l.sku_id ?? 0}:${l.material_id ?? 0}:${l.shelf_id ?? 0}`;
  const scanned = new Map((await repo.postingLines(trx, id)).map((l) => [key(l), l.actual_quantity ?? 0]));
  return lines.map((l) => ({ ...l, actual_quantity: scanned.get(key(l)) ?? 0 }));
}

const STAMPS: Partial<Record<StockDocAction, (userId: number) => Record<string, unknown>>> = {
  submit: (u) => ({ submitted_by: u, submitted_at: new Date() }),
  withdraw: () => ({ submitted_by: null, submitted_at: null }),
  ship: (u) => ({ shipped_by: u, shipped_at: new Date() }),
  startCount: () => ({ counting_at: new Date() }),
  receive: (u) => ({ posted_by: u, posted_at: new Date() }),
  post: (u) => ({ posted_by: u, posted_at: new Date() }),
  void: (u) => ({ voided_by: u, voided_at: new Date() }),
};

/**
 * One transition: lock, check scope and machine, run the kind's effects (stock moves, freezes),
 * then flip the status — all in one transaction. Voiding reverses every move the document wrote
 * and lifts its freezes.
 */
export async function actOnDoc(db: Db, spec: KindSpec, ctx: DocContext, id: number, action: StockDocAction, input: DocActionInput = {}): Promise<StockDocDetail> {
  await db.transaction().execute((trx) => actOnDocIn(trx, spec, ctx, id, action, input));
  return docDetail(db, ctx, spec.kind, id);
}

/** One transition inside the caller's transaction (see actOnDoc). */
export async function actOnDocIn(trx: Db, spec: KindSpec, ctx: DocContext, id: number, action: StockDocAction, input: DocActionInput = {}): Promise<void> {
  const reason = (input.reason ?? '').trim();
  if (reason.length > STOCK_DOC_REASON_MAX) throw badRequest(StockDocMessages.reasonTooLong);
  const doc = await lockInScope(trx, ctx, spec.kind, id);
  const next = nextStatus(doc, action);
  await assertActionWarehouse(trx, spec, ctx, doc, action);
  if (action === 'submit' && doc.line_count === 0 && !spec.linesOptional) throw badRequest(StockDocMessages.noLines);
  await spec.effects?.[action]?.(trx, ctx, doc, { ...input, reason });
  if (action === 'void') {
    for (const docType of await repo.movedDocTypes(trx, id)) await reverseMoves(trx, docType, id, ctx.userId);
    await trx.deleteFrom('stock_freezes').where('doc_id', '=', id).where('doc_type', '=', spec.kind).execute();
  }
  await repo.updateDoc(trx, id, { status: next, ...(STAMPS[action]?.(ctx.userId) ?? {}), ...(action === 'void' && reason ? { void_reason: reason } : {}) });
}
