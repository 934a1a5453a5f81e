/**
 * 库存单据 (DESIGN §4): the document kinds that move stock, their numbering, status machine, field
 * meanings and the records both sides exchange. One header/line model for every kind:
 *
 * | kind      | warehouse          | toWarehouse       | line quantity | line actualQuantity | posts (ledger doc_type)                |
 * |-----------|--------------------|-------------------|---------------|---------------------|----------------------------------------|
 * | inbound   | receiving          | –                 | expected      | scanned             | +posted into warehouse/shelf (inbound) |
 * | outbound  | shipping           | –                 | expected      | scanned             | −posted from warehouse/shelf (outbound)|
 * | transfer  | source             | destination       | shipped       | received            | ship: source→transit (transfer_out); receive: transit→destination (transfer_in) |
 * | stocktake | counted            | –                 | book          | counted             | counted − book (stocktake)             |
 * | exchange  | HQ side            | the shop's        | entered       | –                   | leg in: shop→HQ; leg out: HQ→shop (exchange) |
 * | overseas  | overseas warehouse | –                 | receipt: entered; snapshot: book | snapshot: counted | receipt +q; snapshot counted − book (overseas) |
 * | opening   | the warehouse      | –                 | entered       | –                   | +q with unit cost, once (opening)      |
 *
 * "posted quantity" of an inbound/outbound line: the scanned quantity once the document's scanning
 * started (scanStarted), otherwise the expected quantity.
 */

import { machineActions, machineNext, transitionRefused, type Machine } from './machine.ts';
import { Permissions, type PermissionCode } from './permissions.ts';

export const STOCK_DOC_KINDS = ['inbound', 'outbound', 'transfer', 'stocktake', 'exchange', 'overseas', 'opening'] as const;
export type StockDocKind = (typeof STOCK_DOC_KINDS)[number];
export const isStockDocKind = (value: unknown): value is StockDocKind => (STOCK_DOC_KINDS as readonly unknown[]).includes(value);

export const STOCK_DOC_KIND_LABELS: Record<StockDocKind, string> = {
  inbound: '入库单',
  outbound: '出库单',
  transfer: '调拨单',
  stocktake: '盘点单',
  exchange: '换货单',
  overseas: '海外仓单据',
  opening: '期初单',
};

/** Number prefixes: RK20261121-0001 (per prefix and day, four digits, five past 9999). */
export const STOCK_DOC_PREFIXES: Record<StockDocKind, string> = {
  inbound: 'RK',
  outbound: 'CK',
  transfer: 'DB',
  stocktake: 'PD',
  exchange: 'HH',
  overseas: 'HW',
  opening: 'QC',
};

/** The in-app page of a document (drill-down from reports and moves). */
export const stockDocInfoPath = (kind: StockDocKind, id: number) =>
  // 期初 has no page of its own: its list opens the document from ?id=
  kind === 'opening' ? `/erp/warehouse/opening?id=${id}` : `/erp/warehouse/${kind}/info?id=${id}`;

/** Formats a document number: prefix + yyyymmdd + '-' + at least four digits. */
export function formatDocNo(prefix: string, day: string, seq: number): string {
  return `${prefix}${day.replaceAll('-', '')}-${String(seq).padStart(4, '0')}`;
}

export const STOCK_DOC_STATUSES = ['draft', 'submitted', 'shipped', 'counting', 'posted', 'void'] as const;
export type StockDocStatus = (typeof STOCK_DOC_STATUSES)[number];
export const STOCK_DOC_STATUS_LABELS: Record<StockDocStatus, string> = {
  draft: '草稿',
  submitted: '已提交',
  shipped: '已发货（在途）',
  counting: '盘点中',
  posted: '已过账',
  void: '已作废',
};
/** Kind-specific wording of 'posted' (transfer: received). */
export function stockDocStatusLabel(kind: StockDocKind, status: StockDocStatus): string {
  if (status !== 'posted') return STOCK_DOC_STATUS_LABELS[status];
  if (kind === 'transfer') return '已收货';
  if (kind === 'inbound') return '已入库';
  if (kind === 'outbound') return '已出库';
  if (kind === 'opening') return '已锁定';
  return STOCK_DOC_STATUS_LABELS.posted;
}

