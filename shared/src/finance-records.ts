import type { AccountFigures, AdjustmentStatus, FinancePartyType, PaymentAction, PaymentMethod, PaymentStatus } from './finance.ts';

/** 往来账户 as the list and the detail read it. */
export interface FinanceAccountRecord extends AccountFigures {
  partyType: FinancePartyType;
  partyId: number;
  partyCode: string;
  partyName: string;
  /** a supplier's 应付 (what HQ owes it); 0 for billed parties */
  payableFen: number;
  /** the last entry's time, null when the account has none */
  lastEntryAt: string | null;
  creditMemo: string;
}

/** One ledger entry of an account, with the running balance after it (the account's own sign: 应收 or 应付). */
export interface AccountEntryRecord {
  id: number;
  businessDay: string;
  createdAt: string;
  entryType: string;
  entryLabel: string;
  reversal: boolean;
  /** the document that posted it: registered type, id and number, for opening it */
  documentType: string;
  documentId: number;
  documentNo: string;
  /** a stock document's kind (transfer, inbound, …) or a payment's direction (in, out), for the page that opens it */
  documentKind: string;
  /** the business document it belongs to (an order, a purchase order), when not the posting one */
  originType: string;
  originId: number | null;
  originNo: string;
  amountFen: number;
  quantity: number;
  runningFen: number;
  memo: string;
  createdByName: string;
}

export interface PaymentOrderShare {
  purchaseOrderId: number;
  orderNo: string;
  amountFen: number;
}

/** 收款单/付款单 as the list and the detail read it. */
export interface PaymentRecord {
  id: number;
  docNo: string;
  direction: 'in' | 'out';
  partyType: FinancePartyType;
  partyId: number;
  partyName: string;
  amountFen: number;
  method: PaymentMethod;
  paidOn: string;
  bankRef: string;
  /** the voucher image's path (cashier/voucherImage), '' when none */
  voucherImage: string;
  memo: string;
  status: PaymentStatus;
  reason: string;
  createdByName: string;
  createdAt: string;
  auditedByName: string;
  auditedAt: string | null;
  /** a supplier payment's shares per chosen purchase order */
  orders: PaymentOrderShare[];
  /** the 订货单 a 收款单 names (issue 26), '' when none */
  salesOrderNo: string;
  salesOrderId: number | null;
  /** what the caller may do now (its permissions, its side, the status) */
  actions: PaymentAction[];
}

/** 调整单 as the list reads it. */
export interface AdjustmentRecord {
  id: number;
  docNo: string;
  partyType: FinancePartyType;
  partyId: number;
  partyName: string;
  amountFen: number;
  reason: string;
  status: AdjustmentStatus;
  voidReason: string;
  createdByName: string;
  createdAt: string;
  voidedByName: string;
  voidedAt: string | null;
}

/** A purchase order of a supplier with what is still owed on it (付款单 picks from these). */
export interface PayableOrderOption {
  purchaseOrderId: number;
  orderNo: string;
  payableFen: number;
}
