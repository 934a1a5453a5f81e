import { isCalendarDay, STOCK_DOC_REMARK_MAX, StockDocMessages } from '@erp/shared';
import type { Db } from '../../../db/database.ts';
import { badRequest } from '../../../http/app-error.ts';
import { deferWarehouseInScope, warehouseInScope } from '../doc-lines.ts';
import type { DeferCheck, DocContext, DocHeaderColumns, DocHeaderInput } from '../kind-spec.ts';
import type { DocRow } from '../stock-docs.repo.ts';
import type { PostingLine } from '../posting-lines.repo.ts';

// Small pieces the kinds share.

export function remarkOf(input: DocHeaderInput): string {
  const remark = (input.remark ?? '').trim();
  if (remark.length > STOCK_DOC_REMARK_MAX) throw badRequest(StockDocMessages.remarkTooLong);
  return remark;
}

export function bizTypeOf(input: DocHeaderInput, allowed: readonly string[], fallback?: string): string {
  const value = input.bizType ?? fallback;
  if (!value || !allowed.includes(value)) throw badRequest(StockDocMessages.bizTypeInvalid);
  return value;
}

export function dateOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (!isCalendarDay(value)) throw badRequest('日期格式须为 yyyy-mm-dd');
  return value;
}

/** Header columns nobody set yet. */
export function emptyHeader(warehouseId: number): DocHeaderColumns {
  return {
    biz_type: '',
    warehouse_id: warehouseId,
    to_warehouse_id: null,
    transit_warehouse_id: null,
    shop_id: null,
    supplier_id: null,
    shelf_ids: [],
    expected_date: null,
    remark: '',
    source_type: '',
    source_id: null,
    source_no: '',
  };
}

/** The quantity an inbound/outbound line posts: scanned once scanning started, else expected. */
export const postedQuantity = (doc: Pick<DocRow, 'scan_started'>, line: Pick<PostingLine, 'quantity' | 'actual_quantity'>) =>
  doc.scan_started ? (line.actual_quantity ?? 0) : line.quantity;

/** Whether any line's posted quantity differs from its expected quantity. */
export const hasDifference = (doc: Pick<DocRow, 'scan_started'>, lines: readonly Pick<PostingLine, 'quantity' | 'actual_quantity'>[]) =>
  lines.some((l) => postedQuantity(doc, l) !== l.quantity);

export async function supplierExists(trx: Db, id: number | null | undefined): Promise<number | null> {
  if (id === null || id === undefined) return null;
  const row = Number.isSafeInteger(id) && id > 0 ? await trx.selectFrom('suppliers').select('id').where('id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw badRequest('供应商不存在');
  return row.id;
}

export async function shopExists(trx: Db, id: number | null | undefined): Promise<number | null> {
  if (id === null || id === undefined) return null;
  const row = Number.isSafeInteger(id) && id > 0 ? await trx.selectFrom('shops').select('id').where('id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw badRequest('门店不存在');
  return row.id;
}

/** The warehouse read now: in scope and enabled (warehouseInScope), and not the virtual transit one. */
async function usableWarehouseId(trx: Db, ctx: DocContext, id: number | null | undefined, transitRefused: string): Promise<number> {
  const warehouse = await warehouseInScope(trx, ctx.scope, id);
  if (warehouse.type === 'transit') throw badRequest(transitRefused);
  return warehouse.id;
}

/**
 * The header of a document that moves goods in or out of one warehouse (入库, 出库): the
 * warehouse in the caller's scope and not the virtual transit one, the business type, the party
 * (supplier, and shop for deliveries), expected date, remark, and the source set by other modules.
 * A document made from another one (a purchase order's receipt, a purchase refund's outbound)
 * keeps its source, business type and supplier when edited: those belong to the source.
 */
export async function oneWarehouseHeader(
  trx: Db,
  ctx: DocContext,
  input: DocHeaderInput,
  options: { bizTypes: readonly string[]; transitRefused: string; withShop: boolean },
  current: DocRow | null = null,
  defer?: DeferCheck,
): Promise<DocHeaderColumns> {
  // a new document's warehouse is checked by its insert (a statement less); refused, the header is checked again here
  const warehouseId =
    defer && !current ? deferWarehouseInScope(trx, ctx.scope, input.warehouseId, defer) : await usableWarehouseId(trx, ctx, input.warehouseId, options.transitRefused);
  if (current && current.source_type !== '') {
    return {
      ...emptyHeader(warehouseId),
      biz_type: current.biz_type,
      shop_id: current.shop_id,
      supplier_id: current.supplier_id,
      expected_date: dateOf(input.expectedDate),
      remark: remarkOf(input),
      source_type: current.source_type,
      source_id: current.source_id,
      source_no: current.source_no,
    };
  }
  return {
    ...emptyHeader(warehouseId),
    biz_type: bizTypeOf(input, options.bizTypes, 'other'),
    shop_id: options.withShop ? await shopExists(trx, input.shopId) : null,
    supplier_id: await supplierExists(trx, input.supplierId),
    expected_date: dateOf(input.expectedDate),
    remark: remarkOf(input),
    source_type: (input.sourceType ?? '').slice(0, 32),
    source_id: input.sourceId ?? null,
    source_no: (input.sourceNo ?? '').slice(0, 64),
  };
}
