import type { SeasonKind } from './ordering-seasons.ts';
import type { BuyerType } from './planning.ts';
import type { SalesOrderEntryStyle } from './sales-order-records.ts';
import type { SalesOrderStatus } from './sales-orders.ts';

/**
 * 购物车 (issue 17, "Catalogue, cart, orders"): one cart per user, kept on the server. Lines are per
 * season, buyer, receiving shop and SKU; the cart shows them grouped by style × colour, priced by
 * the server at today's rules (never a stored or client price), and a season + buyer + shop becomes
 * one 订货单 at checkout. Quantities follow the order's rules (shared/src/sales-order-records.ts).
 */

export const CartMessages = {
  empty: '购物车为空',
  coloursRequired: '请至少填写一个颜色',
  colourDuplicate: (n: number) => `第${n}个颜色重复`,
  colourNotOffered: (n: number) => `第${n}个颜色：该款式颜色不在本订货季在售款式中`,
  runAndCells: (n: number) => `第${n}个颜色：按配码或按单元格录入只能选一种`,
  lineNotFound: '购物车中没有这一行',
  added: '已加入购物车',
  saved: '购物车已保存',
  removed: '已从购物车移除',
  cleared: '购物车已清空',
  checkedOut: '已生成订货单',
  submitted: '订货单已提交',
} as const;

/** One SKU cell of a style × colour group in the cart. */
export interface CartLine {
  id: number;
  skuId: number;
  sizeName: string;
  quantity: number;
  amountFen: number;
}

/** A style × colour in the cart: its cells, the run it was entered in, totals and what blocks it. */
export interface CartGroup {
  colourId: number;
  colourName: string;
  /** the run (配码) and number of runs when the colour was entered by run (or is whole runs of the style's run) */
  sizeRunId: number | null;
  sizeRunName: string | null;
  runCount: number | null;
  pieces: number;
  amountFen: number;
  /** why this group cannot be ordered today (style no longer offered, a broken run …), else null */
  problem: string | null;
  lines: CartLine[];
}

/**
 * A style in one cart order: what order entry knows of it (price and steps at today's rules, run
 * rules, runs, the SKUs of the colours in the cart with HQ's available stock) and its groups.
 */
export interface CartStyle extends SalesOrderEntryStyle {
  mainImage: string;
  pieces: number;
  amountFen: number;
  groups: CartGroup[];
}

/** 订货额度 for the cart's buyer and season: what is left now and after this cart (null: not limited). */
export interface CartQuota {
  limitFen: number | null;
  limitPieces: number | null;
  leftFen: number | null;
  leftPieces: number | null;
  /** left less every line of this buyer and season in the cart (may be below zero: overdrawn) */
  afterFen: number | null;
  afterPieces: number | null;
  /** why submitting this order would be refused (it does not fit in what is left), else null */
  problem: string | null;
}

/** One future order: the cart's lines of one season, buyer and receiving shop. */
export interface CartOrder {
  seasonId: number;
  seasonName: string;
  seasonKind: SeasonKind;
  buyerType: BuyerType;
  buyerId: number;
  buyerName: string;
  shopId: number;
  shopName: string;
  pieces: number;
  amountFen: number;
  lineCount: number;
  /** why this order cannot be saved today (season closed, shop out of reach, a group's problem), else null */
  problem: string | null;
  quota: CartQuota | null;
  styles: CartStyle[];
}

export interface CartAnswer {
  /** the day (Asia/Shanghai) the prices are for */
  day: string;
  orders: CartOrder[];
  /** style × colour groups in the whole cart (the badge) */
  groupCount: number;
  pieces: number;
  amountFen: number;
}

export interface CartParty {
  seasonId: number;
  /** HQ names the buyer; an agent defaults to itself; a shop is its own buyer */
  buyerType?: BuyerType | null;
  buyerId?: number | null;
  /** the receiving shop (a shop: itself) */
  shopId?: number | null;
}

/** One colour of a style as the grid sends it: its cells (0 removes one), or a run × count. */
export interface CartColourInput {
  colourId: number;
  cells?: { skuId: number; quantity: number }[];
  run?: { sizeRunId: number; runCount: number };
}

/** PUT: the listed colours of one style replace what the cart held of them. */
export interface CartStyleInput extends CartParty {
  colours: CartColourInput[];
}

export interface CartCheckoutInput extends CartParty {
  remark?: string | null;
  /** true: submit the new order at once (the quota is reserved) */
  submit?: boolean;
}

export interface CartCheckoutAnswer {
  orderId: number;
  orderNo: string;
  status: SalesOrderStatus;
  totalQuantity: number;
  totalAmountFen: number;
}
