import { formatYuan } from './format.ts';
import { machineActions, machineNext, transitionRefused, type Machine } from './machine.ts';

// 售后 (issue 19): 退货单 and 换货单 of a shop's goods received from HQ. Both are one document type
// (sales_return) with a kind; a swap also has 'out' lines (the goods HQ sends instead).

export const RETURN_KINDS = ['return', 'swap'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
export const RETURN_KIND_LABELS: Record<ReturnKind, string> = { return: '退货单', swap: '换货单' };
export const RETURN_PREFIXES: Record<ReturnKind, string> = { return: 'TH', swap: 'HD' };

export const RETURN_STATUSES = ['draft', 'submitted', 'audited', 'shipped', 'done', 'rejected', 'voided'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  draft: '草稿',
  submitted: '待审核',
  audited: '已审核',
  shipped: '退回在途',
  done: '已完成',
  rejected: '已驳回',
  voided: '已作废',
};

export const RETURN_ACTIONS = ['edit', 'delete', 'submit', 'withdraw', 'audit', 'reject', 'ship', 'receive', 'ship_out', 'receive_out', 'void'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];
export const RETURN_ACTION_LABELS: Record<ReturnAction, string> = {
  edit: '编辑',
  delete: '删除',
  submit: '提交',
  withdraw: '撤回',
  audit: '审核',
  reject: '驳回',
  ship: '发货',
  receive: '收货',
  ship_out: '换出发货',
  receive_out: '换出收货',
  void: '作废',
};
/** A swap's back leg, named apart from its out leg. */
export const returnActionLabel = (kind: ReturnKind, action: ReturnAction) =>
  kind === 'swap' && action === 'ship' ? '退回发货' : kind === 'swap' && action === 'receive' ? '退回收货' : RETURN_ACTION_LABELS[action];

// 退货: audited → the shop ships the goods back (在途) → HQ receives them. 换货 (issue 26): both legs
// travel through 在途 as transfers — the shop ships the piece back and HQ receives it; HQ ships the
// new piece and the shop receives it — in either order; the swap stays 已审核 while they travel
// and is done when both arrived (each leg's state is its transfer's, see swapLegActions).
const EARLY = {
  draft: { edit: 'draft', delete: 'draft', submit: 'submitted' },
  submitted: { withdraw: 'draft', audit: 'audited', reject: 'rejected' },
  rejected: { withdraw: 'draft' },
} as const;
export const RETURN_MACHINES: Record<ReturnKind, Machine<ReturnStatus, ReturnAction>> = {
  return: { ...EARLY, audited: { ship: 'shipped', void: 'voided' }, shipped: { receive: 'done', void: 'voided' }, done: { void: 'voided' }, voided: {} },
  swap: {
    ...EARLY,
    // a leg received completes the swap only when the other leg arrived too
    audited: { ship: 'audited', receive: ['done', 'audited'], ship_out: 'audited', receive_out: ['done', 'audited'], void: 'voided' },
    done: { void: 'voided' },
    voided: {},
  },
};
export const returnNext = (kind: ReturnKind, status: ReturnStatus, action: ReturnAction) => machineNext(RETURN_MACHINES[kind], status, action);
export const returnActions = (kind: ReturnKind, status: ReturnStatus) => machineActions(RETURN_MACHINES[kind], status);
export const returnActionRefused = (kind: ReturnKind, no: string, status: ReturnStatus, action: ReturnAction) =>
  transitionRefused(RETURN_KIND_LABELS[kind], no, RETURN_STATUS_LABELS[status], returnActionLabel(kind, action));

/** A transfer's status as a swap's leg shows it. */
export const SWAP_LEG_LABELS: Record<string, string> = { submitted: '待发货', shipped: '在途', posted: '已收货', void: '已作废' };

/**
 * The steps an audited swap's legs open, from their transfers' statuses: each leg ships once
 * submitted and is received once in transit (`back` null: none made). A swap audited before its
 * legs travelled (one exchange document, `out` null) is confirmed by 收货 as it was.
 */
export function swapLegActions(back: string | null, out: string | null): ReturnAction[] {
  if (out === null) return back === 'submitted' ? ['receive', 'void'] : ['void'];
  const open: ReturnAction[] = [];
  if (back === 'submitted') open.push('ship');
  if (back === 'shipped') open.push('receive');
  if (out === 'submitted') open.push('ship_out');
  if (out === 'shipped') open.push('receive_out');
  return [...open, 'void'];
}

/** 409 of a leg step its transfer's state refuses: 「换货单HD…的退回货品已收货，不能退回收货」. */
export const swapLegRefused = (no: string, leg: 'back' | 'out', state: string | null, action: ReturnAction) =>
  `换货单${no}的${leg === 'back' ? '退回' : '换出'}货品${SWAP_LEG_LABELS[state ?? ''] ?? '未生成调拨单'}，不能${returnActionLabel('swap', action)}`;

/** Statuses whose back lines hold returnable pieces and allowance (a draft holds nothing yet). */
export const RETURN_HOLDING_STATUSES: readonly ReturnStatus[] = ['submitted', 'audited', 'shipped', 'done'];

export const RETURN_LINES_MAX = 500;
export const RETURN_QUANTITY_MAX = 100_000;
export const RETURN_REASON_MAX = 200;
export const RETURN_REMARK_MAX = 400;
export const RETURN_WINDOW_MAX_DAYS = 3650;

export const ReturnMessages = {
  notFound: '退换货单不存在',
  shopRequired: '请选择门店',
  shopNotFound: '门店不存在',
  shopNoWarehouse: (shop: string) => `门店“${shop}”没有仓库，不能退换货`,
  seasonRequired: '请选择订货季',
  seasonNotFound: '订货季不存在',
  reasonRequired: '请填写退换货原因',
  reasonTooLong: `原因最多${RETURN_REASON_MAX}个字`,
  remarkTooLong: `备注最多${RETURN_REMARK_MAX}个字`,
  noLines: '请至少退回一件商品',
  noOutLines: '换货单请至少换出一件商品',
  tooManyLines: `一张单据最多${RETURN_LINES_MAX}行`,
  quantityInvalid: (n: number) => `第${n}行：数量须为1-${RETURN_QUANTITY_MAX}之间的整数`,
  skuInvalid: (n: number) => `第${n}行：请选择商品`,
  skuNotFound: (n: number) => `第${n}行：商品不存在`,
  duplicateSku: (n: number) => `第${n}行：商品重复，请合并为一行`,
  notReceived: (n: number, barcode: string) => `第${n}行：${barcode}不是该门店本季从总部收到的货品`,
  over: (barcode: string, returnable: number) => `${barcode}最多可退${returnable}件（已收货减去已退）`,
  noReturn: (styleNo: string) => `款号${styleNo}为不可退换商品`,
  windowPassed: (barcode: string, days: number) => `${barcode}已超过收货后${days}天的退换期限`,
  noPolicy: '该购货方没有适用的退换货政策，不能退换货',
  allowanceOver: (label: string, left: number, asked: number) => `超出本季${label}额度：剩余 ${formatYuan(left)}，本单 ${formatYuan(asked)}`,
  mixedBuyers: '一张单据只能退回同一购货方订的货品',
  buyerInvalid: '所选购货方在该门店本季没有收到过货品，请重新选择',
  notOfBuyer: (n: number, barcode: string) => `第${n}行：${barcode}不是所选购货方订的货品`,
  hqWarehouseRequired: '请选择收货仓库',
  hqWarehouseInvalid: '收货仓库须为总部仓库',
  defectiveWarehouseInvalid: '次品仓须为次品类型的仓库',
  defectiveWarehouseRequired: '有次品时请选择次品仓',
  approveInvalid: (n: number) => `第${n}行：审核数量须为0到申请数量之间的整数`,
  cutReasonRequired: (n: number) => `第${n}行：核减数量时请填写原因`,
  approveNothing: '审核数量不能全部为0，请驳回',
  // a line id of another document, or one named twice, as the 订货单's audit refuses it
  auditLineUnknown: '审核明细与单据不符，请刷新后重试',
  receiveLineUnknown: '收货明细与单据不符，请刷新后重试',
  rejectReasonRequired: '请填写驳回原因',
  receiveInvalid: (n: number) => `第${n}行：收货数量须为0到审核数量之间的整数`,
  differenceReasonRequired: '收货数量与发货数量不一致，请填写差异原因',
  outPriceMissing: (n: number) => `第${n}行：该商品没有批发价，不能换出`,
  changed: '单据已被他人修改，请刷新后重试',
  outReceiveInvalid: (n: number) => `第${n}行：收货数量须为0到换出数量之间的整数`,
} as const;

/** One line as the client sends it: a SKU and a quantity (the server finds the order lines and prices). */
export interface ReturnLineInput {
  skuId: number;
  quantity: number;
}

export interface ReturnInput {
  shopId: number;
  seasonId: number;
  /**
   * Whose goods come back (returnBuyerKey): a shop may hold pieces of its own orders and of its
   * agent's orders for it, each with its own allowance and account. Absent: the buyer whose
   * goods hold every SKU asked, the shop's own orders first.
   */
  buyerKey?: string | null;
  reason: string;
  remark?: string | null;
  /** 退回 */
  lines: ReturnLineInput[];
  /** 换出 (swap only) */
  outLines?: ReturnLineInput[];
}

export interface ReturnAuditInput {
  hqWarehouseId: number;
  /** per back line id: the approved quantity and, when cut, why */
  lines?: { lineId: number; approvedQuantity: number; cutReason?: string | null }[];
}

/** 换出收货: the shop takes in the new pieces (default: as shipped); a shortfall needs a reason. */
export interface SwapOutReceiveInput {
  lines?: { lineId: number; quantity: number }[];
  reason?: string | null;
}

export interface ReturnReceiveInput {
  /** a swap's goods and a return's goods of good quality go to the HQ warehouse; defective ones here */
  defectiveWarehouseId?: number | null;
  /** per back line id: good and defective pieces that arrived (default: as shipped, all good) */
  lines?: { lineId: number; goodQuantity: number; defectiveQuantity?: number | null }[];
  reason?: string | null;
}

/** One buyer (and the party billed for its orders) whose goods a return may take back. */
export const returnBuyerKey = (buyerType: 'agent' | 'shop', buyerId: number, billedType: 'agent' | 'shop' | null, billedId: number | null) =>
  `${buyerType}:${buyerId}:${billedType ?? 'none'}:${billedId ?? 0}`;

/** A buyer whose goods the shop received in the season (a choice on the form). */
export interface ReturnBuyerOption {
  key: string;
  buyerType: 'agent' | 'shop';
  buyerId: number;
  buyerName: string;
  billedType: 'agent' | 'shop' | null;
  billedName: string;
}

/** A shop's season allowance: a share of what was shipped to it, less what returns already hold. */
export interface ReturnAllowance {
  policyName: string;
  rateBp: number;
  windowDays: number;
  shippedFen: number;
  allowanceFen: number;
  usedFen: number;
  leftFen: number;
}

/** 额度 = floor(shipped × rate); left never below zero (a policy lowered after returns). */
export function returnAllowance(shippedFen: number, rateBp: number, usedFen: number): Pick<ReturnAllowance, 'allowanceFen' | 'usedFen' | 'leftFen'> {
  const allowanceFen = Math.floor((shippedFen * rateBp) / 10_000);
  return { allowanceFen, usedFen, leftFen: Math.max(0, allowanceFen - usedFen) };
}

/** Whole days from a receipt day to today (both yyyy-mm-dd, calendar days). */
export function daysSince(day: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
}

/** A receipt still within the window (the day of receipt counts as day 0). */
export const withinWindow = (receivedDay: string, today: string, windowDays: number) => daysSince(receivedDay, today) <= windowDays;

export interface ReturnableOrderLine {
  orderLineId: number;
  returnable: number;
  /** the last day goods of this line arrived (yyyy-mm-dd); newer lines are taken first */
  lastReceivedDay: string;
}

/**
 * Spreads a SKU's quantity over the order lines it may come back against: newest receipt first
 * (the goods most likely on the shelf, and the ones still inside the window), never past a line's
 * returnable. Returns null when the lines cannot hold it all.
 */
export function spreadOverLines(quantity: number, lines: readonly ReturnableOrderLine[]): { orderLineId: number; quantity: number }[] | null {
  const ordered = [...lines].sort((a, b) => (a.lastReceivedDay === b.lastReceivedDay ? b.orderLineId - a.orderLineId : a.lastReceivedDay < b.lastReceivedDay ? 1 : -1));
  const out: { orderLineId: number; quantity: number }[] = [];
  let rest = quantity;
  for (const line of ordered) {
    if (rest === 0) break;
    const take = Math.min(rest, Math.max(0, line.returnable));
    if (take > 0) out.push({ orderLineId: line.orderLineId, quantity: take });
    rest -= take;
  }
  return rest === 0 ? out : null;
}

export interface ReturnRecord {
  id: number;
  returnNo: string;
  kind: ReturnKind;
  seasonId: number;
  seasonName: string;
  shopId: number;
  shopName: string;
  warehouseId: number;
  warehouseName: string;
  buyerType: 'agent' | 'shop';
  buyerName: string;
  billedType: 'agent' | 'shop' | null;
  billedName: string;
  /** returnBuyerKey of the buyer and billed party (what the form edits again) */
  buyerKey: string;
  status: ReturnStatus;
  statusLabel: string;
  reason: string;
  remark: string;
  rejectReason: string;
  hqWarehouseId: number | null;
  hqWarehouseName: string;
  stockDocId: number | null;
  stockDocNo: string;
  stockDocKind: 'transfer' | 'exchange' | null;
  /** the back leg's transfer (a return's only one) as the leg shows it: 待发货, 在途, 已收货 */
  stockDocStatusLabel: string;
  /** a swap's out leg: the transfer HQ ships the new pieces by */
  outDocId: number | null;
  outDocNo: string;
  outDocStatusLabel: string;
  totalQuantity: number;
  totalAmountFen: number;
  approvedQuantity: number | null;
  approvedAmountFen: number | null;
  outQuantity: number;
  outAmountFen: number;
  receivedQuantity: number;
  /** signed fen posted to the billed party's 应收 (a credit is negative) */
  settledFen: number;
  createdByName: string;
  createdAt: string;
  submittedAt: string | null;
  auditedAt: string | null;
  doneAt: string | null;
  actions: ReturnAction[];
}

export interface ReturnLineRecord {
  id: number;
  lineNo: number;
  leg: 'back' | 'out';
  orderLineId: number | null;
  orderId: number | null;
  orderNo: string;
  skuId: number;
  productId: number;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  barcode: string;
  quantity: number;
  approvedQuantity: number | null;
  cutReason: string;
  receivedQuantity: number;
  defectiveQuantity: number;
  unitPriceFen: number;
  amountFen: number;
}

export interface ReturnDetail extends ReturnRecord {
  lines: ReturnLineRecord[];
  differenceReason: string;
}

/** One SKU a shop may send back this season, with what it may still return. */
export interface ReturnableSku {
  skuId: number;
  productId: number;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  barcode: string;
  received: number;
  returned: number;
  returnable: number;
  /** the price of the newest line (a SKU on several orders may have several prices) */
  unitPriceFen: number;
  lastReceivedDay: string;
  /** why it may not come back at all ('' when it may) */
  blocked: string;
}

export interface ReturnableAnswer {
  /** the buyer the figures are for (returnBuyerKey); '' when the shop received nothing */
  buyerKey: string;
  /** every buyer whose goods the shop received in the season, the shop's own orders first */
  buyers: ReturnBuyerOption[];
  buyerType: 'agent' | 'shop';
  buyerId: number;
  buyerName: string;
  allowance: ReturnAllowance;
  skus: ReturnableSku[];
}
