import { formatYuan } from './format.ts';

/**
 * 单据类型登记 (DESIGN §9): every document type that writes ledger rows is registered here once.
 * A ledger row (stock move, account entry) names its
 * document by this type and the document's id, so voiding one type never touches another's rows.
 */
export const DOCUMENT_TYPES = {
  stock_doc: { label: '库存单据' },
  purchase_order: { label: '采购订单' },
  purchase_refund: { label: '采购退货单' },
  sales_order: { label: '订货单' },
  finance_payment: { label: '收付款单' },
  finance_adjustment: { label: '调整单' },
  finance_rebate: { label: '返利单' },
  sales_return: { label: '退换货单' },
  shop_inventory: { label: '库存上报单' },
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;
export const isDocumentType = (value: unknown): value is DocumentType => typeof value === 'string' && Object.hasOwn(DOCUMENT_TYPES, value);

/** Idempotency-Key answers of every document route (DESIGN §9). */
export const IdempotencyMessages = {
  keyInvalid: 'Idempotency-Key 须为1-128个可见字符',
  keyReused: 'Idempotency-Key 已用于另一个请求',
} as const;

/** A ledger row's document: registered type and id. */
export interface DocumentRef {
  type: DocumentType;
  id: number;
}

/** 账户类型 of the money ledger. */
export const ACCOUNT_KINDS = ['receivable', 'payable', 'prepayment', 'stored_value', 'rebate'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  receivable: '应收',
  payable: '应付',
  prepayment: '预付款',
  stored_value: '储值',
  rebate: '返利',
};

/** Whose account: an agent, a shop, a supplier or a member. */
export const ACCOUNT_PARTY_TYPES = ['agent', 'shop', 'supplier', 'member'] as const;
export type AccountPartyType = (typeof ACCOUNT_PARTY_TYPES)[number];

/** Largest absolute amount of one entry and of a balance, in fen (10 billion yuan). */
export const ACCOUNT_AMOUNT_MAX_FEN = 1_000_000_000_000;
export const ACCOUNT_ENTRY_LINES_MAX = 1000;

export const AccountMessages = {
  noEntries: '没有可记账的分录',
  tooManyEntries: `一次最多记账${ACCOUNT_ENTRY_LINES_MAX}条分录`,
  documentInvalid: '单据类型无效',
  entryInvalid: (n: number) => `第${n}条分录无效`,
  amountInvalid: (n: number) => `第${n}条分录金额无效`,
  overdrawn: (party: string, kind: AccountKind, balance: number, need: number) =>
    `${party}的${ACCOUNT_KIND_LABELS[kind]}余额不足：需要 ${formatYuan(need)}，可用 ${formatYuan(balance)}`,
  /** the database's CHECK refused what the checks before it let through (a race they did not see) */
  insufficient: '账户余额不足',
  balanceOverflow: '账户余额超出上限',
  nothingToReverse: '该单据没有可冲销的分录',
  alreadyReversed: '该单据的分录已冲销',
} as const;
