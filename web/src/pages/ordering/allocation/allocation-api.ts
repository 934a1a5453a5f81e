import type {
  AllocateInput,
  AllocateResult,
  AllocationBoardRecord,
  DeliverInput,
  DeliverResult,
  PageResult,
  ReleaseResult,
  ResolveDifferenceInput,
  SalesOrderStatus,
} from '@erp/shared';
import { http, type CallOptions } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';

/** 配货发货 calls (HQ). No quantity or price is sent: the server's rule and the orders decide them. */
const BASE = '/admin/api/v1/sales-allocation';

export const ALLOCATION_PATH = '/erp/ordering/allocation';

export interface AllocationFilters {
  keyword?: string;
  status?: SalesOrderStatus;
  seasonId?: number;
}

export const allocationKeys = {
  all: ['sales-allocation'] as const,
  page: ['sales-allocation', 'page'] as const,
};

export const allocationApi = {
  page: (params: ListParams<AllocationFilters>, signal?: AbortSignal) => http.get<PageResult<AllocationBoardRecord>>(`${BASE}/page`, { ...params }, { signal }),
  allocate: (input: AllocateInput, options?: CallOptions) => http.post<AllocateResult>(`${BASE}/allocate`, input, options),
  release: (orderIds: number[], options?: CallOptions) => http.post<ReleaseResult>(`${BASE}/release`, { orderIds }, options),
  deliver: (input: DeliverInput, options?: CallOptions) => http.post<DeliverResult>(`${BASE}/deliver`, input, options),
  /** 收货差异: HQ confirms (credit) or rejects a 配货出库's short pieces */
  resolveDifferences: (input: ResolveDifferenceInput, options?: CallOptions) => http.post<{ settled: number; creditedFen: number }>(`${BASE}/differences/resolve`, input, options),
};
