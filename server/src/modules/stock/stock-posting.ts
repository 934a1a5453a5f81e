import {
  isStockDocType,
  STOCK_BALANCE_LIMIT,
  STOCK_POSTING_LINES_MAX,
  stockLineMessages,
  stockLineProblem,
  StockMessages,
  stockShortfallMessage,
  type StockItemLabel,
  type StockLineInput,
  type StockShortfall,
  isDocumentType,
  type DocumentRef,
  type DocumentType,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/app-error.ts';
import * as repo from './stock-posting.repo.ts';
import { pickLines } from './stock-picking.ts';
import { deferToClosing, flushClosing, runWrites, type ClosingWrite } from '../../kernel/documents/closing.ts';
import { assertStockNotHeld, stockHoldQuery, type StockTake } from '../../kernel/ledgers/stock-holds.ts';
import { assertPickedShelvesOpen, checkPlaces, lockPlaces, shareIncomingPlaces, type FreezeExcept } from './stock-places.ts';

// The posting core (DESIGN §4). Documents call postMoves / reverseMoves inside their own
// transaction (after locking and checking their header), so the ledger rows, the balances and the
// document's status commit together or not at all. Order of work, the same for every posting:
//   1. check the lines on their own (integers, non-zero, |q| ≤ 1 000 000, one item each);
//   2. share-lock the warehouses and shelves in id order (a disable or a flag change waits), check
//      they exist, belong together and are enabled, and that no stocktake freezes them;
//   3. check the SKUs and materials exist;
//   4. merge the lines per balance key, create missing balance rows, then lock every touched row
//      with SELECT … FOR UPDATE in one stable order (warehouse, shelf, item type, item id), so two
//      postings over the same rows queue instead of deadlocking (2 and 4 leave in one round trip:
//      stock-places.ts);
//   5. refuse the whole posting, naming each short item, when a warehouse without negative stock
//      would go below zero; otherwise write the moves and add the deltas to the balances.
// The CHECK on stock_balances backs step 5 in the database. A posting in which every balance grows
// (a receipt, a reversed issue) can fall short nowhere: it reads and locks no balances in step 4
// and adds to them in its write, in the same stable order (applyIncoming).

export interface PostMovesInput {
  /** what the moves do (inbound, transfer_out, …: STOCK_DOC_TYPES) */
  docType: string;
  /** the registered type of the posting document (its ledger rows are found by type and id) */
  documentType: DocumentType;
  docId: number;
  userId: number;
  lines: readonly StockLineInput[];
  /** 拣货: lines taking stock out without naming a shelf are picked where the item lies (stock-picking.ts) */
  pick?: boolean;
  /**
   * Stock held for orders (kernel stock-holds.ts): 'guarded' (default) refuses taking it; 'carried',
   * the posting carries the held pieces themselves (a 配货出库 shipping); 'ignored', the posting
   * records what is physically there (a stocktake), held or not.
   */
  holds?: 'guarded' | 'carried' | 'ignored';
}

export interface PostedBalance {
  id: number;
  warehouseId: number;
  shelfId: number | null;
  skuId: number | null;
  materialId: number | null;
  quantity: number;
}

export interface PostResult {
  moveIds: number[];
  /** the balances after the posting, where it read them (null: incoming stock, added unread) */
  balances: PostedBalance[] | null;
}

interface PreparedLine extends repo.BalanceKey {
  n: number;
  docType: string;
  quantity: number;
  unitCostFen: number | null;
  lineId: number | null;
  reversesMoveId: number | null;
  /** to be picked: taken out of the warehouse without a shelf named */
  pick: boolean;
}

const unique = (values: readonly number[]) => [...new Set(values)].sort((a, b) => a - b);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function checkHeader(docType: string, documentType: DocumentType, docId: number, userId: number) {
  if (!isStockDocType(docType) || !isDocumentType(documentType)) throw badRequest(StockMessages.docTypeInvalid);
  if (!isId(docId)) throw badRequest(StockMessages.docIdInvalid);
  if (!isId(userId)) throw badRequest(StockMessages.userInvalid);
}

function prepare(docType: string, lines: readonly StockLineInput[], pick = false): PreparedLine[] {
  if (!Array.isArray(lines) || lines.length === 0) throw badRequest(StockMessages.noLines);
  if (lines.length > STOCK_POSTING_LINES_MAX) throw badRequest(StockMessages.tooManyLines);
  return lines.map((line, i) => {
    const problem = stockLineProblem(line, i + 1);
    if (problem) throw badRequest(problem);
    return {
      n: i + 1,
      docType,
      warehouseId: line.warehouseId,
      shelfId: line.shelfId ?? 0,
      skuId: line.skuId ?? 0,
      materialId: line.materialId ?? 0,
      quantity: line.quantity,
      unitCostFen: line.unitCostFen ?? null,
      lineId: line.lineId ?? null,
      reversesMoveId: null,
      pick: pick && line.quantity < 0 && !line.shelfId,
    };
  });
}

/**
 * Locks and reads the book of some items in one warehouse, the way postMoves locks it (warehouse
 * share lock, then the balance rows in key order), so the book cannot move between reading it and
 * posting a difference against it (overseas snapshots). Answers quantity per balance key text.
 */
export async function lockBook(trx: Db, warehouseId: number, items: readonly { shelfId: number | null; skuId: number | null; materialId: number | null }[]) {
  await flushClosing(trx);
  await repo.shareWarehousesWithFreezes(trx, [warehouseId]);
  const keys = items.map((i) => ({ warehouseId, shelfId: i.shelfId ?? 0, skuId: i.skuId ?? 0, materialId: i.materialId ?? 0 })).sort(repo.compareKeys);
  await repo.ensureBalances(trx, keys);
  const book = new Map((await repo.lockBalances(trx, keys)).map((b) => [repo.keyText(b), b.quantity]));
  return (item: { shelfId: number | null; skuId: number | null; materialId: number | null }) =>
    book.get(repo.keyText({ warehouseId, shelfId: item.shelfId ?? 0, skuId: item.skuId ?? 0, materialId: item.materialId ?? 0 })) ?? 0;
}

/** How items are named in messages (read only when a message needs them). */
export async function stockItemLabels(trx: Db, skuIds: readonly number[], materialIds: readonly number[]): Promise<Map<string, StockItemLabel>> {
  const labels = new Map<string, StockItemLabel>();
  for (const s of skuIds.length ? await repo.skuLabels(trx, unique(skuIds)) : []) {
    labels.set(`s${s.id}`, { type: 'sku', styleNo: s.style_no, colourName: s.colour_name, sizeName: s.size_name, barcode: s.barcode });
  }
  for (const m of materialIds.length ? await repo.materialLabels(trx, unique(materialIds)) : []) {
    labels.set(`m${m.id}`, { type: 'material', code: m.code, name: m.name });
  }
  return labels;
}

const labelKey = (k: { skuId: number; materialId: number }) => (k.skuId ? `s${k.skuId}` : `m${k.materialId}`);

/** The lines merged per balance key (deltas added), with the keys in the stable lock order. */
function mergeByKey(lines: readonly PreparedLine[]) {
  const merged = new Map<string, { key: repo.BalanceKey; delta: number }>();
  for (const line of lines) {
    const text = repo.keyText(line);
    const entry = merged.get(text) ?? { key: { warehouseId: line.warehouseId, shelfId: line.shelfId, skuId: line.skuId, materialId: line.materialId }, delta: 0 };
    entry.delta += line.quantity;
    merged.set(text, entry);
  }
  const keys = [...merged.values()].map((m) => m.key).sort(repo.compareKeys);
  return { merged, keys };
}

function uniqueItems(lines: readonly PreparedLine[]): repo.PickItem[] {
  return [...new Map(lines.map((l) => [`${l.warehouseId}:${l.skuId}:${l.materialId}`, { warehouseId: l.warehouseId, skuId: l.skuId, materialId: l.materialId }])).values()];
}

/** Refuses (422) the first line whose SKU or material does not exist. */
function assertItemsExist(lines: readonly PreparedLine[], labels: Map<string, StockItemLabel>) {
  for (const line of lines) {
    if (line.skuId && !labels.has(`s${line.skuId}`)) throw badRequest(stockLineMessages.skuNotFound(line.n));
    if (line.materialId && !labels.has(`m${line.materialId}`)) throw badRequest(stockLineMessages.materialNotFound(line.n));
  }
}

/** Steps 2 to 5 for lines already checked on their own. */
async function apply(
  trx: Db,
  header: { documentType: DocumentType; docId: number; userId: number; freezeExcept?: FreezeExcept; holds?: PostMovesInput['holds'] },
  lines: readonly PreparedLine[],
  beforeWrite?: () => Promise<void>,
): Promise<PostResult> {
  const exact = lines.filter((l) => !l.pick);
  const picks = uniqueItems(lines.filter((l) => l.pick));
  const exactMerged = mergeByKey(exact);
  if (picks.length === 0 && [...exactMerged.merged.values()].every((m) => m.delta > 0)) return applyIncoming(trx, header, lines, exactMerged, beforeWrite);
  // what the posting takes of held stock is read with its locks (kernel stock-holds.ts)
  const takes = (header.holds ?? 'guarded') === 'guarded' ? takesOf(lines) : [];
  const { warehouses, shelves, rows, alongRows } = await lockPlaces(trx, lines, exactMerged, picks, stockHoldQuery(takes));
  checkPlaces(lines, warehouses, shelves, header.freezeExcept);
  const allowsNegative = (warehouseId: number) => warehouses.get(warehouseId)!.allow_negative;

  let labels: Map<string, StockItemLabel> | null = null;
  const itemLabels = async () => {
    labels ??= await stockItemLabels(trx, lines.map((l) => l.skuId).filter(Boolean), lines.map((l) => l.materialId).filter(Boolean));
    return labels;
  };
  let posting: readonly PreparedLine[] = lines;
  if (picks.length) {
    const picked = pickLines(lines, (l) => l.pick, rows, allowsNegative);
    if (picked.short.length) {
      const named = await itemLabels();
      assertItemsExist(lines, named);
      throw conflict(stockShortfallMessage(picked.short.map((s) => ({ item: named.get(labelKey(s.line))!, need: s.need, available: s.available }))));
    }
    posting = picked.lines;
    assertPickedShelvesOpen(posting, warehouses, header.freezeExcept);
  }
  const { merged, keys } = mergeByKey(posting);
  const locked: repo.LockedPlace[] = rows.filter((r) => merged.has(repo.keyText(r)));
  const lockedKeys = new Set(locked.map((r) => repo.keyText(r)));
  const missing = keys.filter((k) => !lockedKeys.has(repo.keyText(k)));
  if (missing.length) {
    // ensureBalances makes rows for existing items only: a row still missing is an unknown item,
    // or (taking stock out) nothing there at all
    assertItemsExist(lines, await itemLabels());
    for (const key of missing) locked.push({ ...key, id: 0, quantity: 0, shelfEnabled: null, shelfSort: 0, shelfCode: '' });
    locked.sort(repo.compareKeys);
  }
  await beforeWrite?.();

  const places = new Set(keys.map((k) => `${k.warehouseId}:${k.shelfId}`));
  const shortfalls: (Omit<StockShortfall, 'item'> & { key: repo.BalanceKey })[] = [];
  const deltas: { id: number; delta: number }[] = [];
  const after: PostedBalance[] = [];
  for (const row of locked) {
    const { delta } = merged.get(repo.keyText(row))!;
    const quantity = row.quantity + delta;
    const warehouse = warehouses.get(row.warehouseId)!;
    if (delta < 0 && quantity < 0 && !warehouse.allow_negative) {
      const place = places.size > 1 ? `${warehouse.name}${row.shelfId ? ` ${row.shelfCode || shelves.get(row.shelfId)?.code || ''}` : ''}` : undefined;
      shortfalls.push({ key: row, place, need: -delta, available: row.quantity });
    }
    if (Math.abs(quantity) > STOCK_BALANCE_LIMIT) throw conflict(StockMessages.balanceOverflow);
    if (delta !== 0) deltas.push({ id: row.id, delta });
    after.push({
      id: row.id,
      warehouseId: row.warehouseId,
      shelfId: row.shelfId || null,
      skuId: row.skuId || null,
      materialId: row.materialId || null,
      quantity,
    });
  }
  if (shortfalls.length) {
    const named = await itemLabels();
    throw conflict(stockShortfallMessage(shortfalls.map(({ key, ...f }) => ({ ...f, item: named.get(labelKey(key))! }))));
  }
  await assertStockNotHeld(trx, alongRows, takes);

  return write(trx, repo.moveWrites(movesOf(header, posting), deltas), after);
}

/**
 * Steps 2 to 5 when every balance the posting touches grows (receipts, reversed issues): the
 * places are checked as for any posting, but no balance can go short, so the balances are neither
 * read nor locked first — the closing write adds to them (creating missing rows) in the stable
 * order, and the database holds the limit.
 */
async function applyIncoming(
  trx: Db,
  header: { documentType: DocumentType; docId: number; userId: number; freezeExcept?: FreezeExcept },
  lines: readonly PreparedLine[],
  { merged, keys }: ReturnType<typeof mergeByKey>,
  beforeWrite?: () => Promise<void>,
): Promise<PostResult> {
  const { warehouses, shelves, skus, materials } = await shareIncomingPlaces(trx, lines);
  checkPlaces(lines, warehouses, shelves, header.freezeExcept);
  for (const line of lines) {
    if (line.skuId && !skus.has(line.skuId)) throw badRequest(stockLineMessages.skuNotFound(line.n));
    if (line.materialId && !materials.has(line.materialId)) throw badRequest(stockLineMessages.materialNotFound(line.n));
  }
  await beforeWrite?.();
  const grows = keys.map((k) => ({ ...k, delta: merged.get(repo.keyText(k))!.delta }));
  const { insert } = repo.moveWrites(movesOf(header, lines), []);
  return write(trx, { balances: repo.addBalancesQuery(grows), insert }, null);
}

/** Net pieces of each SKU the posting takes out of a warehouse (a move between its shelves takes none). */
function takesOf(posting: readonly PreparedLine[]): StockTake[] {
  const net = new Map<string, StockTake>();
  for (const l of posting) {
    if (!l.skuId) continue;
    const key = `${l.warehouseId}:${l.skuId}`;
    const take = net.get(key) ?? { warehouseId: l.warehouseId, skuId: l.skuId, quantity: 0 };
    take.quantity -= l.quantity;
    net.set(key, take);
  }
  return [...net.values()].filter((t) => t.quantity > 0);
}

function movesOf(header: { documentType: DocumentType; docId: number; userId: number }, posting: readonly PreparedLine[]) {
  return posting.map(
    (l): repo.MoveValues => ({
      warehouse_id: l.warehouseId,
      shelf_id: l.shelfId || null,
      sku_id: l.skuId || null,
      material_id: l.materialId || null,
      quantity: l.quantity,
      unit_cost_fen: l.unitCostFen,
      doc_type: l.docType,
      document_type: header.documentType,
      doc_id: header.docId,
      doc_line_id: l.lineId,
      reverses_move_id: l.reversesMoveId,
      created_by: header.userId,
    }),
  );
}

/** The balance and move writes: deferred to the transition's closing statement, or run now. */
async function write(
  trx: Db,
  { balances, insert }: { balances: ReturnType<typeof repo.addBalancesQuery> | null; insert: ReturnType<typeof repo.moveWrites>['insert'] },
  after: PostedBalance[] | null,
): Promise<PostResult> {
  // inside a transition the writes close with the document's status (one statement less); their
  // move ids are not known then
  const writes: ClosingWrite[] = [...(balances ? [{ query: balances, refusal: stockRefusal }] : []), { query: insert, refusal: stockRefusal }];
  if (deferToClosing(trx, writes)) return { moveIds: [], balances: after };
  const moveIds = ((await runWrites(trx, writes)) as { id: number }[]).map((r) => Number(r.id));
  return { moveIds, balances: after };
}

/** What the database itself refuses, as the same answers as the checks before it (null: not ours). */
function stockRefusal(error: unknown): Error | null {
  const e = error as { code?: unknown; constraint?: unknown };
  if (e?.code === '23514' && e.constraint === 'stock_balances_not_negative') return conflict(StockMessages.shortfall);
  if (e?.code === '23505' && e.constraint === 'stock_moves_reverses_key') return conflict(StockMessages.alreadyReversed);
  // incoming stock adds to its balances unread: the database holds the limit (or int4's, reached first)
  if ((e?.code === '23514' && e.constraint === 'stock_balances_limit') || e?.code === '22003') return conflict(StockMessages.balanceOverflow);
  return null;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw stockRefusal(error) ?? error;
  }
}

