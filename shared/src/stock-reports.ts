/**
 * 库存报表 (DESIGN §4, reports): read-only views over the stock ledger — the size-run grid
 * (尺码横排), stock value at cost (HQ only), an item's movements with their documents, the
 * in-transit list (在途统计) and the inventory report (库存报表/进销存). Every figure can be traced
 * back to the ledger moves that make it.
 */
import type { StockDocKind } from './stock-docs.ts';

/** The document kind a ledger doc type belongs to (transfers post as transfer_out/transfer_in); null for others. */
export function stockDocKindOfType(docType: string): StockDocKind | null {
  if (docType === 'transfer_out' || docType === 'transfer_in') return 'transfer';
  const kinds: readonly string[] = ['inbound', 'outbound', 'stocktake', 'exchange', 'overseas', 'opening'];
  return kinds.includes(docType) ? (docType as StockDocKind) : null;
}

/** in: stock came in (a positive move, or the reversal of an outgoing one); out: the opposite. */
export type StockDirection = 'in' | 'out';

/**
 * The inventory report's in/out columns. A move counts in the column of its doc type and its
 * direction; a reversal counts against the column of the move it reverses, so a voided inbound
 * lowers 入库 instead of showing as an outgoing move. `docTypes: null` = any doc type not named by
 * another column of the same direction (documents of modules to come still balance the report).
 */
export const INVENTORY_COLUMNS = [
  { key: 'openingIn', label: '期初入库', direction: 'in', docTypes: ['opening'] },
  { key: 'inboundIn', label: '入库', direction: 'in', docTypes: ['inbound'] },
  { key: 'transferIn', label: '调拨入', direction: 'in', docTypes: ['transfer_out', 'transfer_in'] },
  { key: 'exchangeIn', label: '换货入', direction: 'in', docTypes: ['exchange'] },
  { key: 'overseasIn', label: '海外仓入', direction: 'in', docTypes: ['overseas'] },
  { key: 'stocktakeGain', label: '盘盈', direction: 'in', docTypes: ['stocktake'] },
  { key: 'otherIn', label: '其他入', direction: 'in', docTypes: null },
  { key: 'outboundOut', label: '出库', direction: 'out', docTypes: ['outbound'] },
  { key: 'transferOut', label: '调拨出', direction: 'out', docTypes: ['transfer_out', 'transfer_in'] },
  { key: 'exchangeOut', label: '换货出', direction: 'out', docTypes: ['exchange'] },
  { key: 'overseasOut', label: '海外仓出', direction: 'out', docTypes: ['overseas'] },
  { key: 'stocktakeLoss', label: '盘亏', direction: 'out', docTypes: ['stocktake'] },
  { key: 'otherOut', label: '其他出', direction: 'out', docTypes: null },
] as const satisfies readonly { key: string; label: string; direction: StockDirection; docTypes: readonly string[] | null }[];

export type InventoryColumn = (typeof INVENTORY_COLUMNS)[number];
export type InventoryColumnKey = InventoryColumn['key'];
export const INVENTORY_COLUMN_KEYS = INVENTORY_COLUMNS.map((c) => c.key) as InventoryColumnKey[];
export const isInventoryColumnKey = (value: unknown): value is InventoryColumnKey => (INVENTORY_COLUMN_KEYS as unknown[]).includes(value);

/** The doc types another column of this direction names (what an `otherIn`/`otherOut` column excludes). */
export function namedDocTypes(direction: StockDirection): string[] {
  return INVENTORY_COLUMNS.filter((c) => c.direction === direction && c.docTypes).flatMap((c) => c.docTypes ?? []);
}

export const INVENTORY_GROUPS = ['sku', 'style'] as const;
export type InventoryGroup = (typeof INVENTORY_GROUPS)[number];
export const INVENTORY_GROUP_LABELS: Record<InventoryGroup, string> = { sku: '按SKU', style: '按款' };

export const STOCK_REPORT_KEYWORD_MAX = 60;

export const StockReportMessages = {
  dateFromInvalid: '开始日期不正确，格式为 YYYY-MM-DD',
  dateToInvalid: '结束日期不正确，格式为 YYYY-MM-DD',
  dateOrder: '开始日期不能晚于结束日期',
  itemRequired: '查询流水须指定一个商品SKU、一个款或一个物料',
  columnInvalid: '报表栏目不正确',
  keywordTooLong: `关键字不能超过${STOCK_REPORT_KEYWORD_MAX}个字符`,
} as const;

/** The day before a calendar day (for drilling into an opening balance: every move up to that day). */
export function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

// ---- size-run grid (尺码横排) ----

export interface GridAxisItem {
  id: number;
  name: string;
  sort: number;
}

export interface GridCell {
  colourId: number;
  sizeId: number;
  quantity: number;
}

export interface SizeRunRow {
  colourId: number;
  colourName: string;
  /** one per size, in the order of `sizes` */
  quantities: number[];
  /** the SKU of each cell (null where the style has no such colour × size) */
  skuIds: (number | null)[];
  total: number;
}

export interface SizeRunGrid {
  sizes: { id: number; name: string }[];
  rows: SizeRunRow[];
  /** one per size */
  sizeTotals: number[];
  total: number;
}

const bySort = (a: GridAxisItem, b: GridAxisItem) => a.sort - b.sort || a.id - b.id;

export interface GridSku {
  id: number;
  colourId: number;
  sizeId: number;
}

/**
 * Colours × sizes of one style: sizes (the style's whole run) in size order as columns, colours in
 * colour order as rows, cells summed (several shelves add up); colour rows without stock are left
 * out unless `keepEmptyRows`. Row and column totals add the cells; `skus` name each cell's SKU.
 */
