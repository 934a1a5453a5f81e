import {
  barcodeProblem,
  barcodeTaken,
  batchRowError,
  BARCODE_PREFIX_PATTERN,
  compareSizeRows,
  nextEan13,
  ProductLimits,
  ProductMessages,
  sellerSkuTaken,
  skuGrid,
  styleNoTaken,
  type ProductStatus,
  type SkuStatus,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../sessions/sessions.service.ts';
import { setTags } from '../tags/tag-links.service.ts';
import * as repo from './products.repo.ts';
import type { ProductBody } from './products.schema.ts';
import { checkRunRules, saveRunRules, type StyleRunValues } from './products-runs.ts';
import { checkFields, checkReferences, comboKey, loadDicts, type CheckedProduct, type DictSets } from './products.validate.ts';

// Creating and changing products and SKUs. Every change is one transaction; unique indexes back
// the checks, so a concurrent save of the same style no. or barcode still answers 409.
//
// SKU rule on PUT: chosen colour × size combinations without a SKU get one (barcode given or
// automatic); SKUs whose colour or size is no longer chosen are disabled, never deleted (their
// barcodes may be on labels and in stock records); SKUs still chosen keep their status (a SKU
// is re-enabled through PUT /skus/{id}).

function uniqueViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== '23505') return null;
  return String((error as { constraint?: unknown }).constraint ?? '');
}

/** Runs a change; a unique index that trips on a concurrent save becomes a clear 409. */
export async function guarded<T>(work: () => Promise<T>, styleNo?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    if (constraint === 'products_style_no_key' && styleNo) throw conflict(styleNoTaken(styleNo));
    if (constraint === 'skus_barcode_key') throw conflict('条码已被其他SKU使用，请重试');
    if (constraint === 'skus_seller_sku_key') throw conflict('平台商家编码在该平台分组中已存在');
    throw conflict('数据已存在，请刷新后重试');
  }
}

export async function prefixOf(db: Db): Promise<string> {
  const prefix = (await repo.barcodePrefix(db)) ?? '';
  if (!BARCODE_PREFIX_PATTERN.test(prefix)) throw badRequest(`系统设置中的条码前缀“${prefix}”无效：${ProductMessages.barcodePrefixInvalid}`);
  return prefix;
}

/** `count` automatic EAN-13 codes not used yet (a code someone typed in by hand is skipped). */
async function autoBarcodes(trx: Db, prefix: string, count: number, reserved: ReadonlySet<string>): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count) {
    const batch: string[] = [];
    for (let i = codes.length; i < count; i += 1) {
      const n = await repo.nextBarcodeNumber(trx);
      try {
        batch.push(nextEan13(prefix, n));
      } catch {
        throw badRequest(ProductMessages.barcodeExhausted);
      }
    }
    const taken = new Set(await repo.barcodesTaken(trx, batch));
    codes.push(...batch.filter((code) => !taken.has(code) && !reserved.has(code)));
  }
  return codes;
}

/** SKU rows for the combinations, in grid order (colour as chosen, sizes in size order). */
async function skuRowsFor(trx: Db, productId: number, combos: { colourId: number; sizeId: number }[], given: Map<string, string>, prefix: string) {
  const missing = combos.filter((c) => !given.has(comboKey(c.colourId, c.sizeId))).length;
  const auto = await autoBarcodes(trx, prefix, missing, new Set(given.values()));
  return combos.map((c) => ({
    product_id: productId,
    colour_id: c.colourId,
    size_id: c.sizeId,
    barcode: given.get(comboKey(c.colourId, c.sizeId)) ?? auto.shift()!,
  }));
}

async function orderedCombos(trx: Db, colourIds: number[], sizeIds: number[]) {
  const sizes = await repo.sizesByIds(trx, sizeIds);
  return skuGrid(
    colourIds.map((id) => ({ id })),
    sizes.sort(compareSizeRows),
  ).map((cell) => ({ colourId: cell.colour.id, sizeId: cell.size.id }));
}

/** Inserts a checked product with its SKUs, tags and 配码 rules (inside the caller's transaction). */
async function insertChecked(trx: Db, p: CheckedProduct, prefix: string, createdBy: number | null, runRules: StyleRunValues): Promise<number> {
  const id = await repo.insertProduct(trx, p.values, createdBy);
  if (runRules.size_run_id !== null || runRules.whole_runs || runRules.min_runs > 0) await saveRunRules(trx, id, runRules);
  const combos = await orderedCombos(trx, p.colourIds, p.sizeIds);
  await repo.insertSkus(trx, await skuRowsFor(trx, id, combos, p.barcodes, prefix));
  if (p.tagIds.length > 0) await setTags(trx, 'product', id, p.tagIds);
  return id;
}

