import type { PageResult, ShopInventoryDetail, ShopInventoryLineInput, ShopInventoryRecord, ShopInventoryStatus, ShopInventoryWarehouseOption } from '@erp/shared';
import { http, type CallOptions } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';
import type { PickedSku } from '../../../ui/document/lines-rules.ts';

/** 库存上报 calls (售后管理). */
const BASE = '/admin/api/v1/aftersales/inventory';

export interface InventoryFilters {
  keyword?: string;
  warehouseId?: number;
  status?: ShopInventoryStatus;
}

export interface InventoryInput {
  warehouseId: number;
  countDate: string;
  remark: string;
  lines: ShopInventoryLineInput[];
}

export type InventoryActionName = 'submit' | 'audit' | 'reject' | 'post';

export const inventoryKeys = {
  all: ['aftersales-inventory'] as const,
  list: ['aftersales-inventory', 'list'] as const,
  detail: (id: number) => ['aftersales-inventory', 'detail', id] as const,
  warehouses: ['aftersales-inventory', 'warehouses'] as const,
};

export const inventoryApi = {
  page: (params: ListParams<InventoryFilters>, signal?: AbortSignal) => http.get<PageResult<ShopInventoryRecord>>(`${BASE}/page`, { ...params }, { signal }),
  detail: (id: number, signal?: AbortSignal) => http.get<ShopInventoryDetail>(`${BASE}/${id}`, undefined, { signal }),
  warehouses: (signal?: AbortSignal) => http.get<ShopInventoryWarehouseOption[]>(`${BASE}/warehouses`, undefined, { signal }),
  /** toast off: the lines editor says what is wrong with a scanned code itself */
  barcode: (code: string) => http.get<PickedSku>(`${BASE}/barcode/${encodeURIComponent(code)}`, undefined, { toast: false }),
  create: (body: InventoryInput, options?: CallOptions) => http.post<ShopInventoryDetail>(BASE, body, options),
  update: (id: number, body: InventoryInput, options?: CallOptions) => http.put<ShopInventoryDetail>(`${BASE}/${id}`, body, options),
  act: (id: number, action: InventoryActionName, body: { reason?: string }, options?: CallOptions) => http.post<ShopInventoryDetail>(`${BASE}/${id}/${action}`, body, options),
};
