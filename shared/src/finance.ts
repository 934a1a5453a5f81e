import { formatYuan } from './format.ts';
import type { Machine } from './machine.ts';
import { machineActions, machineNext, transitionRefused } from './machine.ts';

/**
 * 财务 (issue 18). Every figure of an account is derived from the money ledger:
 * - an agent or a franchise shop under HQ is billed on its 应收 account, signed: 配货出库 charges
 *   raise it; payments, returns, rebates lower it. Above zero the party owes (应收), below zero
 *   HQ holds its money (预付款). 余额 = 预付款 − 应收.
 * - a supplier is owed on its 应付 account: receipts raise it, refunds and payments lower it.
 * - 可用额度 = 授信额度 + 预付款 − 应收 − 已提交未发货的订单金额; a party without a credit
 *   limit is not under credit control (null).
 */

export const FINANCE_PARTY_TYPES = ['agent', 'shop', 'supplier'] as const;
export type FinancePartyType = (typeof FINANCE_PARTY_TYPES)[number];
export const FINANCE_PARTY_LABELS: Record<FinancePartyType, string> = { agent: '代理商', shop: '门店', supplier: '供应商' };
/** Who is billed for orders (and so may have a credit limit and record payments). */
export const BILLED_PARTY_TYPES = ['agent', 'shop'] as const;
export type BilledPartyType = (typeof BILLED_PARTY_TYPES)[number];

export const PAYMENT_PREFIX = 'SK';
export const SUPPLIER_PAYMENT_PREFIX = 'FK';
export const ADJUSTMENT_PREFIX = 'TZ';

/** Largest single payment or adjustment: 1 亿元. */
export const FINANCE_AMOUNT_MAX_FEN = 10_000_000_000;
export const CREDIT_LIMIT_MAX_FEN = 1_000_000_000_000;
export const FINANCE_TEXT_MAX = 200;
export const BANK_REF_MAX = 64;
/** A payment may be dated back this far, never after today. */
export const PAYMENT_DATE_MIN = '2000-01-01';

export const PAYMENT_METHODS = ['bank', 'cash', 'wechat', 'alipay', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { bank: '银行转账', cash: '现金', wechat: '微信', alipay: '支付宝', other: '其他' };

export const PAYMENT_STATUSES = ['submitted', 'posted', 'rejected', 'cancelled', 'voided'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  submitted: '待审核',
  posted: '已入账',
  rejected: '已驳回',
  cancelled: '已撤销',
  voided: '已冲销',
};
export const PAYMENT_ACTIONS = ['audit', 'reject', 'cancel', 'void'] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];
export const PAYMENT_ACTION_LABELS: Record<PaymentAction, string> = { audit: '审核', reject: '驳回', cancel: '撤销', void: '冲销' };
/** Actions that need a reason. */
export const PAYMENT_REASON_ACTIONS: ReadonlySet<PaymentAction> = new Set(['reject', 'void']);

/** 收款单/付款单: recorded (待审核) → audited and posted, or rejected; the recorder may cancel it first; a posted one is voided by reversing entries. */
export const PAYMENT_MACHINE: Machine<PaymentStatus, PaymentAction> = {
  submitted: { audit: 'posted', reject: 'rejected', cancel: 'cancelled' },
  posted: { void: 'voided' },
  rejected: {},
  cancelled: {},
  voided: {},
};
export const paymentNext = (status: PaymentStatus, action: PaymentAction) => machineNext(PAYMENT_MACHINE, status, action);
export const paymentActions = (status: PaymentStatus) => machineActions(PAYMENT_MACHINE, status);
export const paymentActionRefused = (kind: '收款单' | '付款单', docNo: string, status: PaymentStatus, action: PaymentAction) =>
  transitionRefused(kind, docNo, PAYMENT_STATUS_LABELS[status], PAYMENT_ACTION_LABELS[action]);

