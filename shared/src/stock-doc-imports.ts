import { yuanTextToFen } from './product-import.ts';
import { STOCK_QUANTITY_MAX, STOCK_UNIT_COST_MAX_FEN } from './stock.ts';
import { STOCK_DOC_LINES_MAX } from './stock-docs.ts';

/**
 * 换货 / 海外仓 / 期初: their extra messages, the import check (a sheet parsed by the web into rows,
 * resolved and checked by the server without writing anything) and the overseas comparison.
 */

export const STOCK_IMPORT_ROWS_MAX = STOCK_DOC_LINES_MAX;

export const StockKindMessages = {
  exchangeShopRequired: '请选择换货门店',
  exchangeShopNoWarehouse: (shop: string) => `门店“${shop}”还没有店仓，请先在仓库资料中为它建立店仓`,
  exchangeHqSide: '换货单的仓库须为总部一侧的仓库（不能是店仓或在途仓）',
  exchangeLegRequired: (n: number) => `第${n}行：请选择退回或换出`,
  exchangeBothLegs: '换货单须同时有退回（门店→总部）和换出（总部→门店）的明细',
  exchangeSourcedNoEdit: '该换货单由售后换货单生成，不能编辑；如需调整请作废后重新生成',
  overseasOnly: '请选择海外仓',
  snapshotCountRequired: (n: number) => `第${n}行：请填写快照数量`,
  openingTransit: '在途仓是虚拟仓，不能导入期初',
  openingCostRequired: (n: number) => `第${n}行：请填写单位成本`,
  /** the unique index answered (two imports raced): the warehouse is not named there */
  openingTaken: '该仓库已有期初单，期初库存只能导入一次',
} as const;

export const StockImportMessages = {
  noRows: '文件中没有数据行',
  tooManyRows: `一次最多导入${STOCK_IMPORT_ROWS_MAX}行`,
  barcodeRequired: '请填写条码',
  barcodeUnknown: (barcode: string) => `条码“${barcode}”不存在`,
  duplicate: (barcode: string, row: number) => `条码“${barcode}”与第${row}行重复`,
  quantityInvalid: (min: number) => `数量须为${min}-${STOCK_QUANTITY_MAX}的整数`,
  unitCostInvalid: '单位成本须为0至1000000元之间的金额，最多两位小数',
  shelfUnknown: (code: string) => `货架“${code}”不在本仓库`,
} as const;

/** One sheet row as the web sends it; `row` is the sheet's row number (the header is row 1). */
export interface StockImportRowInput {
  row?: number;
  barcode: string;
  quantity: string | number;
  /** 期初: unit cost in yuan, as typed in the sheet */
  unitCost?: string | number;
  /** 期初: optional shelf code of the warehouse */
  shelfCode?: string;
}

export interface StockImportRowError {
  row: number;
  barcode: string;
  reason: string;
}

/** A row that resolved: ready to become a document line. */
export interface StockImportLine {
  row: number;
  skuId: number;
  barcode: string;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  quantity: number;
  unitCostFen: number | null;
  shelfId: number | null;
  shelfCode: string;
}

/** Answer of an import check: every bad row with its reason; the good ones when there are none. */
export interface StockImportCheckAnswer {
  lines: StockImportLine[];
  errors: StockImportRowError[];
}

/** A sheet quantity cell: an integer within [min, STOCK_QUANTITY_MAX], else null. */
export function importQuantity(value: unknown, min: number): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replaceAll(',', '') : '';
  if (!/^\d{1,7}(\.0+)?$/.test(text)) return null;
  const n = Number.parseInt(text, 10);
  return n >= min && n <= STOCK_QUANTITY_MAX ? n : null;
}

/** A sheet unit-cost cell in yuan ("12.5", "¥1,299.00") to fen; null when empty, bad or too large. */
export function importUnitCostFen(value: unknown): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value : '';
  if (!text.trim()) return null;
  const fen = yuanTextToFen(text);
  return fen !== null && fen <= STOCK_UNIT_COST_MAX_FEN ? fen : null;
}

/** One line of the overseas comparison (详情: counted vs. book vs. received so far). */
export interface OverseasComparisonLine {
  lineId: number;
  skuId: number | null;
  barcode: string;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  /** snapshot: the counted quantity; receipt: the entered quantity */
  counted: number;
  /** the SKU's balance in the warehouse now (all shelves) */
  bookNow: number;
  /** inbound, transfer-in and overseas-receipt moves into the warehouse so far (voids net out) */
  receivedTotal: number;
  /** snapshot: counted − book (the book at posting once posted, else now); receipt: null */
  difference: number | null;
}
