import { machineActions, machineNext, transitionRefused, type Machine } from './machine.ts';
import { STOCK_QUANTITY_MAX } from './stock.ts';
import { isCalendarDay } from './validators.ts';

/**
 * 库存上报 (issue 19, after-sales "inventory add and details"): a shop, or an agent for one of its
 * shops, reports the counted stock of the shop's warehouse to HQ (by scanning or by size grid).
 * HQ sees the count against the warehouse's book stock with the differences, audits or rejects
 * it, and may post the differences: a 盘点单 (stocktake) is made and posted from the report in the
 * same transaction, so the book becomes the count. The report never writes stock itself.
 *
 * 草稿 → 提交 → 待审核 → 审核 → 已审核 → 过账差异 (once); 待审核 → 驳回 (with a reason) → 已驳回 → 编辑 → 草稿.
 */
export const SHOP_INVENTORY_STATUSES = ['draft', 'submitted', 'audited', 'rejected'] as const;
export type ShopInventoryStatus = (typeof SHOP_INVENTORY_STATUSES)[number];
export const SHOP_INVENTORY_STATUS_LABELS: Record<ShopInventoryStatus, string> = {
  draft: '草稿',
  submitted: '待审核',
  audited: '已审核',
  rejected: '已驳回',
};

export const SHOP_INVENTORY_ACTIONS = ['edit', 'submit', 'audit', 'reject', 'post'] as const;
export type ShopInventoryAction = (typeof SHOP_INVENTORY_ACTIONS)[number];
export const SHOP_INVENTORY_ACTION_LABELS: Record<ShopInventoryAction, string> = {
  edit: '编辑',
  submit: '提交',
  audit: '审核',
  reject: '驳回',
  post: '过账差异',
};

/** 过账差异 keeps the status (已审核) and is refused a second time by the report's posted stocktake. */
export const SHOP_INVENTORY_MACHINE: Machine<ShopInventoryStatus, ShopInventoryAction> = {
  draft: { edit: 'draft', submit: 'submitted' },
  submitted: { audit: 'audited', reject: 'rejected' },
  audited: { post: 'audited' },
  rejected: { edit: 'draft' },
};
export const shopInventoryNext = (status: ShopInventoryStatus, action: ShopInventoryAction) => machineNext(SHOP_INVENTORY_MACHINE, status, action);

/** The actions open on a report (a posted report has none left). */
export function shopInventoryActions(status: ShopInventoryStatus, posted: boolean): ShopInventoryAction[] {
  return machineActions(SHOP_INVENTORY_MACHINE, status).filter((a) => !(a === 'post' && posted));
}

export const SHOP_INVENTORY_PREFIX = 'SB';
/** the stocktake made by 过账差异 names the report as its source (traceable both ways) */
export const SHOP_INVENTORY_SOURCE = 'shop-inventory';
/** one line holds 0…1 000 000 pieces, as a stocktake line does */
export const SHOP_INVENTORY_QUANTITY_MAX = STOCK_QUANTITY_MAX;
export const SHOP_INVENTORY_LINES_MAX = 2000;
export const SHOP_INVENTORY_TEXT_MAX = 200;

export const ShopInventoryMessages = {
  notFound: '库存上报单不存在',
  warehouseRequired: '请选择上报仓库',
  warehouseNotFound: '仓库不存在',
  warehouseNotShop: '只能上报门店仓库的库存',
  warehouseDisabled: '该仓库已停用，不能上报库存',
  countDateInvalid: '盘点日期格式须为 yyyy-mm-dd',
  countDateFuture: '盘点日期不能晚于今天',
  remarkTooLong: `备注最多${SHOP_INVENTORY_TEXT_MAX}个字`,
  linesRequired: '请至少录入一行盘点明细',
  linesTooMany: `一张上报单最多${SHOP_INVENTORY_LINES_MAX}行明细`,
  lineSkuInvalid: (n: number) => `第${n}行：请选择商品SKU`,
  lineQuantityInvalid: (n: number) => `第${n}行：盘点数量须为0到${SHOP_INVENTORY_QUANTITY_MAX}之间的整数`,
  lineDuplicate: (n: number) => `第${n}行：该SKU已在前面录入，请合并为一行`,
  skuNotFound: (n: number) => `第${n}行：商品SKU不存在`,
  scanBarcodeRequired: '请扫描条码',
  scanUnknown: (barcode: string) => `条码“${barcode}”不存在`,
  scanDisabled: (barcode: string) => `条码“${barcode}”对应的SKU已停用`,
  scanNothingToUndo: '该条码没有可撤销的数量',
  reasonRequired: '请填写驳回原因',
  reasonTooLong: `原因最多${SHOP_INVENTORY_TEXT_MAX}个字`,
  alreadyPosted: (docNo: string, stocktakeNo: string) => `库存上报单${docNo}的差异已过账（盘点单${stocktakeNo}），不能重复过账`,
  refused: (docNo: string, status: ShopInventoryStatus, action: ShopInventoryAction) =>
    transitionRefused('库存上报单', docNo, SHOP_INVENTORY_STATUS_LABELS[status], SHOP_INVENTORY_ACTION_LABELS[action]),
  created: '库存上报单已保存',
  saved: '保存成功',
  submitted: '已提交，等待总部审核',
  audited: '审核通过',
  rejected: '已驳回',
  posted: '差异已过账，账面库存已按盘点数更新',
} as const;

