import type { PricedLine } from '../ui/document/style-grid-rules.ts';

/** Payloads of the eight print kinds. Money is integer fen; sizes are size names (S, M, 165/88A…). */
export const PRINT_KINDS = ['label', 'hangtag', 'washlabel', 'outbound', 'transfer', 'statement', 'order', 'parcel'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

export const PRINT_KIND_TITLES: Readonly<Record<PrintKind, string>> = {
  label: '条码标签',
  hangtag: '吊牌',
  washlabel: '水洗标',
  outbound: '出库单',
  transfer: '调拨单',
  statement: '对账单',
  order: '订货确认单',
  parcel: '退换货装箱单',
};

/** One fibre of a composition: 羊毛 80. */
export interface Fibre {
  name: string;
  percent: number;
}

/** One part of a garment (面料, 里料, 填充物…) or the whole garment when `part` is absent. */
export interface CompositionPart {
  part?: string;
  fibres: Fibre[];
}

/** Care symbols (GB/T 8685 / ISO 3758), drawn on the wash label. */
export const CARE_SYMBOLS = [
  'wash-30',
  'wash-40',
  'hand-wash',
  'no-wash',
  'no-bleach',
  'tumble-dry-low',
  'no-tumble-dry',
  'line-dry',
  'flat-dry',
  'iron-low',
  'iron-medium',
  'no-iron',
  'dry-clean',
  'no-dry-clean',
] as const;
export type CareSymbol = (typeof CARE_SYMBOLS)[number];

export interface CareInstruction {
  symbol?: CareSymbol;
  /** The words printed beside or below the symbol: 30℃以下手洗. */
  text: string;
}

/** 条码标签: one SKU label, printed `copies` times. */
export interface LabelItem {
  brand?: string;
  styleNo: string;
  name: string;
  colour: string;
  size: string;
  barcode: string;
  retailPriceFen: number;
  copies: number;
}

/** 吊牌: the swing tag with the mandatory GB 5296.4 data. */
export interface HangtagItem {
  brand: string;
  styleNo: string;
  name: string;
  colour: string;
  size: string;
  retailPriceFen: number;
  /** 等级: 合格品, 一等品, 优等品. */
  grade: string;
  /** 安全类别: GB 18401-2010 B类. */
  safetyCategory: string;
  /** 执行标准: FZ/T 81004-2022. */
  standard: string;
  composition: CompositionPart[];
  barcode: string;
  copies: number;
  /** Optional QR (product page, traceability). */
  qrUrl?: string;
}

/** 水洗标: the sewn-in care label. */
export interface WashLabelItem {
  brand: string;
  styleNo: string;
  composition: CompositionPart[];
  care: CareInstruction[];
  standard: string;
  safetyCategory: string;
  grade: string;
  /** 产地: 浙江杭州. */
  origin: string;
  copies: number;
}

/** A line of a priced sheet: the one the 按款横排 grid reads (ui/document/style-grid-rules.ts). */
export type OutboundLine = PricedLine;

/** 出库单 (A4). Totals are given by the caller (the server's figures), not recomputed. */
export interface OutboundSheet {
  /** 出库单 when absent; other priced documents (采购订单 …) print on this sheet with their own title and labels */
  title?: string;
  /** 出库日期 / 发货仓库 / 收货方 when absent */
  dateLabel?: string;
  fromLabel?: string;
  toLabel?: string;
  /** more header items after the standard ones: [label, value] */
  extraInfo?: [string, string][];
  /** the signature boxes (default 制单, 仓库发货, 承运人, 收货签收) */
  signs?: string[];
  /** 'grid': one colour × size block per style (按款横排) instead of one row per line */
  layout?: 'lines' | 'grid';
  number: string;
  /** YYYY-MM-DD. */
  date: string;
  fromWarehouse: string;
  /** The receiving shop or customer. */
  to: string;
  lines: OutboundLine[];
  totalQuantity: number;
  totalAmountFen: number;
  remark?: string;
  maker: string;
}

export interface TransferLine {
  styleNo: string;
  name: string;
  colour: string;
  size: string;
  barcode: string;
  quantity: number;
}

/** 调拨单 (A4); other warehouse documents (入库单 …) print on it with their own title and labels. */
export interface TransferSheet {
  /** 调拨单 when absent */
  title?: string;
  /** 调出仓库 / 调入仓库 when absent */
  fromLabel?: string;
  toLabel?: string;
  number: string;
  date: string;
  fromWarehouse: string;
  toWarehouse: string;
  /** Status as shown: 待出库, 已出库, 已入库… */
  status: string;
  lines: TransferLine[];
  totalQuantity: number;
  remark?: string;
  maker?: string;
}

/** One entry of a 对账单: amountFen > 0 raised the balance, < 0 lowered it; runningFen is the balance after it. */
export interface StatementLine {
  businessDay: string;
  entryLabel: string;
  documentNo: string;
  originNo: string;
  amountFen: number;
  runningFen: number;
  memo: string;
}

/** 对账单 (A4): one party's account over a period, every entry of it, and the confirmation. Figures are the server's. */
export interface StatementSheet {
  /** 代理商, 门店, 供应商 */
  partyTypeLabel: string;
  partyCode: string;
  partyName: string;
  /** 应收 or 应付: the sign of every figure */
  balanceLabel: string;
  from: string;
  to: string;
  openingFen: number;
  increaseFen: number;
  decreaseFen: number;
  closingFen: number;
  entries: StatementLine[];
  /** who confirmed and when (as shown: 2026-11-01 10:00:00); null: 未确认 */
  confirmation: { byName: string; at: string; matches: boolean } | null;
  /** 打印时间 as shown */
  printedAt: string;
}

/** 订货确认单 (A4): a 订货单 as the buyer confirms it — who buys, who pays, where it goes — lines 尺码横排. */
export interface OrderConfirmSheet {
  number: string;
  /** 订货日期 YYYY-MM-DD */
  date: string;
  seasonName: string;
  /** 待审核, 已审核 … as shown */
  status: string;
  buyer: string;
  /** 结算方: the billed party, or 总部直营（不结算） */
  billed: string;
  /** 收货门店 */
  shop: string;
  lines: OutboundLine[];
  totalQuantity: number;
  totalAmountFen: number;
  remark?: string;
  maker: string;
  /** 打印时间 as shown */
  printedAt: string;
}

/** The sheet's title of a 退货单 / 换货单: 退货装箱单, 换货装箱单. */
export const parcelTitle = (documentTitle: string) => `${documentTitle.replace(/单$/, '')}装箱单`;

/** 退货 / 换货装箱单 (A4): what goes in the parcel the shop sends back — shop, number, lines to tick. */
export interface ParcelSheet {
  /** 退货单 or 换货单 (the sheet is 退货装箱单 / 换货装箱单) */
  title: string;
  number: string;
  date: string;
  status: string;
  shop: string;
  /** 发货仓库 (the shop's) and 收货仓库 (HQ's, once audited) */
  fromWarehouse: string;
  toWarehouse: string;
  lines: TransferLine[];
  totalQuantity: number;
  reason?: string;
  remark?: string;
}

/** Labels, hang tags and wash labels print in batches; a sheet prints alone. */
export interface PrintPayloads {
  label: LabelItem[];
  hangtag: HangtagItem[];
  washlabel: WashLabelItem[];
  outbound: OutboundSheet;
  transfer: TransferSheet;
  statement: StatementSheet;
  order: OrderConfirmSheet;
  parcel: ParcelSheet;
}

export type PrintEvent = { [K in PrintKind]: { kind: K; payload: PrintPayloads[K] } }[PrintKind];
