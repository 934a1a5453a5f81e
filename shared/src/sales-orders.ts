import { machineActions, machineNext, transitionRefused, type Machine } from './machine.ts';

/**
 * 订货单 (a buyer's order to HQ, issue 17): its statuses, actions and the rules on its quantities,
 * shared by the server (transitions, checks) and the web (buttons, figures).
 */

// 翻单 (reorder, issue 19): a further order of a style the buyer already received in the season
export const SALES_ORDER_KINDS = ['spot', 'preorder', 'reorder'] as const;
export type SalesOrderKind = (typeof SALES_ORDER_KINDS)[number];
export const SALES_ORDER_KIND_LABELS: Record<SalesOrderKind, string> = { spot: '现货订单', preorder: '期货订单', reorder: '翻单' };
/** The kind's tag colour on lists (antd preset colours). */
export const SALES_ORDER_KIND_COLORS: Record<SalesOrderKind, string> = { spot: 'green', preorder: 'purple', reorder: 'magenta' };

export const SALES_ORDER_STATUSES = ['draft', 'submitted', 'audited', 'partly_shipped', 'shipped', 'closed', 'rejected', 'cancelled'] as const;
export type SalesOrderStatus = (typeof SALES_ORDER_STATUSES)[number];
export const SALES_ORDER_STATUS_LABELS: Record<SalesOrderStatus, string> = {
  draft: '草稿',
  submitted: '待审核',
  audited: '已审核',
  partly_shipped: '部分发货',
  shipped: '已发货',
  closed: '已关闭',
  rejected: '已驳回',
  cancelled: '已取消',
};

export const SALES_ORDER_ACTIONS = ['edit', 'submit', 'withdraw', 'audit', 'reject', 'cancel', 'ship', 'close'] as const;
export type SalesOrderAction = (typeof SALES_ORDER_ACTIONS)[number];
export const SALES_ORDER_ACTION_LABELS: Record<SalesOrderAction, string> = {
  edit: '编辑',
  submit: '提交',
  withdraw: '撤回',
  audit: '审核',
  reject: '驳回',
  cancel: '取消',
  ship: '发货',
  close: '关闭',
};

/**
 * The order's machine. `ship` is what a posted outbound does to its order: the status then
 * follows the quantities (salesOrderStatusAfterShipping). `close` ends an order that will get no
 * more goods (what is still open is released); `reject` and `cancel` need a reason.
 */
export const SALES_ORDER_MACHINE: Machine<SalesOrderStatus, SalesOrderAction> = {
  draft: { edit: 'draft', submit: 'submitted', cancel: 'cancelled' },
  submitted: { withdraw: 'draft', audit: 'audited', reject: 'rejected', cancel: 'cancelled' },
  audited: { ship: ['partly_shipped', 'shipped', 'audited'], cancel: 'cancelled', close: 'closed' },
  partly_shipped: { ship: ['partly_shipped', 'shipped', 'audited'], close: 'closed' },
  // a voided 配货出库 may take a shipped order back
  shipped: { ship: ['shipped', 'partly_shipped', 'audited'] },
  closed: {},
  rejected: {},
  cancelled: {},
};

/** Statuses whose lines may still get goods (配货发货 lists them; 配货 serves them). */
export const SALES_ORDER_OPEN_STATUSES = ['audited', 'partly_shipped'] as const satisfies readonly SalesOrderStatus[];

/** Actions that must say why (the reason is kept with the order's event). */
export const SALES_ORDER_REASON_ACTIONS: ReadonlySet<SalesOrderAction> = new Set(['reject', 'cancel', 'close']);

export const salesOrderNext = (status: SalesOrderStatus, action: SalesOrderAction) => machineNext(SALES_ORDER_MACHINE, status, action);
export const salesOrderActions = (status: SalesOrderStatus) => machineActions(SALES_ORDER_MACHINE, status);
export const salesOrderActionRefused = (orderNo: string, status: SalesOrderStatus, action: SalesOrderAction) =>
  transitionRefused('订货单', orderNo, SALES_ORDER_STATUS_LABELS[status], SALES_ORDER_ACTION_LABELS[action]);

/** One line's quantities as the order keeps them. */
export interface SalesOrderLineQuantities {
  /** what the buyer ordered */
  ordered: number;
  /** what HQ's audit kept (≤ ordered); null before the audit */
  approved: number | null;
  /** what has left HQ for the buyer on posted outbounds */
  shipped: number;
}

/** What a line may still get: the approved (or, before the audit, the ordered) quantity less what was shipped. */
export const salesOrderLineOpen = (line: SalesOrderLineQuantities) => Math.max(0, (line.approved ?? line.ordered) - line.shipped);

/** An audited order's status once goods were shipped: 已发货 when no line is open, else 部分发货 (已审核 while nothing left). */
export function salesOrderStatusAfterShipping(lines: readonly SalesOrderLineQuantities[]): SalesOrderStatus {
  const shippedAny = lines.some((l) => l.shipped > 0);
  if (!shippedAny) return 'audited';
  return lines.every((l) => salesOrderLineOpen(l) === 0) ? 'shipped' : 'partly_shipped';
}

export const SalesOrderMessages = {
  notFound: '订货单不存在',
  reasonRequired: '请填写原因',
  /** an audit may cut a line, never raise it */
  cutInvalid: (n: number, ordered: number) => `第${n}行：审核数量须为0-${ordered}的整数`,
  cutReasonRequired: '审核减少了数量，请填写原因',
  nothingApproved: '审核后订货数量不能全部为0，请驳回订单',
} as const;

/**
 * The quantities an audit keeps, checked: each an integer from 0 to the ordered quantity (a cut,
 * never a raise), not all zero (that is a rejection), and a reason when anything was cut. Answers
 * the message of the first problem, or null.
 */
export function auditCutProblem(lines: readonly { ordered: number; approved: number }[], reason: string): string | null {
  for (const [i, line] of lines.entries()) {
    if (!Number.isInteger(line.approved) || line.approved < 0 || line.approved > line.ordered) return SalesOrderMessages.cutInvalid(i + 1, line.ordered);
  }
  if (lines.every((l) => l.approved === 0)) return SalesOrderMessages.nothingApproved;
  if (lines.some((l) => l.approved < l.ordered) && !reason.trim()) return SalesOrderMessages.cutReasonRequired;
  return null;
}
