import { Permissions, SALES_ORDER_OPEN_STATUSES, WORKBENCH_COUNT_CAP, type PermissionCode, type WorkbenchTodo, type WorkbenchTodoKey } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { countOrders } from '../purchasing/purchase-order-read.service.ts';
import { purchaseScope } from '../purchasing/purchase-scope.ts';
import { countRegistrations } from '../registrations/registrations.service.ts';
import { countOwnPayments, countPaymentsToAudit } from '../finance/payments.service.ts';
import { lastMonthAwaitingAnswer } from '../finance/statements.service.ts';
import { countReturns } from '../aftersales/returns.service.ts';
import { countOrders as countSalesOrders } from '../sales-orders/sales-orders-read.service.ts';
import { countDocs } from '../stock-docs/stock-docs.service.ts';

// 工作台: the caller's to-dos, each counted by the module that owns its list with that list's own
// filter and data scope (the search is workbench-search.ts). This module owns no table: it asks
// the owners' services.

type Count = { n: number; capped: boolean };

interface TodoSpec {
  key: WorkbenchTodoKey;
  /** every code needed: the list's own (to open it) and the action the to-do asks for (any one of `act`) */
  list: PermissionCode;
  act: readonly PermissionCode[];
  /** whose to-do: HQ (data scope all) or a party (agent, shop, supplier) */
  who: 'hq' | 'party' | 'any';
  /** null: not the caller's to-do after all (e.g. no account of its own to confirm) */
  count: (db: Db, ctx: RequestContext) => Promise<Count | null>;
}

const cap = WORKBENCH_COUNT_CAP;
const orders = (filter: Parameters<typeof countOrders>[2]) => (db: Db, ctx: RequestContext) => countOrders(db, { purchase: purchaseScope(ctx.scope) }, filter, cap);
const docs = (filter: Parameters<typeof countDocs>[2]) => (db: Db, ctx: RequestContext) => countDocs(db, ctx, filter, cap);

/**
 * The to-dos in the order the workbench shows them. Each count is the total of the list the web
 * opens for it (same filters, same scope; 待收货调拨单 opens the transfers with incoming=true).
 */
