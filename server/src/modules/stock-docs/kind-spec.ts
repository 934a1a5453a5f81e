import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawBuilder } from 'kysely';
import type { StockDocAction, StockDocKind, StockDocLineInput } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { requestContext } from '../../http/request-context.ts';
import type { WarehouseScope } from '../warehouses/warehouse-scope.ts';
import type { DocRow, LineValues } from './stock-docs.repo.ts';

/** Who acts: the user, the warehouse scope and the permission codes the roles grant. */
export interface DocContext {
  userId: number;
  scope: WarehouseScope;
  permissions: ReadonlySet<string>;
}

/** The acting user of a request, as every document route passes it on. */
export async function contextOf(app: FastifyInstance, request: FastifyRequest): Promise<DocContext> {
  const { userId, scope, permissions } = await requestContext(app, request);
  return { userId, scope, permissions };
}

/** A document header as the client sends it (create and edit); each kind reads what it needs. */
export interface DocHeaderInput {
  bizType?: string;
  warehouseId?: number;
  toWarehouseId?: number | null;
  shopId?: number | null;
  supplierId?: number | null;
  shelfIds?: number[];
  expectedDate?: string | null;
  remark?: string;
  sourceType?: string;
  sourceId?: number | null;
  sourceNo?: string;
}

/** The header columns a kind sets (the generic part adds number, status and users). */
export interface DocHeaderColumns {
  biz_type: string;
  warehouse_id: number;
  to_warehouse_id: number | null;
  transit_warehouse_id: number | null;
  shop_id: number | null;
  supplier_id: number | null;
  shelf_ids: number[];
  expected_date: string | null;
  remark: string;
  source_type: string;
  source_id: number | null;
  source_no: string;
}

/** Extra input of an action (post/ship/receive/void …). */
export interface DocActionInput {
  reason?: string;
  /** receive: the received quantity per line id; stocktake/overseas snapshot: counted per line id */
  actuals?: { lineId: number; actualQuantity: number }[];
}

/** How scanning behaves for a kind. */
export interface ScanRules {
  /** a barcode not on the document may add a line (stocktake: goods found that the book lacks) */
  newLines: boolean;
  /** scanning past the line's quantity is counted (true) or refused as 'over' (false) */
  allowOver: boolean;
}

/** Hands a check to the writing statement (see KindSpec.header). */
export type DeferCheck = (condition: RawBuilder<boolean>) => void;

/**
 * What makes a kind: header and line rules, scanning, and the stock effects of its transitions.
 * The generic service locks the header, checks scope and the status machine, runs `effects[action]`
 * in the same transaction, then sets the new status; nothing commits unless all of it succeeds.
 */
export interface KindSpec {
  kind: StockDocKind;
  /**
   * checks and normalises the header, including that every warehouse is in the caller's scope;
   * with `defer` (a new document written by one statement) a kind may hand a check to that
   * statement as a condition instead of reading now: the statement then writes nothing unless it
   * holds, and the header is checked again, reading, to say what was wrong
   */
  header(trx: Db, ctx: DocContext, input: DocHeaderInput, current: DocRow | null, defer?: DeferCheck): Promise<DocHeaderColumns>;
  /** checks and normalises the lines (the generic part already checked items, shelves and quantities) */
  lines?(trx: Db, ctx: DocContext, header: DocHeaderColumns, lines: LineValues[], inputs: readonly StockDocLineInput[]): Promise<LineValues[]>;
  /** lines may be empty at creation (stocktake fills them when counting starts) */
  linesOptional?: boolean;
  scan?: ScanRules;
  /** stock effects and extra checks per action, inside the transaction, before the status flips */
  effects?: Partial<Record<StockDocAction, (trx: Db, ctx: DocContext, doc: DocRow, input: DocActionInput) => Promise<void>>>;
  /** the warehouse column an action requires in the caller's scope (default warehouse_id) */
  actionWarehouse?: Partial<Record<StockDocAction, 'warehouse_id' | 'to_warehouse_id'>>;
}
