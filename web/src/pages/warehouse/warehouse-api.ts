import type {
  PageResult,
  ShelfBatchInput,
  ShelfInput,
  ShelfRecord,
  ShopRecord,
  StockBalanceRecord,
  WarehouseInput,
  WarehouseOption,
  WarehouseRecord,
  WarehouseTreeNode,
  WarehouseType,
} from '@erp/shared';
import { http, type CallOptions } from '../../api/request.ts';
import type { ListParams } from '../../api/list-params.ts';

/** GET /warehouses/{id}: the record plus its stock totals. */
export interface WarehouseDetail extends WarehouseRecord {
  stockRows: number;
  stockQuantity: number;
}

export interface WarehouseFilters {
  /** code, name, contact, phone or address */
  keyword?: string;
  type?: WarehouseType;
  enabled?: 'true' | 'false';
}

export interface ShelfFilters {
  /** shelf code or name */
  keyword?: string;
  enabled?: 'true' | 'false';
}

export interface ShelfStockFilters {
  /** style no., barcode, material code or name */
  keyword?: string;
}

const WAREHOUSES = '/admin/api/v1/warehouses';
const SHELVES = '/admin/api/v1/shelves';

/** Everything under 'warehouses' is refetched after a warehouse or shelf change. */
export const warehouseKeys = {
  root: ['warehouses'] as const,
  tree: ['warehouses', 'tree'] as const,
  page: ['warehouses', 'page'] as const,
  options: ['warehouses', 'options'] as const,
  detail: (id: number) => ['warehouses', 'detail', id] as const,
  children: (id: number) => ['warehouses', 'children', id] as const,
  shelves: (warehouseId: number) => ['warehouses', 'shelves', warehouseId] as const,
  shelfStock: (shelfId: number) => ['warehouses', 'shelf-stock', shelfId] as const,
  shops: (keyword: string) => ['warehouses', 'shop-options', keyword] as const,
};

export const warehouseApi = {
  tree: (signal?: AbortSignal) => http.get<WarehouseTreeNode[]>(`${WAREHOUSES}/tree`, undefined, { signal }),
  page: (params: ListParams<WarehouseFilters>, signal?: AbortSignal) => http.get<PageResult<WarehouseRecord>>(`${WAREHOUSES}/page`, { ...params }, { signal }),
  options: (signal?: AbortSignal) => http.get<WarehouseOption[]>(`${WAREHOUSES}/options`, undefined, { signal }),
  get: (id: number, signal?: AbortSignal) => http.get<WarehouseDetail>(`${WAREHOUSES}/${id}`, undefined, { signal }),
  children: (id: number, signal?: AbortSignal) => http.get<WarehouseRecord[]>(`${WAREHOUSES}/${id}/children`, undefined, { signal }),
  create: (input: WarehouseInput) => http.post<{ id: number }>(WAREHOUSES, input),
  update: (id: number, input: WarehouseInput) => http.put<WarehouseDetail>(`${WAREHOUSES}/${id}`, input),
  setEnabled: (id: number, enabled: boolean) => http.post<WarehouseDetail>(`${WAREHOUSES}/${id}/${enabled ? 'enable' : 'disable'}`),
  /** enabled shops by code or name for the 所属门店 picker (HQ reads every shop) */
  shops: (keyword: string, signal?: AbortSignal) =>
    http.get<PageResult<ShopRecord>>('/admin/api/v1/users/shop/page', { page: 1, limit: 50, status: 'enabled', ...(keyword ? { keyword } : {}) }, { signal, toast: false }),
};

export const shelfApi = {
  page: (warehouseId: number, params: ListParams<ShelfFilters>, signal?: AbortSignal) =>
    http.get<PageResult<ShelfRecord>>(`${WAREHOUSES}/${warehouseId}/shelves`, { ...params }, { signal }),
  create: (warehouseId: number, input: ShelfInput, options?: CallOptions) => http.post<{ id: number }>(`${WAREHOUSES}/${warehouseId}/shelves`, input, options),
  batch: (warehouseId: number, input: ShelfBatchInput) => http.post<{ count: number; codes: string[] }>(`${WAREHOUSES}/${warehouseId}/shelves/batch`, input),
  update: (id: number, input: ShelfInput, options?: CallOptions) => http.put<ShelfRecord>(`${SHELVES}/${id}`, input, options),
  setEnabled: (id: number, enabled: boolean) => http.post<ShelfRecord>(`${SHELVES}/${id}/${enabled ? 'enable' : 'disable'}`),
  stock: (shelfId: number, params: ListParams<ShelfStockFilters>, signal?: AbortSignal) =>
    http.get<PageResult<StockBalanceRecord>>(`${SHELVES}/${shelfId}/stock`, { ...params }, { signal }),
};