const TODOS: readonly TodoSpec[] = [
  { key: 'purchaseOrderAudit', list: Permissions.purchaseOrderList, act: [Permissions.purchaseOrderAudit], who: 'hq', count: orders({ status: 'submitted' }) },
  { key: 'purchaseOrderReceive', list: Permissions.purchaseOrderList, act: [Permissions.purchaseOrderReceive], who: 'hq', count: orders({ status: 'audited' }) },
  {
    key: 'purchaseOrderPartlyReceived',
    list: Permissions.purchaseOrderList,
    act: [Permissions.purchaseOrderReceive],
    who: 'hq',
    count: orders({ status: 'partly_received' }),
  },
  {
    key: 'purchaseOrderConfirm',
    list: Permissions.purchaseOrderList,
    act: [Permissions.purchaseOrderConfirm],
    who: 'party',
    count: orders({ status: 'audited', confirmed: 'no' }),
  },
  {
    key: 'purchaseOrderConfirmPartly',
    list: Permissions.purchaseOrderList,
    act: [Permissions.purchaseOrderConfirm],
    who: 'party',
    count: orders({ status: 'partly_received', confirmed: 'no' }),
  },
  { key: 'transferInTransit', list: Permissions.transferList, act: [Permissions.transferList], who: 'hq', count: docs({ kind: 'transfer', status: 'shipped' }) },
  {
    key: 'transferReceive',
    list: Permissions.transferList,
    act: [Permissions.transferReceive],
    who: 'party',
    count: docs({ kind: 'transfer', status: 'shipped', destinationInScope: true }),
  },
  { key: 'outboundScan', list: Permissions.outboundList, act: [Permissions.outboundAdd], who: 'any', count: docs({ kind: 'outbound', status: 'submitted' }) },
  {
    key: 'stocktakeCounting',
    list: Permissions.stocktakeList,
    act: [Permissions.stocktakeAdd, Permissions.stocktakeAudit],
    who: 'any',
    count: docs({ kind: 'stocktake', status: 'counting' }),
  },
  {
    key: 'registrationPending',
    list: Permissions.registrationList,
    act: [Permissions.registrationAudit],
    who: 'hq',
    count: (db) => countRegistrations(db, { status: 'pending' }, cap),
  },
  {
    key: 'salesOrderAudit',
    list: Permissions.orderingOrderList,
    act: [Permissions.orderingOrderAudit],
    who: 'hq',
    count: (db, ctx) => countSalesOrders(db, ctx, { status: 'submitted' }, cap),
  },
  {
    key: 'salesOrderAllocate',
    list: Permissions.orderingAllocationList,
    act: [Permissions.orderingAllocationAllocate, Permissions.orderingAllocationDeliver],
    who: 'hq',
    count: (db, ctx) => countSalesOrders(db, ctx, { statuses: SALES_ORDER_OPEN_STATUSES }, cap),
  },
  {
    key: 'paymentAudit',
    list: Permissions.financePaymentList,
    act: [Permissions.financePaymentAudit],
    who: 'hq',
    count: (db) => countPaymentsToAudit(db, cap),
  },
  {
    key: 'returnAudit',
    list: Permissions.aftersalesReturnList,
    act: [Permissions.aftersalesReturnAudit],
    who: 'hq',
    count: (db, ctx) => countReturns(db, ctx.scope, 'return', 'submitted', cap),
  },
  {
    key: 'swapAudit',
    list: Permissions.aftersalesSwapList,
    act: [Permissions.aftersalesSwapAudit],
    who: 'hq',
    count: (db, ctx) => countReturns(db, ctx.scope, 'swap', 'submitted', cap),
  },
  {
    key: 'returnReceive',
    list: Permissions.aftersalesReturnList,
    act: [Permissions.aftersalesReturnReceive],
    who: 'hq',
    count: (db, ctx) => countReturns(db, ctx.scope, 'return', 'shipped', cap),
  },
  {
    key: 'returnShip',
    list: Permissions.aftersalesReturnList,
    act: [Permissions.aftersalesReturnEdit],
    who: 'party',
    count: (db, ctx) => countReturns(db, ctx.scope, 'return', 'audited', cap),
  },
  {
    key: 'salesOrderDraft',
    list: Permissions.orderingOrderList,
    act: [Permissions.orderingOrderEdit],
    who: 'party',
    count: (db, ctx) => countSalesOrders(db, ctx, { status: 'draft' }, cap),
  },
  {
    key: 'salesOrderRejected',
    list: Permissions.orderingOrderList,
    act: [Permissions.orderingOrderEdit],
    who: 'party',
    count: (db, ctx) => countSalesOrders(db, ctx, { status: 'rejected' }, cap),
  },
  {
    key: 'deliveryReceive',
    list: Permissions.transferList,
    act: [Permissions.transferReceive],
    who: 'party',
    count: docs({ kind: 'transfer', status: 'shipped', bizType: 'delivery', destinationInScope: true }),
  },
  {
    key: 'statementConfirm',
    list: Permissions.financeStatementList,
    act: [Permissions.financeStatementConfirm],
    who: 'party',
    count: async (db, ctx) => {
      const n = await lastMonthAwaitingAnswer(db, ctx.scope);
      return n === null ? null : { n, capped: false };
    },
  },
  {
    key: 'paymentRejected',
    list: Permissions.financePaymentList,
    act: [Permissions.financePaymentEdit],
    who: 'party',
    count: (db, ctx) => countOwnPayments(db, ctx.scope, 'rejected', cap),
  },
];

/** Every list code a to-do may need: the route answers anyone holding one of them. */
export const TODO_LIST_CODES: readonly PermissionCode[] = [...new Set(TODOS.map((t) => t.list))];

function hasTodo(ctx: RequestContext, todo: TodoSpec): boolean {
  if (ctx.scope.kind === 'none') return false;
  const hq = ctx.scope.kind === 'all';
  if ((todo.who === 'hq' && !hq) || (todo.who === 'party' && hq)) return false;
  return ctx.permissions.has(todo.list) && todo.act.some((code) => ctx.permissions.has(code));
}

/** The caller's to-dos with their counts (only those its codes and scope give it). */
export async function todos(db: Db, ctx: RequestContext): Promise<WorkbenchTodo[]> {
  const mine = TODOS.filter((todo) => hasTodo(ctx, todo));
  const counts = await Promise.all(mine.map((todo) => todo.count(db, ctx)));
  return mine.flatMap((todo, i) => {
    const count = counts[i];
    return count ? [{ key: todo.key, count: count.n, capped: count.capped }] : [];
  });
}