export const STOCK_DOC_ACTIONS = ['edit', 'scan', 'submit', 'withdraw', 'ship', 'receive', 'startCount', 'post', 'void'] as const;
export type StockDocAction = (typeof STOCK_DOC_ACTIONS)[number];
export const STOCK_DOC_ACTION_LABELS: Record<StockDocAction, string> = {
  edit: '编辑',
  scan: '扫描',
  submit: '提交',
  withdraw: '撤回',
  ship: '发货',
  receive: '收货',
  startCount: '开始盘点',
  post: '审核过账',
  void: '作废',
};

type StockMachine = Machine<StockDocStatus, StockDocAction>;
const plain: StockMachine = {
  draft: { edit: 'draft', scan: 'draft', submit: 'submitted', void: 'void' },
  submitted: { scan: 'submitted', withdraw: 'draft', post: 'posted', void: 'void' },
  posted: { void: 'void' },
};
/** The status machine of each kind: status → action → next status (absent = refused). */
export const STOCK_DOC_MACHINES: Record<StockDocKind, StockMachine> = {
  inbound: plain,
  outbound: plain,
  exchange: plain,
  overseas: plain,
  // 期初: once posted it is locked for good (no void)
  opening: { draft: { edit: 'draft', submit: 'submitted', void: 'void' }, submitted: { withdraw: 'draft', post: 'posted', void: 'void' } },
  transfer: {
    draft: { edit: 'draft', submit: 'submitted', void: 'void' },
    submitted: { withdraw: 'draft', ship: 'shipped', void: 'void' },
    shipped: { scan: 'shipped', receive: 'posted', void: 'void' },
    posted: { void: 'void' },
  },
  stocktake: {
    draft: { edit: 'draft', startCount: 'counting', void: 'void' },
    counting: { scan: 'counting', post: 'posted', void: 'void' },
    posted: { void: 'void' },
  },
};

/** The status after `action`, or null when the machine refuses it. */
export function stockDocNext(kind: StockDocKind, status: StockDocStatus, action: StockDocAction): StockDocStatus | null {
  return machineNext(STOCK_DOC_MACHINES[kind] ?? {}, status, action);
}

/** The actions open from a status (for showing buttons). */
export function stockDocActions(kind: StockDocKind, status: StockDocStatus): StockDocAction[] {
  return machineActions(STOCK_DOC_MACHINES[kind] ?? {}, status);
}

/** 409 message of a refused transition. */
export const stockDocActionRefused = (docNo: string, status: string, action: StockDocAction) => transitionRefused('单据', docNo, status, STOCK_DOC_ACTION_LABELS[action]);

export const INBOUND_TYPES = ['purchase', 'return', 'transfer_in', 'other'] as const;
export type InboundType = (typeof INBOUND_TYPES)[number];
export const INBOUND_TYPE_LABELS: Record<InboundType, string> = { purchase: '采购入库', return: '退货入库', transfer_in: '调拨入库', other: '其他入库' };

export const OUTBOUND_TYPES = ['delivery', 'purchase_refund', 'other'] as const;
export type OutboundType = (typeof OUTBOUND_TYPES)[number];
export const OUTBOUND_TYPE_LABELS: Record<OutboundType, string> = { delivery: '配货出库', purchase_refund: '采购退货出库', other: '其他出库' };
/**
 * What 出库单 › 新增 offers. 配货出库 and 采购退货出库 are made by their source (配货发货, 采购退货) only:
 * goods for a buyer travel through 在途 on a priced, charged 配货出库, never on a hand-made outbound.
 */
export const OUTBOUND_MANUAL_TYPES = ['other'] as const satisfies readonly OutboundType[];

