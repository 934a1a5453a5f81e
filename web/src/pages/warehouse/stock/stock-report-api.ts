import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  InTransitPage,
  InventoryColumnKey,
  InventoryGroup,
  InventoryReportPage,
  PageResult,
  ShelfRecord,
  StockBalanceRecord,
  StockItemType,
  StockMoveDetailRecord,
  StyleGridPage,
  StyleGridTotals,
  WarehouseOption,
  WarehouseSummaryPage,
} from '@erp/shared';
import { http } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';

// Calls of 库存查询, 在途统计 and 库存报表 (all read only, scoped by the server).

const STOCK = '/admin/api/v1/stock';
const REPORTS = '/admin/api/v1/stock/reports';

export interface BalanceFilters {
  warehouseId?: number;
  shelfId?: number;
  keyword?: string;
  itemType?: StockItemType;
}

export interface GoodsFilters {
  warehouseId?: number;
  shelfId?: number;
  /** style no. prefix, name or barcode */
  keyword?: string;
  brandId?: number;
  categoryId?: number;
}

export interface GridFilters extends GoodsFilters {
  byWarehouse?: 'true' | 'false';
}

/** What the movements list is filtered by: one item, and optionally a warehouse, days and a report column. */
export interface MovesFilter {
  skuId?: number;
  productId?: number;
  materialId?: number;
  warehouseId?: number;
  dateFrom?: string;
  dateTo?: string;
  column?: InventoryColumnKey;
}

export interface InTransitFilters {
  warehouseId?: number;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
}

export interface InventoryFilters {
  warehouseId?: number;
  groupBy?: InventoryGroup;
  keyword?: string;
  brandId?: number;
  categoryId?: number;
  dateFrom?: string;
  dateTo?: string;
}

export const stockReportKeys = {
  balances: ['stock', 'balances'] as const,
  grid: ['stock', 'style-grid'] as const,
  /** under the grid's prefix: invalidating the grid refreshes its totals too */
  gridTotals: (filters: GridFilters) => ['stock', 'style-grid', 'totals', filters] as const,
  summary: ['stock', 'warehouse-summary'] as const,
  moves: (filter: MovesFilter) => ['stock', 'moves', filter] as const,
  inTransit: ['stock', 'in-transit'] as const,
  inventory: ['stock', 'inventory'] as const,
  warehouses: ['stock', 'warehouse-options'] as const,
  shelves: (warehouseId: number) => ['stock', 'shelf-options', warehouseId] as const,
};

type Params<F> = ListParams<F>;

export const stockReportApi = {
  balances: (params: Params<BalanceFilters>, signal?: AbortSignal) => http.get<PageResult<StockBalanceRecord>>(`${STOCK}/balances`, { ...params }, { signal }),
  grid: (params: Params<GridFilters>, signal?: AbortSignal) => http.get<StyleGridPage>(`${REPORTS}/style-grid`, { ...params }, { signal }),
  /** the whole filter's count and sums: one call per search, not per page */
  gridTotals: (filters: GridFilters, signal?: AbortSignal) => http.get<StyleGridTotals>(`${REPORTS}/style-grid/totals`, { ...filters }, { signal }),
  summary: (params: Params<GoodsFilters>, signal?: AbortSignal) => http.get<WarehouseSummaryPage>(`${REPORTS}/warehouse-summary`, { ...params }, { signal }),
  moves: (params: Params<MovesFilter>, signal?: AbortSignal) => http.get<PageResult<StockMoveDetailRecord>>(`${REPORTS}/moves`, { ...params }, { signal }),
  inTransit: (params: Params<InTransitFilters>, signal?: AbortSignal) => http.get<InTransitPage>(`${REPORTS}/in-transit`, { ...params }, { signal }),
  inventory: (params: Params<InventoryFilters>, signal?: AbortSignal) => http.get<InventoryReportPage>(`${REPORTS}/inventory`, { ...params }, { signal }),
  /** the warehouses the caller sees; a role without the 仓库资料 page gets none (the filter then stays empty) */
  warehouses: (signal?: AbortSignal) => http.get<WarehouseOption[]>('/admin/api/v1/warehouses/options', undefined, { signal, toast: false }),
  shelves: (warehouseId: number, signal?: AbortSignal) =>
    http.get<PageResult<ShelfRecord>>(`/admin/api/v1/warehouses/${warehouseId}/shelves`, { page: 1, limit: 500 }, { signal, toast: false }),
};

const OPTIONS_STALE_MS = 60_000;

/** Warehouse select options: `name（code）`. */
export function useWarehouseSelectOptions() {
  const query = useQuery({ queryKey: stockReportKeys.warehouses, queryFn: ({ signal }) => stockReportApi.warehouses(signal), staleTime: OPTIONS_STALE_MS });
  const options = useMemo(() => (query.data ?? []).map((w) => ({ value: w.id, label: `${w.name}（${w.code}）` })), [query.data]);
  return { options, loading: query.isLoading };
}

/** Shelf select options of one warehouse (none until a warehouse is chosen). */
export function useShelfSelectOptions(warehouseId: number | undefined) {
  const query = useQuery({
    queryKey: stockReportKeys.shelves(warehouseId ?? 0),
    queryFn: ({ signal }) => stockReportApi.shelves(warehouseId!, signal),
    enabled: !!warehouseId,
    staleTime: OPTIONS_STALE_MS,
  });
  const options = useMemo(() => (query.data?.records ?? []).map((s) => ({ value: s.id, label: s.name ? `${s.code} ${s.name}` : s.code })), [query.data]);
  return { options, loading: query.isFetching };
}
