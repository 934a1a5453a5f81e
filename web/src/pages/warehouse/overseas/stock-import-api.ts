import type { OverseasComparisonLine, OverseasType, StockImportCheckAnswer, StockImportRowInput } from '@erp/shared';
import { http } from '../../../api/request.ts';

/** The 海外仓 / 期初 extras beside the generic document client: import checks and the comparison. */
const BASE = '/admin/api/v1/stock-docs';

export const stockImportApi = {
  /** toast off: the import panel shows the message itself */
  overseasCheck: (bizType: OverseasType, rows: StockImportRowInput[]) => http.post<StockImportCheckAnswer>(`${BASE}/overseas/import/check`, { bizType, rows }, { toast: false }),
  openingCheck: (warehouseId: number, rows: StockImportRowInput[]) => http.post<StockImportCheckAnswer>(`${BASE}/opening/import/check`, { warehouseId, rows }, { toast: false }),
  comparison: (id: number, signal?: AbortSignal) => http.get<OverseasComparisonLine[]>(`${BASE}/overseas/${id}/comparison`, undefined, { signal }),
};

export const stockImportKeys = {
  comparison: (id: number) => ['stock-docs', 'overseas', 'comparison', id] as const,
};