export const OVERSEAS_TYPES = ['receipt', 'snapshot'] as const;
export type OverseasType = (typeof OVERSEAS_TYPES)[number];
export const OVERSEAS_TYPE_LABELS: Record<OverseasType, string> = { receipt: '海外仓收货', snapshot: '库存快照' };

export const EXCHANGE_LEGS = ['in', 'out'] as const;
export type ExchangeLeg = (typeof EXCHANGE_LEGS)[number];
export const EXCHANGE_LEG_LABELS: Record<ExchangeLeg, string> = { in: '退回（门店→总部）', out: '换出（总部→门店）' };

/** Lines per document and text limits. */
export const STOCK_DOC_LINES_MAX = 5000;
export const STOCK_DOC_REMARK_MAX = 200;
export const STOCK_DOC_REASON_MAX = 200;
export const STOCK_DOC_BOX_NO_MAX = 32;
export const STOCK_BARCODE_MAX = 64;

export const StockDocMessages = {
  notFound: '单据不存在',
  kindMismatch: '单据类型不符',
  noLines: '请至少添加一行明细',
  tooManyLines: `一张单据最多${STOCK_DOC_LINES_MAX}行明细`,
  duplicateLine: (n: number) => `第${n}行：同一商品（货架）重复，请合并数量`,
  quantityInvalid: (n: number) => `第${n}行：数量须为1-1000000的整数`,
  actualInvalid: (n: number) => `第${n}行：实际数量须为0-1000000的整数`,
  warehouseRequired: '请选择仓库',
  warehouseNotFound: '仓库不存在',
  toWarehouseRequired: '请选择目标仓库',
  sameWarehouse: '调出仓库和调入仓库不能相同',
  transitMissing: '没有可用的在途仓，请先在仓库资料中建立一个在途仓',
  remarkTooLong: `备注最多${STOCK_DOC_REMARK_MAX}个字`,
  reasonRequired: '实际数量与应有数量不一致，请填写差异原因',
  reasonTooLong: `差异原因最多${STOCK_DOC_REASON_MAX}个字`,
  differenceForbidden: '实际数量与应有数量不一致，需要「差异出库」权限才能过账',
  bizTypeInvalid: '单据业务类型不正确',
  scanBarcodeRequired: '请扫描或输入条码',
  scanUnknown: (barcode: string) => `条码“${barcode}”不存在`,
  scanUnexpected: (barcode: string) => `条码“${barcode}”不在本单明细中`,
  scanOver: (barcode: string, expected: number) => `条码“${barcode}”已超出应有数量${expected}`,
  scanDisabled: (barcode: string) => `条码“${barcode}”对应的SKU已停用`,
  scanNothingToUndo: '该条码没有可撤销的扫描',
  scanShelfRequired: '本次盘点按货架进行，请先选择正在盘点的货架',
  scanShelfOutOfScope: '该货架不在本次盘点范围内',
  openingExists: (warehouse: string) => `仓库“${warehouse}”已有期初单，期初库存只能导入一次`,
  openingHasMoves: (warehouse: string) => `仓库“${warehouse}”已有库存流水，不能再导入期初`,
} as const;

/** One line of a document as the client sends it (create/edit). */
export interface StockDocLineInput {
  leg?: '' | ExchangeLeg;
  skuId?: number | null;
  materialId?: number | null;
  shelfId?: number | null;
  quantity: number;
  actualQuantity?: number | null;
  unitCostFen?: number | null;
  boxNo?: string;
  remark?: string;
}

export interface StockDocLineRecord {
  id: number;
  lineNo: number;
  leg: '' | ExchangeLeg;
  skuId: number | null;
  productId: number | null;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  barcode: string;
  imageUrl: string;
  materialId: number | null;
  materialCode: string;
  materialName: string;
  shelfId: number | null;
  shelfCode: string;
  quantity: number;
  actualQuantity: number | null;
  /** actual − quantity when measured, else null */
  difference: number | null;
  unitCostFen: number | null;
  /** the selling price a 配货出库 carries from its order (null otherwise) */
  unitPriceFen: number | null;
  boxNo: string;
  remark: string;
}

