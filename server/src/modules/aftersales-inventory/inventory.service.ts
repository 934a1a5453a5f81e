import {
  countDateProblem,
  inventoryDifferenceTotals,
  Permissions,
  SHOP_INVENTORY_MACHINE,
  SHOP_INVENTORY_PREFIX,
  SHOP_INVENTORY_STATUS_LABELS,
  SHOP_INVENTORY_TEXT_MAX,
  shanghaiToday,
  shopInventoryActions,
  shopInventoryLinesProblem,
  ShopInventoryMessages,
  type ShopInventoryAction,
  type ShopInventoryDetail,
  type ShopInventoryLine,
  type ShopInventoryLineInput,
  type ShopInventoryRecord,
  type ShopInventoryStatus,
  type ShopInventoryWarehouseOption,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { nextDocNo } from '../../kernel/documents/numbering.ts';
import { transition, type DocumentDefinition } from '../../kernel/documents/transition.ts';
import { warehouseBookOfSkus } from '../stock/stock-read.service.ts';
import { skuByBarcode } from '../stock-docs/stock-docs.service.ts';
import type { WarehouseScope } from '../warehouses/warehouse-scope.ts';
import * as repo from './inventory.repo.ts';
import { optionalText } from '../../http/text-input.ts';

// 库存上报 (issue 19): a shop, or its agent, reports a count of the shop's warehouse; HQ compares it
// with the book, audits or rejects it (inventory-actions.service.ts posts the differences). Every
// record and route is scoped by the report's warehouse: another party's report answers 404.

export interface InventoryContext {
  userId: number;
  scope: WarehouseScope;
  permissions: ReadonlySet<string>;
}

export const REPORT_DOCUMENT: DocumentDefinition<repo.ReportRow, ShopInventoryStatus, ShopInventoryAction, InventoryContext> = {
  type: 'shop_inventory',
  machine: SHOP_INVENTORY_MACHINE,
  lock: (trx, id) => repo.lockReport(trx, id),
  visible: (trx, ctx, row) => ctx.scope.kind === 'all' || repo.isReportInScope(trx, row.id, ctx.scope),
  statusOf: (row) => row.status,
  notFound: ShopInventoryMessages.notFound,
  refused: (row, action) => ShopInventoryMessages.refused(row.doc_no, row.status, action),
  save: (trx, id, values) => repo.updateReportQuery(trx, id, values),
  stamps: {
    edit: () => ({ reject_reason: '' }),
    submit: (u) => ({ submitted_by: u, submitted_at: new Date() }),
    audit: (u) => ({ audited_by: u, audited_at: new Date() }),
    reject: (u, reason) => ({ rejected_by: u, rejected_at: new Date(), reject_reason: reason }),
    post: (u) => ({ posted_by: u, posted_at: new Date() }),
  },
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toRecord(row: repo.ReportRecordRow): ShopInventoryRecord {
  return {
    id: Number(row.id),
    docNo: row.doc_no,
    warehouseId: Number(row.warehouse_id),
    warehouseCode: row.warehouse_code,
    warehouseName: row.warehouse_name,
    shopId: Number(row.shop_id),
    shopName: row.shop_name,
    reporterType: row.reporter_type,
    reporterName: row.reporter_name,
    countDate: row.count_date,
    status: row.status,
    statusLabel: SHOP_INVENTORY_STATUS_LABELS[row.status],
    rejectReason: row.reject_reason,
    remark: row.remark,
    totalQuantity: Number(row.total_quantity),
    lineCount: row.line_count,
    stocktakeId: row.stocktake_doc_id === null ? null : Number(row.stocktake_doc_id),
    stocktakeNo: row.stocktake_no,
    createdByName: row.created_by_name,
    createdAt: iso(row.created_at)!,
    submittedAt: iso(row.submitted_at),
    auditedByName: row.audited_by_name,
    auditedAt: iso(row.audited_at),
    postedAt: iso(row.posted_at),
    actions: shopInventoryActions(row.status, row.stocktake_doc_id !== null),
  };
}

/** HQ's auditors see the book and the differences; a shop or agent counts blind (盲盘), not steered by the book. */
export const showsBook = (ctx: InventoryContext) => ctx.scope.kind === 'all' && ctx.permissions.has(Permissions.aftersalesInventoryAudit);

export async function pageReports(db: Db, ctx: InventoryContext, filter: repo.ReportFilter, params: ListParams<repo.ReportSortColumn>) {
  const page = await repo.pageReports(db, ctx.scope, filter, params);
  return { records: page.records.map(toRecord), total: page.total };
}

/** The header as the caller may see it; 404 when missing or another party's. */
export async function getReport(db: Db, ctx: InventoryContext, id: number): Promise<ShopInventoryRecord> {
  const row = await repo.reportById(db, id);
  if (!row || (ctx.scope.kind !== 'all' && !(await repo.isReportInScope(db, id, ctx.scope)))) throw notFound(ShopInventoryMessages.notFound);
  return toRecord(row);
}

/**
 * The report with its lines: each counted SKU, and for HQ's auditors each SKU of the warehouse's
 * book that was not counted (it counts 0 when the differences are posted), with book and
 * counted − book; counted lines first in the order entered, the uncounted after by style.
 */
export async function reportDetail(db: Db, ctx: InventoryContext, id: number): Promise<ShopInventoryDetail> {
  const record = await getReport(db, ctx, id);
  const counted = await repo.linesOf(db, id);
  const label = (l: { style_no: string; product_name: string; colour_name: string; size_name: string; barcode: string }) => ({
    styleNo: l.style_no,
    productName: l.product_name,
    colourName: l.colour_name,
    sizeName: l.size_name,
    barcode: l.barcode,
  });
  if (!showsBook(ctx)) {
    const lines: ShopInventoryLine[] = counted.map((l) => ({ skuId: l.sku_id, ...label(l), counted: true, countedQuantity: l.quantity, bookQuantity: null, difference: null }));
    return { ...record, showsBook: false, lines, totals: null };
  }
  const book = await warehouseBookOfSkus(db, record.warehouseId);
  const countedIds = new Set(counted.map((l) => l.sku_id));
  const uncounted = (
    await repo.skuLabels(
      db,
      [...book.keys()].filter((skuId) => !countedIds.has(skuId)),
    )
  ).sort((a, b) => a.style_no.localeCompare(b.style_no) || a.colour_sort - b.colour_sort || a.size_sort - b.size_sort || a.id - b.id);
  const lines: ShopInventoryLine[] = [
    ...counted.map((l) => {
      const b = book.get(l.sku_id) ?? 0;
      return { skuId: l.sku_id, ...label(l), counted: true, countedQuantity: l.quantity, bookQuantity: b, difference: l.quantity - b };
    }),
    ...uncounted.map((k) => {
      const b = book.get(k.id) ?? 0;
      return { skuId: k.id, ...label(k), counted: false, countedQuantity: 0, bookQuantity: b, difference: -b };
    }),
  ];
  return { ...record, showsBook: true, lines, totals: inventoryDifferenceTotals(lines.map((l) => ({ countedQuantity: l.countedQuantity, bookQuantity: l.bookQuantity ?? 0 }))) };
}

/** The shop warehouses the caller may report for. */
export async function warehouseOptions(db: Db, ctx: InventoryContext): Promise<ShopInventoryWarehouseOption[]> {
  return (await repo.shopWarehouseOptions(db, ctx.scope)).map((w) => ({ id: Number(w.id), code: w.code, name: w.name, shopName: w.shopName }));
}

/** A scanned barcode as a line takes it, resolved as the stock documents' scanning resolves it. */
export async function skuOfBarcode(db: Db, barcode: string) {
  const code = barcode.trim();
  if (!code) throw badRequest(ShopInventoryMessages.scanBarcodeRequired);
  const sku = await skuByBarcode(db, code);
  if (!sku) throw notFound(ShopInventoryMessages.scanUnknown(code));
  if (sku.status !== 'active') throw badRequest(ShopInventoryMessages.scanDisabled(code));
  const [l] = await repo.skuLabels(db, [sku.id]);
  return { skuId: sku.id, styleNo: l!.style_no, productName: l!.product_name, colourName: l!.colour_name, sizeName: l!.size_name, barcode: l!.barcode };
}

export interface ReportInput {
  warehouseId?: unknown;
  countDate?: unknown;
  remark?: unknown;
  lines?: unknown;
}

interface CheckedReport {
  warehouseId: number;
  shopId: number;
  countDate: string;
  remark: string;
  lines: ShopInventoryLineInput[];
}

/** Every field checked (a warehouse out of scope answers 404 like a missing one); nothing written. */
async function checked(db: Db, ctx: InventoryContext, input: ReportInput): Promise<CheckedReport> {
  const id = input.warehouseId;
  if (!(typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) throw badRequest(ShopInventoryMessages.warehouseRequired);
  const warehouse = await repo.warehouseFor(db, id, ctx.scope);
  if (!warehouse) throw notFound(ShopInventoryMessages.warehouseNotFound);
  if (warehouse.type !== 'shop' || warehouse.shop_id === null) throw badRequest(ShopInventoryMessages.warehouseNotShop);
  if (!warehouse.enabled) throw badRequest(ShopInventoryMessages.warehouseDisabled);
  const dateProblem = countDateProblem(input.countDate, shanghaiToday());
  if (dateProblem) throw badRequest(dateProblem);
  const remark = optionalText(input.remark, '备注', SHOP_INVENTORY_TEXT_MAX, ShopInventoryMessages.remarkTooLong);
  const linesProblem = shopInventoryLinesProblem(input.lines);
  if (linesProblem) throw badRequest(linesProblem);
  const lines = (input.lines as ShopInventoryLineInput[]).map((l) => ({ skuId: l.skuId, quantity: l.quantity }));
  const known = await repo.existingSkus(
    db,
    lines.map((l) => l.skuId),
  );
  const unknown = lines.findIndex((l) => !known.has(l.skuId));
  if (unknown >= 0) throw badRequest(ShopInventoryMessages.skuNotFound(unknown + 1));
  return { warehouseId: warehouse.id, shopId: warehouse.shop_id, countDate: input.countDate as string, remark, lines };
}

/** Who reports: the shop itself, the agent (for one of its shops) or HQ. */
function reporterOf(scope: WarehouseScope): { reporter_type: 'hq' | 'agent' | 'shop'; reporter_id: number | null } {
  if (scope.kind === 'agent') return { reporter_type: 'agent', reporter_id: scope.agentId };
  if (scope.kind === 'shop') return { reporter_type: 'shop', reporter_id: scope.shopId };
  return { reporter_type: 'hq', reporter_id: null };
}

export async function createReport(db: Db, ctx: InventoryContext, input: ReportInput): Promise<ShopInventoryDetail> {
  return withTransaction(db, async (trx) => {
    const report = await checked(trx, ctx, input);
    const id = await repo.insertReport(trx, {
      doc_no: await nextDocNo(trx, SHOP_INVENTORY_PREFIX),
      warehouse_id: report.warehouseId,
      shop_id: report.shopId,
      ...reporterOf(ctx.scope),
      count_date: report.countDate,
      remark: report.remark,
      created_by: ctx.userId,
    });
    await repo.replaceLines(trx, id, report.lines);
    return reportDetail(trx, ctx, id);
  });
}

/** 编辑: a draft, or a rejected report (which goes back to draft), takes the whole form again. */
export async function updateReport(db: Db, ctx: InventoryContext, id: number, input: ReportInput): Promise<ShopInventoryDetail> {
  return withTransaction(db, async (trx) => {
    await transition(trx, REPORT_DOCUMENT, ctx, id, 'edit', {
      userId: ctx.userId,
      effects: async () => {
        const report = await checked(trx, ctx, input);
        await repo.setReport(trx, id, { warehouse_id: report.warehouseId, shop_id: report.shopId, count_date: report.countDate, remark: report.remark });
        await repo.replaceLines(trx, id, report.lines);
      },
    });
    return reportDetail(trx, ctx, id);
  });
}

/** 工作台 单据查找: a 库存上报 (SB) by its exact number, null when missing or another party's. */
export async function findReportByNo(db: Db, ctx: InventoryContext, docNo: string): Promise<ShopInventoryRecord | null> {
  const row = await repo.findReportIdByNo(db, docNo);
  if (!row || (ctx.scope.kind !== 'all' && !(await repo.isReportInScope(db, Number(row.id), ctx.scope)))) return null;
  return getReport(db, ctx, Number(row.id));
}