export function buildSizeRunGrid(
  sizes: readonly GridAxisItem[],
  colours: readonly GridAxisItem[],
  cells: readonly GridCell[],
  { keepEmptyRows = false, skus = [] }: { keepEmptyRows?: boolean; skus?: readonly GridSku[] } = {},
): SizeRunGrid {
  const sizeList = [...new Map(sizes.map((s) => [s.id, s])).values()].sort(bySort);
  const colourList = [...new Map(colours.map((c) => [c.id, c])).values()].sort(bySort);
  const column = new Map(sizeList.map((s, i) => [s.id, i]));
  const sums = new Map<number, number[]>(colourList.map((c) => [c.id, sizeList.map(() => 0)]));
  const touched = new Set<number>();
  for (const cell of cells) {
    const i = column.get(cell.sizeId);
    const row = sums.get(cell.colourId);
    if (i === undefined || row === undefined) continue;
    row[i]! += cell.quantity;
    if (cell.quantity !== 0) touched.add(cell.colourId);
  }
  const skuAt = new Map(skus.map((k) => [`${k.colourId}:${k.sizeId}`, k.id]));
  const rows: SizeRunRow[] = [];
  for (const colour of colourList) {
    const quantities = sums.get(colour.id)!;
    const total = quantities.reduce((a, b) => a + b, 0);
    if (!keepEmptyRows && !touched.has(colour.id)) continue;
    const skuIds = sizeList.map((size) => skuAt.get(`${colour.id}:${size.id}`) ?? null);
    rows.push({ colourId: colour.id, colourName: colour.name, quantities, skuIds, total });
  }
  const sizeTotals = sizeList.map((_, i) => rows.reduce((sum, row) => sum + row.quantities[i]!, 0));
  return {
    sizes: sizeList.map(({ id, name }) => ({ id, name })),
    rows,
    sizeTotals,
    total: sizeTotals.reduce((a, b) => a + b, 0),
  };
}

// ---- records ----

export interface StyleGridRecord extends SizeRunGrid {
  productId: number;
  styleNo: string;
  productName: string;
  brandName: string;
  categoryName: string;
  thumbnailUrl: string;
  /** set when the grid is split by warehouse */
  warehouseId: number | null;
  warehouseName: string;
  /** HQ only: the product's cost price and total × cost */
  costPriceFen?: number;
  valueFen?: number;
}

export interface StockReportTotals {
  quantity: number;
  /** HQ only */
  valueFen?: number;
}

/**
 * A page of 尺码横排 grids. The page counts nothing: `total` is exact when the page is not full,
 * else a lower bound with `totalCapped` (one more than the page reaches). The exact count and the
 * sums of the whole filter are StyleGridTotals, a request of their own (they read every balance of
 * the filter; paging does not change them).
 */
export interface StyleGridPage {
  records: StyleGridRecord[];
  total: number;
  totalCapped?: boolean;
}

/** The whole filter of 尺码横排: grids (styles, or style × warehouse), pieces and (HQ) value at cost. */
export interface StyleGridTotals extends StockReportTotals {
  total: number;
}

export interface WarehouseStockSummary {
  warehouseId: number;
  warehouseCode: string;
  warehouseName: string;
  warehouseType: string;
  styleCount: number;
  skuCount: number;
  quantity: number;
  /** HQ only */
  valueFen?: number;
}

export interface WarehouseSummaryPage {
  records: WarehouseStockSummary[];
  total: number;
  totals: StockReportTotals & { styleCount: number; skuCount: number };
}

/** A move with its item and document, for the movements drawer and drill-down. */
export interface StockMoveDetailRecord {
  id: number;
  createdAt: string;
  warehouseId: number;
  warehouseName: string;
  shelfCode: string;
  skuId: number | null;
  styleNo: string;
  colourName: string;
  sizeName: string;
  barcode: string;
  materialId: number | null;
  materialCode: string;
  materialName: string;
  quantity: number;
  direction: StockDirection;
  /** the item's balance in this warehouse (all shelves) after the move */
  balanceAfter: number;
  docType: string;
  docTypeName: string;
  docId: number;
  /** the stock document behind the move (null when it is not a stock document) */
  docKind: StockDocKind | null;
  docNo: string;
  isReversal: boolean;
  createdByName: string;
  /** HQ only */
  unitCostFen?: number | null;
}

export interface InTransitRecord {
  id: number;
  docNo: string;
  warehouseId: number;
  warehouseName: string;
  toWarehouseId: number | null;
  toWarehouseName: string;
  shippedAt: string | null;
  shippedByName: string;
  /** whole days since shipping */
  daysInTransit: number;
  quantity: number;
  lineCount: number;
  remark: string;
  /** HQ only: shipped quantity × product cost */
  valueFen?: number;
}

export interface InTransitPage {
  records: InTransitRecord[];
  total: number;
  totals: { quantity: number; lineCount: number; valueFen?: number };
}

export type InventoryFigures = Record<InventoryColumnKey, number> & {
  openingQuantity: number;
  inQuantity: number;
  outQuantity: number;
  closingQuantity: number;
};

export type InventoryReportRecord = InventoryFigures & {
  /** `sku:<id>` or `style:<id>` */
  key: string;
  productId: number;
  styleNo: string;
  productName: string;
  /** sku rows only */
  skuId: number | null;
  colourName: string;
  sizeName: string;
  barcode: string;
};

export interface InventoryReportPage {
  records: InventoryReportRecord[];
  total: number;
  totals: InventoryFigures;
}