export interface StockDocRecord {
  id: number;
  kind: StockDocKind;
  docNo: string;
  bizType: string;
  status: StockDocStatus;
  statusLabel: string;
  warehouseId: number;
  warehouseName: string;
  toWarehouseId: number | null;
  toWarehouseName: string;
  transitWarehouseId: number | null;
  shopId: number | null;
  shopName: string;
  supplierId: number | null;
  supplierName: string;
  sourceType: string;
  sourceId: number | null;
  sourceNo: string;
  shelfIds: number[];
  scanStarted: boolean;
  differenceReason: string;
  remark: string;
  totalQuantity: number;
  totalActual: number;
  lineCount: number;
  expectedDate: string | null;
  createdByName: string;
  createdAt: string;
  submittedAt: string | null;
  shippedAt: string | null;
  postedByName: string;
  postedAt: string | null;
  voidedAt: string | null;
  voidReason: string;
  /** actions the status machine allows now (the user's permissions still apply) */
  actions: StockDocAction[];
}

/** The document with its lines (its GET). Creating, editing and every status action answer the header (StockDocRecord) only. */
export interface StockDocDetail extends StockDocRecord {
  lines: StockDocLineRecord[];
}

export type StockScanResult = 'ok' | 'unknown' | 'unexpected' | 'over' | 'disabled';

export interface StockScanRecord {
  id: number;
  barcode: string;
  skuId: number | null;
  styleNo: string;
  colourName: string;
  sizeName: string;
  delta: number;
  boxNo: string;
  shelfCode: string;
  result: StockScanResult;
  createdByName: string;
  createdAt: string;
}

/** Answer of one scan: the result, a message for refused ones, and the line as it stands. */
export interface StockScanAnswer {
  result: StockScanResult;
  message: string;
  line: StockDocLineRecord | null;
  totalActual: number;
}

type KindCodes = { list: PermissionCode; add: PermissionCode; audit: PermissionCode; void: PermissionCode } & Partial<Record<StockDocAction, PermissionCode>>;
/** Permission codes per kind: list (read), add (edit, submit, withdraw, scan, start count), audit (post, ship, receive) and void, with overrides. */
export const STOCK_DOC_CODES: Record<StockDocKind, KindCodes> = {
  inbound: { list: Permissions.inboundList, add: Permissions.inboundAdd, audit: Permissions.inboundAudit, void: Permissions.inboundVoid },
  outbound: { list: Permissions.outboundList, add: Permissions.outboundAdd, audit: Permissions.outboundAudit, void: Permissions.outboundVoid },
  transfer: {
    list: Permissions.transferList,
    add: Permissions.transferAdd,
    audit: Permissions.transferShip,
    void: Permissions.transferVoid,
    // the destination receives, and scans what arrives
    receive: Permissions.transferReceive,
    scan: Permissions.transferReceive,
  },
  stocktake: { list: Permissions.stocktakeList, add: Permissions.stocktakeAdd, audit: Permissions.stocktakeAudit, void: Permissions.stocktakeVoid },
  exchange: { list: Permissions.exchangeList, add: Permissions.exchangeAdd, audit: Permissions.exchangeAudit, void: Permissions.exchangeVoid },
  overseas: { list: Permissions.overseasList, add: Permissions.overseasAdd, audit: Permissions.overseasAudit, void: Permissions.overseasVoid },
  opening: { list: Permissions.openingList, add: Permissions.openingAdd, audit: Permissions.openingAudit, void: Permissions.openingAdd },
};

/** The code an action needs (the server checks it on the route; the web shows the button with it). */
export function stockDocActionPermission(kind: StockDocKind, action: StockDocAction): PermissionCode {
  const codes = STOCK_DOC_CODES[kind];
  if (codes[action]) return codes[action]!;
  if (action === 'post' || action === 'ship' || action === 'receive') return codes.audit;
  if (action === 'void') return codes.void;
  return codes.add;
}
