import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './schema.ts';

type Day = string;

/** 授信额度 (0035): one row per billed party; a null limit means no credit control. */
export interface FinanceCreditLimitsTable {
  id: Generated<number>;
  party_type: 'agent' | 'shop';
  party_id: number;
  credit_limit_fen: number | null;
  memo: Generated<string>;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** 收款单 (in) and 付款单 (out) (0035). */
export interface FinancePaymentsTable {
  id: Generated<number>;
  doc_no: string;
  direction: 'in' | 'out';
  party_type: 'agent' | 'shop' | 'supplier';
  party_id: number;
  amount_fen: number;
  method: 'bank' | 'cash' | 'wechat' | 'alipay' | 'other';
  paid_on: Day;
  bank_ref: Generated<string>;
  voucher_image: Generated<string>;
  memo: Generated<string>;
  status: 'submitted' | 'posted' | 'rejected' | 'cancelled' | 'voided';
  reason: Generated<string>;
  created_by: number | null;
  created_at: CreatedAt;
  audited_by: number | null;
  audited_at: Date | null;
  rejected_by: number | null;
  rejected_at: Date | null;
  cancelled_by: number | null;
  cancelled_at: Date | null;
  voided_by: number | null;
  voided_at: Date | null;
  /** the 订货单 a 收款单 names (0050) */
  sales_order_id: number | null;
}

/** A supplier payment's share of one chosen purchase order (0035). */
export interface FinancePaymentOrdersTable {
  payment_id: number;
  purchase_order_id: number;
  amount_fen: number;
}

/** 调整单 (0035): a signed amount on a party's account, with its reason. */
export interface FinanceAdjustmentsTable {
  id: Generated<number>;
  doc_no: string;
  party_type: 'agent' | 'shop' | 'supplier';
  party_id: number;
  amount_fen: number;
  reason: string;
  status: 'posted' | 'voided';
  void_reason: Generated<string>;
  created_by: number | null;
  created_at: CreatedAt;
  voided_by: number | null;
  voided_at: Date | null;
}

/** 对账单确认 (0036): what the party saw when it confirmed its statement of a period. */
export interface FinanceStatementConfirmationsTable {
  id: Generated<number>;
  party_type: 'agent' | 'shop' | 'supplier';
  party_id: number;
  period_from: Day;
  period_to: Day;
  opening_fen: number;
  closing_fen: number;
  entry_count: number;
  confirmed_by: number;
  confirmed_at: CreatedAt;
  /** 0044: 确认 or 有异议 (with the party's note) */
  outcome: Generated<'confirmed' | 'disputed'>;
  note: Generated<string>;
}

/** 返利规则 (0037): per season and agent level ('' = every level). */
export interface FinanceRebateRulesTable {
  id: Generated<number>;
  season_id: number;
  agent_level: Generated<string>;
  basis: 'ordered' | 'paid';
  enabled: Generated<boolean>;
  remark: Generated<string>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** A rule's tier (0037): thresholds unique per rule. */
export interface FinanceRebateTiersTable {
  rule_id: number;
  threshold_fen: number;
  rate_bp: number;
}

/** 返利单 (0037): one posted per agent per rule; voided by reversal. */
export interface FinanceRebatesTable {
  id: Generated<number>;
  doc_no: string;
  season_id: number;
  rule_id: number;
  agent_id: number;
  basis: 'ordered' | 'paid';
  basis_fen: number;
  threshold_fen: number;
  rate_bp: number;
  amount_fen: number;
  status: 'posted' | 'voided';
  void_reason: Generated<string>;
  created_by: number | null;
  created_at: CreatedAt;
  voided_by: number | null;
  voided_at: Date | null;
}

/** The finance area's tables, as the Database interface gathers them. */
export interface FinanceDatabase {
  finance_credit_limits: FinanceCreditLimitsTable;
  finance_payments: FinancePaymentsTable;
  finance_payment_orders: FinancePaymentOrdersTable;
  finance_adjustments: FinanceAdjustmentsTable;
  finance_statement_confirmations: FinanceStatementConfirmationsTable;
  finance_rebate_rules: FinanceRebateRulesTable;
  finance_rebate_tiers: FinanceRebateTiersTable;
  finance_rebates: FinanceRebatesTable;
}
