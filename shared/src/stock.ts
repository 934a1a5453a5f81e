/**
 * The stock ledger (DESIGN §4): append-only moves and balances per warehouse, shelf and item,
 * changed only by posting a document. The limits, document types and messages both sides use.
 */

/** One line moves at most this many units either way. */
export const STOCK_QUANTITY_MAX = 1_000_000;
/** A balance never leaves ±this (a PostgreSQL integer holds 2^31 − 1). */
export const STOCK_BALANCE_LIMIT = 2_000_000_000;
/** One posting carries at most this many lines. */
export const STOCK_POSTING_LINES_MAX = 10_000;
/** 10 000 yuan per unit: far above any garment or material, still an int column. */
export const STOCK_UNIT_COST_MAX_FEN = 100_000_000;
/** At most this many shortfalls are named in one message. */
export const STOCK_SHORTFALLS_SHOWN = 20;

/** The documents that post into the ledger; each document module posts under its own type. */
export const STOCK_DOC_TYPES = ['opening', 'inbound', 'outbound', 'transfer_out', 'transfer_in', 'stocktake', 'exchange', 'overseas'] as const;
export type StockDocType = (typeof STOCK_DOC_TYPES)[number];
export const STOCK_DOC_TYPE_LABELS: Record<StockDocType, string> = {
  opening: '期初',
  inbound: '入库',
  outbound: '出库',
  transfer_out: '调拨出库',
  transfer_in: '调拨入库',
  stocktake: '盘点',
  exchange: '换货',
  overseas: '海外仓',
};
export const isStockDocType = (value: unknown): value is StockDocType => (STOCK_DOC_TYPES as readonly unknown[]).includes(value);

export const STOCK_ITEM_TYPES = ['sku', 'material'] as const;
export type StockItemType = (typeof STOCK_ITEM_TYPES)[number];
export const STOCK_ITEM_TYPE_LABELS: Record<StockItemType, string> = { sku: '商品', material: '物料' };

export const StockMessages = {
  docTypeInvalid: '单据类型不正确',
  docIdInvalid: '单据编号不正确',
  userInvalid: '操作人不正确',
  noLines: '没有要过账的明细',
  tooManyLines: `一次最多过账${STOCK_POSTING_LINES_MAX}行`,
  shortfall: '库存不足',
  balanceOverflow: '库存数量超出上限',
  nothingToReverse: '该单据没有库存流水，无需冲销',
  alreadyReversed: '该单据的库存流水已冲销，不能重复冲销',
  itemRequired: '请指定商品SKU或物料',
  itemInvalid: '查询流水须指定一个商品SKU或一个物料',
} as const;

const line = (n: number, text: string) => `第${n}行：${text}`;
export const stockLineMessages = {
  quantityInvalid: (n: number) => line(n, `数量须为非零整数，绝对值不超过${STOCK_QUANTITY_MAX}`),
  itemOne: (n: number) => line(n, '须指定一个商品SKU或一个物料（不能同时指定）'),
  warehouseInvalid: (n: number) => line(n, '仓库不正确'),
  shelfInvalid: (n: number) => line(n, '货架不正确'),
  lineIdInvalid: (n: number) => line(n, '明细编号不正确'),
  unitCostInvalid: (n: number) => line(n, `单位成本须为0-${STOCK_UNIT_COST_MAX_FEN}分的整数`),
  skuNotFound: (n: number) => line(n, '商品SKU不存在'),
  materialNotFound: (n: number) => line(n, '物料不存在'),
  warehouseNotFound: (n: number) => line(n, '仓库不存在'),
  shelfNotFound: (n: number) => line(n, '货架不存在'),
  shelfElsewhere: (n: number, shelf: string, warehouse: string) => line(n, `货架“${shelf}”不属于仓库“${warehouse}”`),
};
export const stockWarehouseDisabled = (name: string) => `仓库“${name}”已停用，不能出入库`;
export const stockShelfDisabled = (shelf: string, warehouse: string) => `货架“${shelf}”（仓库“${warehouse}”）已停用，不能出入库`;
export const stockWarehouseFrozen = (name: string) => `仓库“${name}”正在盘点，暂停出入库`;
export const stockShelfFrozen = (shelf: string, warehouse: string) => `货架“${shelf}”（仓库“${warehouse}”）正在盘点，暂停出入库`;

