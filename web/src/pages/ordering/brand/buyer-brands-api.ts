import type { BuyerBrandRecord, BuyerBrandsAdded, BuyerBrandsInput, PageResult } from '@erp/shared';
import { http } from '../../../api/request.ts';
import type { CallOptions } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';
import { parseBuyerKey } from '../../../api/quotas.ts';

/** 可订品牌 calls: HQ names the brands each buyer may order; buyers read their own list. */
const BASE = '/admin/api/v1/ordering/buyer-brands';

export interface BuyerBrandFilters {
  buyerType?: 'agent' | 'shop';
  /** `agent:1` or `shop:3` */
  buyer?: string;
  brandId?: number;
}

export const buyerBrandKeys = { list: ['ordering', 'buyer-brands'] as const };

export const buyerBrandApi = {
  page: ({ buyer, ...params }: ListParams<BuyerBrandFilters>, signal?: AbortSignal) =>
    http.get<PageResult<BuyerBrandRecord>>(`${BASE}/page`, { ...params, ...(parseBuyerKey(buyer) ?? {}) }, { signal }),
  add: (input: BuyerBrandsInput, options?: CallOptions) => http.post<BuyerBrandsAdded>(BASE, input, options),
  remove: (id: number) => http.delete<null>(`${BASE}/${id}`),
};
