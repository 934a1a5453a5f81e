import { RETURN_ACTIONS, RETURN_MACHINES, RETURN_STATUSES } from './aftersales.ts';
import { SHOP_INVENTORY_ACTIONS, SHOP_INVENTORY_MACHINE, SHOP_INVENTORY_STATUSES } from './aftersales-inventory.ts';
import type { DocumentType } from './documents.ts';
import { ADJUSTMENT_ACTIONS, ADJUSTMENT_MACHINE, ADJUSTMENT_STATUSES, PAYMENT_ACTIONS, PAYMENT_MACHINE, PAYMENT_STATUSES } from './finance.ts';
import { REBATE_ACTIONS, REBATE_MACHINE, REBATE_STATUSES } from './finance-rebates.ts';
import type { Machine } from './machine.ts';
import {
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_MACHINE,
  PURCHASE_ORDER_RECEIPT_ACTIONS,
  PURCHASE_ORDER_STATUSES,
  PURCHASE_REFUND_ACTIONS,
  PURCHASE_REFUND_MACHINE,
  PURCHASE_REFUND_OUTBOUND_ACTIONS,
  PURCHASE_REFUND_STATUSES,
} from './purchasing.ts';
import { SALES_ORDER_ACTIONS, SALES_ORDER_MACHINE, SALES_ORDER_STATUSES } from './sales-orders.ts';
import { STOCK_DOC_ACTIONS, STOCK_DOC_MACHINES, STOCK_DOC_STATUSES } from './stock-docs.ts';

/**
 * The status machines of every document type the kernel knows (DOCUMENT_TYPES), in one place
 * (DESIGN §9): its statuses, its actions and its machine — one per kind where a type has kinds
 * (stock documents, returns). The server's transition and the web's action bars use the same
 * machines; `document-machines.test.ts` walks every one of them.
 */
export interface DocumentMachines {
  statuses: readonly string[];
  actions: readonly string[];
  /** by kind; a type without kinds has one, named after the type */
  machines: Readonly<Record<string, Machine<string, string>>>;
}

export const DOCUMENT_MACHINES = {
  stock_doc: { statuses: STOCK_DOC_STATUSES, actions: STOCK_DOC_ACTIONS, machines: STOCK_DOC_MACHINES },
  purchase_order: {
    statuses: PURCHASE_ORDER_STATUSES,
    actions: [...PURCHASE_ORDER_ACTIONS, ...PURCHASE_ORDER_RECEIPT_ACTIONS],
    machines: { purchase_order: PURCHASE_ORDER_MACHINE },
  },
  purchase_refund: {
    statuses: PURCHASE_REFUND_STATUSES,
    actions: [...PURCHASE_REFUND_ACTIONS, ...PURCHASE_REFUND_OUTBOUND_ACTIONS],
    machines: { purchase_refund: PURCHASE_REFUND_MACHINE },
  },
  sales_order: { statuses: SALES_ORDER_STATUSES, actions: SALES_ORDER_ACTIONS, machines: { sales_order: SALES_ORDER_MACHINE } },
  finance_payment: { statuses: PAYMENT_STATUSES, actions: PAYMENT_ACTIONS, machines: { finance_payment: PAYMENT_MACHINE } },
  finance_adjustment: { statuses: ADJUSTMENT_STATUSES, actions: ADJUSTMENT_ACTIONS, machines: { finance_adjustment: ADJUSTMENT_MACHINE } },
  finance_rebate: { statuses: REBATE_STATUSES, actions: REBATE_ACTIONS, machines: { finance_rebate: REBATE_MACHINE } },
  sales_return: { statuses: RETURN_STATUSES, actions: RETURN_ACTIONS, machines: RETURN_MACHINES },
  shop_inventory: { statuses: SHOP_INVENTORY_STATUSES, actions: SHOP_INVENTORY_ACTIONS, machines: { shop_inventory: SHOP_INVENTORY_MACHINE } },
} as const satisfies Record<DocumentType, DocumentMachines>;

/** The machine of a document type (and kind, for types that have kinds). */
export function documentMachine(type: DocumentType, kind?: string): Machine<string, string> | undefined {
  const machines: Readonly<Record<string, Machine<string, string>>> = DOCUMENT_MACHINES[type].machines;
  return machines[kind ?? type];
}