/** Style no. and given barcodes not used by other products (409 naming the one that clashes). */
async function assertUnique(trx: Db, p: CheckedProduct, selfId?: number): Promise<void> {
  const owner = await repo.styleNoOwner(trx, p.values.style_no);
  if (owner && owner.id !== selfId) throw conflict(styleNoTaken(p.values.style_no));
  const taken = await repo.barcodesTaken(trx, [...p.barcodes.values()]);
  if (taken.length > 0) throw conflict(barcodeTaken(taken[0]!));
}

function checkedOrThrow(body: ProductBody): CheckedProduct {
  const result = checkFields(body);
  if ('problem' in result) throw badRequest(result.problem);
  return result.checked;
}

export async function createProduct(db: Db, auth: Pick<AuthContext, 'userId'>, body: ProductBody): Promise<number> {
  const checked = checkedOrThrow(body);
  return guarded(
    () =>
      withTransaction(db, async (trx) => {
        const problem = await checkReferences(trx, checked, await loadDicts(trx));
        if (problem) throw badRequest(problem);
        await assertUnique(trx, checked);
        const runRules = await checkRunRules(trx, body, { groupId: checked.values.size_group_id, sizeIds: checked.sizeIds });
        if ('problem' in runRules) throw badRequest(runRules.problem);
        return insertChecked(trx, checked, await prefixOf(trx), auth.userId, runRules.values);
      }),
    checked.values.style_no,
  );
}

export interface BatchRowError {
  /** 1-based row number in the batch */
  row: number;
  styleNo: string;
  reason: string;
}

export type BatchResult = { ok: true; ids: number[] } | { ok: false; errors: BatchRowError[] };

async function batchRowProblem(
  trx: Db,
  body: ProductBody,
  dicts: DictSets,
  seenStyle: Set<string>,
  seenCodes: Set<string>,
): Promise<{ problem: string } | { checked: CheckedProduct; runRules: StyleRunValues }> {
  const result = checkFields(body);
  if ('problem' in result) return { problem: result.problem };
  const p = result.checked;
  const problem = await checkReferences(trx, p, dicts);
  if (problem) return { problem };
  const runRules = await checkRunRules(trx, body, { groupId: p.values.size_group_id, sizeIds: p.sizeIds });
  if ('problem' in runRules) return { problem: runRules.problem };
  const key = p.values.style_no.toLowerCase();
  if (seenStyle.has(key) || (await repo.styleNoOwner(trx, p.values.style_no))) return { problem: styleNoTaken(p.values.style_no) };
  seenStyle.add(key);
  const codes = [...p.barcodes.values()];
  const clash = codes.find((c) => seenCodes.has(c)) ?? (await repo.barcodesTaken(trx, codes))[0];
  if (clash) return { problem: barcodeTaken(clash) };
  for (const c of codes) seenCodes.add(c);
  return { checked: p, runRules: runRules.values };
}

/**
 * Many products at once (Excel import): every row is checked, every bad row reported with its
 * reason, and nothing is inserted unless all rows are good; the inserts are one transaction.
 */
export async function createProductsBatch(db: Db, auth: Pick<AuthContext, 'userId'>, bodies: ProductBody[]): Promise<BatchResult> {
  if (bodies.length === 0) throw badRequest(ProductMessages.batchEmpty);
  if (bodies.length > ProductLimits.batchMax) throw badRequest(ProductMessages.batchTooMany);
  return guarded(() =>
    withTransaction(db, async (trx) => {
      const dicts = await loadDicts(trx);
      const seenStyle = new Set<string>();
      const seenCodes = new Set<string>();
      const errors: BatchRowError[] = [];
      const good: { checked: CheckedProduct; runRules: StyleRunValues }[] = [];
      for (const [index, body] of bodies.entries()) {
        const result = await batchRowProblem(trx, body, dicts, seenStyle, seenCodes);
        if ('problem' in result) errors.push({ row: index + 1, styleNo: String(body.styleNo ?? ''), reason: result.problem });
        else good.push(result);
      }
      if (errors.length > 0) return { ok: false as const, errors };
      const prefix = await prefixOf(trx);
      const ids: number[] = [];
      for (const p of good) ids.push(await insertChecked(trx, p.checked, prefix, auth.userId, p.runRules));
      return { ok: true as const, ids };
    }),
  );
}