export const ADJUSTMENT_STATUSES = ['posted', 'voided'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
export const ADJUSTMENT_STATUS_LABELS: Record<AdjustmentStatus, string> = { posted: '已入账', voided: '已冲销' };
export const ADJUSTMENT_ACTIONS = ['void'] as const;
export type AdjustmentAction = (typeof ADJUSTMENT_ACTIONS)[number];
/** 调整单 posts as it is made; 冲销 (reversing entries appended) is its one step, and the last. */
export const ADJUSTMENT_MACHINE: Machine<AdjustmentStatus, AdjustmentAction> = {
  posted: { void: 'voided' },
  voided: {},
};

/** What each ledger entry type is called on statements and account details. */
export const ACCOUNT_ENTRY_LABELS: Readonly<Record<string, string>> = {
  sales_delivery: '配货出库',
  sales_shortage: '收货短少',
  payment: '收款',
  supplier_payment: '付款',
  adjustment: '调整',
  rebate: '返利',
  receipt: '采购入库',
  receipt_void: '入库作废',
  refund: '采购退货',
  refund_void: '退货作废',
  sales_return: '退货',
  sales_swap: '换货差额',
};
export const accountEntryLabel = (entryType: string, reversal: boolean) => `${ACCOUNT_ENTRY_LABELS[entryType] ?? entryType}${reversal ? '冲销' : ''}`;

/** An account's figures from its ledger balance, its credit limit and its open orders (fen; null limit: not controlled). */
export interface AccountFigures {
  /** 余额: money held for the party (> 0) or owed by it (< 0) */
  balanceFen: number;
  receivableFen: number;
  prepaymentFen: number;
  creditLimitFen: number | null;
  /** submitted or audited orders not shipped yet, at their prices */
  unshippedFen: number;
  /** null when the party is not under credit control */
  availableFen: number | null;
}

/** The figures of a billed party: `net` is its 应收 ledger balance (signed). */
export function billedFigures(net: number, creditLimitFen: number | null, unshippedFen: number): AccountFigures {
  return {
    balanceFen: -net,
    receivableFen: Math.max(net, 0),
    prepaymentFen: Math.max(-net, 0),
    creditLimitFen,
    unshippedFen,
    availableFen: creditLimitFen === null ? null : creditLimitFen - net - unshippedFen,
  };
}

/**
 * 降低授信 asks first (issue 26): a limit below what the party has already committed (应收 − 预付款 +
 * 未发货订单) leaves it with negative 可用授信, and its next order is refused. Answers the warning, or
 * null when the new limit (null: no control) covers what is committed.
 */
export function creditLoweringWarning(figures: Pick<AccountFigures, 'receivableFen' | 'prepaymentFen' | 'unshippedFen'>, newLimitFen: number | null): string | null {
  if (newLimitFen === null) return null;
  const committed = figures.receivableFen - figures.prepaymentFen + figures.unshippedFen;
  if (newLimitFen >= committed) return null;
  return `新的授信额度 ${formatYuan(newLimitFen)} 低于已占用的 ${formatYuan(committed)}（应收 − 预付款 + 未发货订单），保存后可用授信为 ${formatYuan(newLimitFen - committed)}，该单位的新订货单将无法提交。`;
}

/** Whether an order of `amountFen` fits what is available (always when not controlled). */
export const creditProblem = (availableFen: number | null, amountFen: number): string | null =>
  availableFen !== null && amountFen > availableFen ? FinanceMessages.creditShort(availableFen, amountFen) : null;

export const FinanceMessages = {
  paymentOrderInvalid: '订货单号格式不正确，如 DH20261129-0001',
  paymentOrderNotBilled: '该订货单不是这个往来单位结算的订货单',
  paymentOrderNotOpen: '只能关联已提交的订货单（草稿、已驳回、已取消的不能）',
  // 授信 (credit) is named apart from 订货额度 (the season's quota) wherever both show (issue 26)
  creditShort: (availableFen: number, orderFen: number) => `授信额度不足：可用授信 ${formatYuan(availableFen)}，本单 ${formatYuan(orderFen)}`,
  overrideReasonTooLong: `超额度放行理由不能超过${FINANCE_TEXT_MAX}个字`,
  overrideForbidden: '无超额度放行权限',
  partyTypeInvalid: '往来单位类型无效',
  partyRequired: '请选择往来单位',
  partyNotFound: '往来单位不存在',
  notBilled: '该门店由所属代理商结算，没有自己的账户',
  accountNotFound: '账户不存在',
  amountInvalid: `金额须大于0且不超过 ${formatYuan(FINANCE_AMOUNT_MAX_FEN)}，最多两位小数`,
  adjustmentAmountInvalid: `调整金额不能为0，绝对值不超过 ${formatYuan(FINANCE_AMOUNT_MAX_FEN)}，最多两位小数`,
  creditLimitInvalid: `授信额度须为 ¥0.00 到 ${formatYuan(CREDIT_LIMIT_MAX_FEN)} 之间、最多两位小数的金额，不控制请留空`,
  methodInvalid: '请选择付款方式',
  paidOnInvalid: '请填写正确的付款日期',
  paidOnFuture: '付款日期不能晚于今天',
  paidOnTooEarly: `付款日期不能早于${PAYMENT_DATE_MIN}`,
  bankRefTooLong: `银行流水号不能超过${BANK_REF_MAX}个字符`,
  memoTooLong: `备注不能超过${FINANCE_TEXT_MAX}个字`,
  voucherInvalid: '付款凭证图片无效，请重新上传',
  reasonRequired: '请填写原因',
  voucherRequired: '请上传付款凭证',
  reasonTooLong: `原因不能超过${FINANCE_TEXT_MAX}个字`,
  paymentNotFound: '收款单不存在',
  supplierPaymentNotFound: '付款单不存在',
  adjustmentNotFound: '调整单不存在',
  adjustmentVoided: '该调整单已冲销',
  orderNotOfSupplier: '所选采购订单不属于该供应商',
  orderRepeated: '同一采购订单只能选择一次',
  orderShareInvalid: (orderNo: string) => `采购订单${orderNo}的付款金额须大于0，最多两位小数`,
  orderShareOver: (orderNo: string, payableFen: number) => `采购订单${orderNo}的付款金额超出其应付余额 ${formatYuan(payableFen)}`,
  orderSharesOver: '各采购订单的付款金额合计超出付款金额',
  auditOwnForbidden: '只有总部财务可以审核',
  hqOnly: '只有总部可以办理',
  created: '已登记',
  audited: '已审核入账',
  rejected: '已驳回',
  cancelled: '已撤销',
  voided: '已冲销',
  creditSaved: '授信额度已保存',
  adjustmentCreated: '调整单已入账',
} as const;

/** 付款日期: a real day, not before PAYMENT_DATE_MIN, not after today (Shanghai). */
export function paidOnProblem(value: unknown, today: string): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return FinanceMessages.paidOnInvalid;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return FinanceMessages.paidOnInvalid;
  if (value < PAYMENT_DATE_MIN) return FinanceMessages.paidOnTooEarly;
  return value > today ? FinanceMessages.paidOnFuture : null;
}

/** A payment's or an adjustment's amount in fen: a safe integer, > 0 (adjustments: ≠ 0), within the maximum. */
export function paymentAmountProblem(fen: unknown): string | null {
  return typeof fen === 'number' && Number.isSafeInteger(fen) && fen > 0 && fen <= FINANCE_AMOUNT_MAX_FEN ? null : FinanceMessages.amountInvalid;
}
export function adjustmentAmountProblem(fen: unknown): string | null {
  return typeof fen === 'number' && Number.isSafeInteger(fen) && fen !== 0 && Math.abs(fen) <= FINANCE_AMOUNT_MAX_FEN ? null : FinanceMessages.adjustmentAmountInvalid;
}
export function creditLimitProblem(fen: unknown): string | null {
  if (fen === null) return null;
  return typeof fen === 'number' && Number.isSafeInteger(fen) && fen >= 0 && fen <= CREDIT_LIMIT_MAX_FEN ? null : FinanceMessages.creditLimitInvalid;
}