/** One line as the form sends it. */
export interface ShopInventoryLineInput {
  skuId: number;
  quantity: number;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** Whether a counted quantity is a whole number of pieces within the limit. */
export const isCountedQuantity = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= SHOP_INVENTORY_QUANTITY_MAX;

/** What is wrong with the lines (numbered from 1), or null. */
export function shopInventoryLinesProblem(lines: unknown): string | null {
  if (!Array.isArray(lines) || lines.length === 0) return ShopInventoryMessages.linesRequired;
  if (lines.length > SHOP_INVENTORY_LINES_MAX) return ShopInventoryMessages.linesTooMany;
  const seen = new Set<number>();
  for (const [i, line] of lines.entries()) {
    const n = i + 1;
    const l = (line ?? {}) as Record<string, unknown>;
    if (!isId(l.skuId)) return ShopInventoryMessages.lineSkuInvalid(n);
    if (!isCountedQuantity(l.quantity)) return ShopInventoryMessages.lineQuantityInvalid(n);
    if (seen.has(l.skuId)) return ShopInventoryMessages.lineDuplicate(n);
    seen.add(l.skuId);
  }
  return null;
}

/** What is wrong with a count date (a calendar day, not after `today`), or null. */
export function countDateProblem(value: unknown, today: string): string | null {
  if (!isCalendarDay(value)) return ShopInventoryMessages.countDateInvalid;
  return value > today ? ShopInventoryMessages.countDateFuture : null;
}

/** counted − book per SKU, and the totals HQ reads first. */
export function inventoryDifferenceTotals(lines: readonly { countedQuantity: number; bookQuantity: number }[]) {
  let counted = 0;
  let book = 0;
  let gain = 0;
  let loss = 0;
  let differing = 0;
  for (const l of lines) {
    counted += l.countedQuantity;
    book += l.bookQuantity;
    const d = l.countedQuantity - l.bookQuantity;
    if (d > 0) gain += d;
    if (d < 0) loss -= d;
    if (d !== 0) differing += 1;
  }
  return { countedQuantity: counted, bookQuantity: book, gainQuantity: gain, lossQuantity: loss, differingLines: differing };
}

export interface ShopInventoryRecord {
  id: number;
  docNo: string;
  warehouseId: number;
  warehouseCode: string;
  warehouseName: string;
  shopId: number;
  shopName: string;
  /** who reported: 门店 (the shop), 代理商 (its agent) or 总部 */
  reporterType: 'hq' | 'agent' | 'shop';
  reporterName: string;
  countDate: string;
  status: ShopInventoryStatus;
  statusLabel: string;
  rejectReason: string;
  remark: string;
  totalQuantity: number;
  lineCount: number;
  stocktakeId: number | null;
  stocktakeNo: string;
  createdByName: string;
  createdAt: string;
  submittedAt: string | null;
  auditedByName: string;
  auditedAt: string | null;
  postedAt: string | null;
  actions: ShopInventoryAction[];
}

/** A SKU of the report: counted (null: in the book but not counted, counts as 0), book and difference (null when the caller may not see the book). */
export interface ShopInventoryLine {
  skuId: number;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  barcode: string;
  counted: boolean;
  countedQuantity: number;
  bookQuantity: number | null;
  difference: number | null;
}

export interface ShopInventoryDetail extends ShopInventoryRecord {
  /** whether book and differences are shown (HQ auditors; a shop counts blind) */
  showsBook: boolean;
  lines: ShopInventoryLine[];
  totals: ReturnType<typeof inventoryDifferenceTotals> | null;
}

export interface ShopInventoryWarehouseOption {
  id: number;
  code: string;
  name: string;
  shopName: string;
}

export const SHOP_INVENTORY_REPORTER_LABELS: Record<ShopInventoryRecord['reporterType'], string> = { hq: '总部', agent: '代理商', shop: '门店' };