/** One message for a failed batch, for callers that answer 422 (row by row). */
export function batchErrorsMessage(errors: BatchRowError[]): string {
  return errors.map((e) => batchRowError(e.row, e.reason)).join('；');
}

export async function updateProduct(db: Db, id: number, body: ProductBody): Promise<void> {
  const checked = checkedOrThrow(body);
  await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        if (!(await repo.lockProduct(trx, id))) throw notFound(ProductMessages.productNotFound);
        const existing = await repo.existingSkus(trx, id);
        // given barcodes apply to new SKUs only; an existing SKU's barcode changes through PUT /skus/{id}
        for (const s of existing) checked.barcodes.delete(comboKey(s.colour_id, s.size_id));
        const problem = await checkReferences(trx, checked, await loadDicts(trx), new Set(existing.map((s) => s.colour_id)));
        if (problem) throw badRequest(problem);
        await assertUnique(trx, checked, id);
        const runRules = await checkRunRules(trx, body, { groupId: checked.values.size_group_id, sizeIds: checked.sizeIds, productId: id });
        if ('problem' in runRules) throw badRequest(runRules.problem);
        await saveRunRules(trx, id, runRules.values);
        const { status: _status, ...fields } = checked.values;
        // status changes through POST /products/status (its own permission)
        const current = await repo.productStatus(trx, id);
        await repo.updateProduct(trx, id, { ...fields, status: current.status });
        const grid = await orderedCombos(trx, checked.colourIds, checked.sizeIds);
        const chosen = new Set(grid.map((c) => comboKey(c.colourId, c.sizeId)));
        const have = new Set(existing.map((s) => comboKey(s.colour_id, s.size_id)));
        const combos = grid.filter((c) => !have.has(comboKey(c.colourId, c.sizeId)));
        await repo.insertSkus(trx, await skuRowsFor(trx, id, combos, checked.barcodes, combos.length > 0 ? await prefixOf(trx) : ''));
        const dropped = existing.filter((s) => s.status === 'active' && !chosen.has(comboKey(s.colour_id, s.size_id))).map((s) => s.id);
        await repo.setSkuStatus(trx, dropped, 'disabled');
      }),
    checked.values.style_no,
  );
}

export async function changeStatus(db: Db, ids: number[], status: ProductStatus): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw badRequest(ProductMessages.idsRequired);
  return db.transaction().execute(async (trx) => {
    const found = await repo.productIdsExisting(trx, unique);
    if (found.length !== unique.length) throw notFound(ProductMessages.productNotFound);
    return repo.setProductsStatus(trx, unique, status);
  });
}

export async function setProductTags(db: Db, id: number, tagIds: number[]) {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.lockProduct(trx, id))) throw notFound(ProductMessages.productNotFound);
    return setTags(trx, 'product', id, tagIds);
  });
}

export interface SkuInput {
  barcode: string;
  sellerSku?: string | null;
  marketplaceGroup?: string | null;
  status: SkuStatus;
}

export async function updateSku(db: Db, id: number, input: SkuInput): Promise<void> {
  const barcode = input.barcode.trim();
  const problem = barcodeProblem(barcode);
  if (problem) throw badRequest(problem);
  const sellerSku = input.sellerSku?.trim() || null;
  const group = input.marketplaceGroup?.trim() || null;
  if (sellerSku && sellerSku.length > ProductLimits.sellerSkuMax) throw badRequest(ProductMessages.sellerSkuTooLong);
  if (group && group.length > ProductLimits.marketplaceGroupMax) throw badRequest(ProductMessages.marketplaceGroupTooLong);
  if (sellerSku && !group) throw badRequest(ProductMessages.sellerSkuNeedsGroup);
  await guarded(() =>
    db.transaction().execute(async (trx) => {
      const sku = await repo.lockSku(trx, id);
      if (!sku) throw notFound(ProductMessages.skuNotFound);
      if (barcode !== sku.barcode && (await repo.barcodesTaken(trx, [barcode])).length > 0) throw conflict(barcodeTaken(barcode));
      if (sellerSku && group) {
        const owner = await repo.sellerSkuOwner(trx, group, sellerSku);
        if (owner && owner.id !== id) throw conflict(sellerSkuTaken(group, sellerSku));
      }
      await repo.updateSku(trx, id, { barcode, seller_sku: sellerSku, marketplace_group: group, status: input.status });
    }),
  );
}