/**
 * Posts a document's lines into the ledger inside the caller's transaction `trx`. Refuses the
 * whole posting (nothing written) with 422 for bad lines and 409 for a shortfall, a disabled or
 * frozen place. A failed call leaves the transaction unusable on PostgreSQL: roll it back.
 */
export async function postMoves(trx: Db, input: PostMovesInput): Promise<PostResult> {
  checkHeader(input.docType, input.documentType, input.docId, input.userId);
  const lines = prepare(input.docType, input.lines, input.pick);
  // an earlier posting of this transition still waiting for its closing statement must land first
  await flushClosing(trx);
  const header = {
    documentType: input.documentType,
    docId: input.docId,
    userId: input.userId,
    freezeExcept: { docType: input.docType, docId: input.docId },
    holds: input.holds,
  };
  return guarded(() => apply(trx, header, lines));
}

/**
 * Voids a document's stock: writes one reversing move per move of the document (its registered
 * type and id, whatever the moves do) not yet reversed — same place, item, cost, line and move
 * type; opposite quantity; reverses_move_id set — under the same checks and locking, all moves in
 * one posting (a received transfer takes its goods out of the destination and back from transit to
 * the source at once). A second call finds nothing left and is refused, also when two calls race
 * (checked again once the balances are locked, and by the unique index on reverses_move_id);
 * with `optional`, a document without moves to reverse is simply left alone.
 */
