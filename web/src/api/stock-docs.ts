import type {
  PageResult,
  ShelfRecord,
  StockDocAction,
  StockDocDetail,
  StockDocKind,
  StockDocLineInput,
  StockDocRecord,
  StockDocStatus,
  StockScanAnswer,
  StockScanRecord,
  WarehouseOption,
} from '@erp/shared';
import type { QueryClient } from '@tanstack/react-query';
import { http, type CallOptions } from './request.ts';
import type { ListParams } from './list-params.ts';

/** Stock documents (库存单据): one client for every kind, the server's answers field for field. */
const BASE = '/admin/api/v1/stock-docs';

export interface DocFilters {
  /** doc no. or source no. (contains) */
  docNo?: string;
  status?: StockDocStatus;
  bizType?: string;
  /** the document's warehouse or its destination */
  warehouseId?: number;
  /** created from / to, yyyy-mm-dd inclusive */
  from?: string;
  to?: string;
  sourceType?: string;
  sourceId?: number;
  /** 'true': only documents going to the caller's own warehouses (a shop's transfers to receive) */
  incoming?: 'true' | 'false';
}

/** The header as the client sends it; each kind reads what it needs. */
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

export interface DocInput {
  header: DocHeaderInput;
  lines: StockDocLineInput[];
}

export interface DocActionInput {
  reason?: string;
  actuals?: { lineId: number; actualQuantity: number }[];
}

export interface ScanInput {
  barcode: string;
  boxNo?: string;
  shelfId?: number | null;
  undo?: boolean;
}

/** The actions with their own route (edit is PUT, scan is /scan). */
export type DocRouteAction = Exclude<StockDocAction, 'edit' | 'scan'>;
const ACTION_PATHS: Record<DocRouteAction, string> = {
  submit: 'submit',
  withdraw: 'withdraw',
  ship: 'ship',
  receive: 'receive',
  startCount: 'start-count',
  post: 'post',
  void: 'void',
};

/** A fresh Idempotency-Key: one per click, so a retried click never posts twice. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Query keys: everything of a kind lives under ['stock-docs', kind]; invalidate that after a change. */
export const stockDocKeys = {
  all: ['stock-docs'] as const,
  kind: (kind: StockDocKind) => ['stock-docs', kind] as const,
  page: (kind: StockDocKind) => ['stock-docs', kind, 'page'] as const,
  detail: (kind: StockDocKind, id: number) => ['stock-docs', kind, 'detail', id] as const,
  scans: (kind: StockDocKind, id: number) => ['stock-docs', kind, 'scans', id] as const,
};

/**
 * After a write (which answers the header only): the shown document takes the new header at once —
 * status, totals, the actions offered — and it and the kind's lists refetch for the lines.
 */
export function keepDocAnswer(client: QueryClient, record: StockDocRecord) {
  client.setQueryData<StockDocDetail>(stockDocKeys.detail(record.kind, record.id), (shown) => (shown ? { ...shown, ...record } : shown));
  void client.invalidateQueries({ queryKey: stockDocKeys.kind(record.kind) });
}

export interface StockDocsApi {
  page(params: ListParams<DocFilters>, signal?: AbortSignal): Promise<PageResult<StockDocRecord>>;
  detail(id: number, signal?: AbortSignal): Promise<StockDocDetail>;
  /** a write answers the header; the lines are read with detail() */
  create(input: DocInput, idempotencyKey?: string, options?: CallOptions): Promise<StockDocRecord>;
  update(id: number, input: DocInput, options?: CallOptions): Promise<StockDocRecord>;
  /** a status action; pass a key made once per click (newIdempotencyKey); INLINE_ERROR where the caller shows the failure */
  action(id: number, action: DocRouteAction, input?: DocActionInput, idempotencyKey?: string, options?: CallOptions): Promise<StockDocRecord>;
  /** one beep; refused scans answer result ≠ 'ok' (no toast: the scan panel warns itself) */
  scan(id: number, input: ScanInput): Promise<StockScanAnswer>;
  scans(id: number, signal?: AbortSignal): Promise<StockScanRecord[]>;
}

const keyHeader = (key?: string, options?: CallOptions): CallOptions | undefined => (key ? { ...options, headers: { 'Idempotency-Key': key } } : options);

/** The client of one kind: /stock-docs/{kind}/… */
export function stockDocsApi(kind: StockDocKind): StockDocsApi {
  const base = `${BASE}/${kind}`;
  return {
    page: (params, signal) => http.get<PageResult<StockDocRecord>>(`${base}/page`, { ...params }, { signal }),
    // the pages show a document they cannot read themselves (DocumentUnavailable): no toast besides
    detail: (id, signal) => http.get<StockDocDetail>(`${base}/${id}`, undefined, { signal, toast: false }),
    create: (input, key, options) => http.post<StockDocRecord>(base, input, keyHeader(key, options)),
    update: (id, input, options) => http.put<StockDocRecord>(`${base}/${id}`, input, options),
    action: (id, action, input = {}, key, options) => http.post<StockDocRecord>(`${base}/${id}/${ACTION_PATHS[action]}`, input, keyHeader(key, options)),
    scan: (id, input) => http.post<StockScanAnswer>(`${base}/${id}/scan`, input, { toast: false }),
    scans: (id, signal) => http.get<StockScanRecord[]>(`${base}/${id}/scans`, undefined, { signal }),
  };
}

/** Warehouses and shelves the document forms pick from. */
export const docRefApi = {
  warehouses: (signal?: AbortSignal) => http.get<WarehouseOption[]>('/admin/api/v1/warehouses/options', undefined, { signal }),
  /** enabled shelves of a warehouse (up to 500, by sort) */
  shelves: (warehouseId: number, signal?: AbortSignal) =>
    http.get<PageResult<ShelfRecord>>(`/admin/api/v1/warehouses/${warehouseId}/shelves`, { page: 1, limit: 500, enabled: 'true' }, { signal, toast: false }),
};

export const docRefKeys = {
  warehouses: ['warehouses', 'options'] as const,
  shelves: (warehouseId: number) => ['warehouses', 'shelves', warehouseId, 'doc-options'] as const,
};