/** How a stock item is named in messages: `YS26W1001 黑色 M（6901234567892）` or `WL-BAG-L 购物袋 大号`. */
export type StockItemLabel = { type: 'sku'; styleNo: string; colourName: string; sizeName: string; barcode: string } | { type: 'material'; code: string; name: string };

export function stockItemLabel(item: StockItemLabel): string {
  return item.type === 'sku' ? `${item.styleNo} ${item.colourName} ${item.sizeName}（${item.barcode}）` : `${item.code} ${item.name}`;
}

export interface StockShortfall {
  item: StockItemLabel;
  /** set when the posting touches more than one place, so the message says which one */
  place?: string;
  need: number;
  available: number;
}

/** `库存不足：YS26W1001 黑色 M（6901234567892）需要3，可用1；…` naming each item short, the first STOCK_SHORTFALLS_SHOWN. */
export function stockShortfallMessage(shortfalls: readonly StockShortfall[]): string {
  const parts = shortfalls.slice(0, STOCK_SHORTFALLS_SHOWN).map((s) => `${s.place ? `【${s.place}】` : ''}${stockItemLabel(s.item)}需要${s.need}，可用${s.available}`);
  const more = shortfalls.length > STOCK_SHORTFALLS_SHOWN ? `；等${shortfalls.length}项` : '';
  return `${StockMessages.shortfall}：${parts.join('；')}${more}`;
}

/** One line handed to the posting core (server), before any check. */
export interface StockLineInput {
  lineId?: number | null;
  warehouseId: number;
  shelfId?: number | null;
  skuId?: number | null;
  materialId?: number | null;
  /** signed: + in, − out */
  quantity: number;
  unitCostFen?: number | null;
}

const isId = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isSet = (value: unknown) => value !== null && value !== undefined;

/** The first problem of line `n` (1-based) on its own, or null; existence is the server's check. */
export function stockLineProblem(input: Partial<Record<keyof StockLineInput, unknown>>, n: number): string | null {
  const q = input.quantity;
  if (typeof q !== 'number' || !Number.isInteger(q) || q === 0 || Math.abs(q) > STOCK_QUANTITY_MAX) return stockLineMessages.quantityInvalid(n);
  if (isSet(input.skuId) === isSet(input.materialId)) return stockLineMessages.itemOne(n);
  if (isSet(input.skuId) && !isId(input.skuId)) return stockLineMessages.skuNotFound(n);
  if (isSet(input.materialId) && !isId(input.materialId)) return stockLineMessages.materialNotFound(n);
  if (!isId(input.warehouseId)) return stockLineMessages.warehouseInvalid(n);
  if (isSet(input.shelfId) && !isId(input.shelfId)) return stockLineMessages.shelfInvalid(n);
  if (isSet(input.lineId) && !isId(input.lineId)) return stockLineMessages.lineIdInvalid(n);
  const cost = input.unitCostFen;
  if (isSet(cost) && !(typeof cost === 'number' && Number.isInteger(cost) && cost >= 0 && cost <= STOCK_UNIT_COST_MAX_FEN)) {
    return stockLineMessages.unitCostInvalid(n);
  }
  return null;
}

export interface StockBalanceRecord {
  id: number;
  warehouseId: number;
  warehouseCode: string;
  warehouseName: string;
  shelfId: number | null;
  shelfCode: string;
  itemType: StockItemType;
  skuId: number | null;
  productId: number | null;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  barcode: string;
  materialId: number | null;
  materialCode: string;
  materialName: string;
  quantity: number;
  updatedAt: string;
}

export interface StockMoveRecord {
  id: number;
  warehouseId: number;
  warehouseName: string;
  shelfId: number | null;
  shelfCode: string;
  quantity: number;
  /** the item's balance in this warehouse (all shelves) after this move */
  balanceAfter: number;
  unitCostFen: number | null;
  docType: string;
  docTypeName: string;
  docId: number;
  docLineId: number | null;
  reversesMoveId: number | null;
  createdAt: string;
  createdBy: number | null;
  createdByName: string;
}

/** GET /stock/style-stock: what one warehouse holds of a style's SKUs (all shelves together). */
export interface StyleStockAnswer {
  warehouseId: number;
  productId: number;
  /** SKUs with a non-zero balance; a SKU not listed holds none */
  items: { skuId: number; quantity: number }[];
}