export async function reverseMoves(trx: Db, document: DocumentRef, userId: number, options: { optional?: boolean } = {}): Promise<PostResult> {
  if (!document || !isDocumentType(document.type) || !isId(document.id)) throw badRequest(StockMessages.docIdInvalid);
  if (!isId(userId)) throw badRequest(StockMessages.userInvalid);
  await flushClosing(trx);
  const originals = await repo.unreversedMoves(trx, document.type, document.id);
  if (originals.length === 0) {
    // a document that never moved stock (a draft, a snapshot without differences) has nothing to undo
    if (options.optional) return { moveIds: [], balances: [] };
    throw conflict((await repo.hasOriginalMoves(trx, document.type, document.id)) ? StockMessages.alreadyReversed : StockMessages.nothingToReverse);
  }
  const lines: PreparedLine[] = originals.map((m, i) => ({
    n: i + 1,
    docType: m.doc_type,
    warehouseId: m.warehouse_id,
    shelfId: m.shelf_id ?? 0,
    skuId: m.sku_id ?? 0,
    materialId: m.material_id ?? 0,
    quantity: -m.quantity,
    unitCostFen: m.unit_cost_fen,
    lineId: m.doc_line_id,
    reversesMoveId: m.id,
    pick: false,
  }));
  const ids = originals.map((m) => m.id);
  // a stocktake voids its adjustments while its own freeze still stands
  const freezeExcept = { docType: originals[0]!.doc_type, docId: document.id };
  return guarded(() =>
    apply(trx, { documentType: document.type, docId: document.id, userId, freezeExcept }, lines, async () => {
      if (await repo.anyReversed(trx, ids)) throw conflict(StockMessages.alreadyReversed);
    }),
  );
}
