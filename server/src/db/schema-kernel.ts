import type { ColumnType, Generated } from 'kysely';
import type { AccountKind, AccountPartyType } from '@erp/shared';
import type { CreatedAt } from './schema.ts';

type Day = ColumnType<string, string | undefined, string>;

/** Row types of the document kernel and the money ledger (0019); part of Database in schema.ts. */

export interface DocNumberDaysTable {
  prefix: string;
  day: string;
  base: number;
}

export interface DocumentEventsTable {
  id: Generated<number>;
  document_type: string;
  doc_id: number;
  action: string;
  from_status: string;
  to_status: string;
  reason: Generated<string>;
  user_id: number | null;
  created_at: CreatedAt;
}

export interface AccountBalancesTable {
  id: Generated<number>;
  party_type: AccountPartyType;
  party_id: number;
  account_kind: AccountKind;
  balance_fen: Generated<number>;
  allow_negative: boolean;
  updated_at: CreatedAt;
}

export interface AccountEntriesTable {
  id: Generated<number>;
  balance_id: number;
  party_type: AccountPartyType;
  party_id: number;
  account_kind: AccountKind;
  amount_fen: number;
  quantity: Generated<number>;
  entry_type: string;
  document_type: string;
  doc_id: number;
  origin_type: Generated<string>;
  origin_id: number | null;
  reverses_entry_id: number | null;
  memo: Generated<string>;
  business_day: Day;
  created_by: number | null;
  created_at: CreatedAt;
}
