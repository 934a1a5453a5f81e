import type { CatalogueBuyer, CatalogueSeason, PageResult, QuotaEntryRecord, QuotaRecord, SeasonRecord } from '@erp/shared';
import { http } from './request.ts';
import type { CallOptions } from './request.ts';
import type { ListParams } from './list-params.ts';

/** 订货额度 calls: HQ sets the limits; buyers read their own quotas with what is left. */
const BASE = '/admin/api/v1/ordering';

export interface QuotaFilters {
  seasonId?: number;
  /** `agent:1` or `shop:3` */
  buyer?: string;
}

export interface QuotaInput {
  seasonId?: number;
  buyerType?: 'agent' | 'shop';
  buyerId?: number;
  limitFen: number | null;
  limitPieces: number | null;
  remark: string;
}

export const buyerKey = (b: Pick<CatalogueBuyer, 'type' | 'id'>) => `${b.type}:${b.id}`;
export function parseBuyerKey(key: string | undefined): { buyerType: 'agent' | 'shop'; buyerId: number } | null {
  const m = key ? /^(agent|shop):(\d+)$/.exec(key) : null;
  return m ? { buyerType: m[1] as 'agent' | 'shop', buyerId: Number(m[2]) } : null;
}

export const quotaKeys = {
  list: ['ordering', 'quotas'] as const,
  entries: (id: number) => ['ordering', 'quotas', id, 'entries'] as const,
  left: (seasonId: number | null, buyerType: string | undefined, buyerId: number | undefined) => ['ordering', 'quotas', 'left', seasonId, buyerType, buyerId] as const,
  seasons: ['ordering', 'quotas', 'seasons'] as const,
};

export const quotaApi = {
  page: ({ buyer, ...params }: ListParams<QuotaFilters>, signal?: AbortSignal) =>
    http.get<PageResult<QuotaRecord>>(`${BASE}/quotas/page`, { ...params, ...(parseBuyerKey(buyer) ?? {}) }, { signal }),
  create: (input: QuotaInput, options?: CallOptions) => http.post<{ id: number }>(`${BASE}/quotas`, input, options),
  update: (id: number, input: QuotaInput, options?: CallOptions) => http.put<QuotaRecord>(`${BASE}/quotas/${id}`, input, options),
  entries: (id: number, params: ListParams<object>, signal?: AbortSignal) => http.get<PageResult<QuotaEntryRecord>>(`${BASE}/quotas/${id}/entries/page`, { ...params }, { signal }),
  /** what is left for a buyer in a season; quiet: order entry shows nothing when it cannot read it */
  left: (seasonId: number, buyerType: 'agent' | 'shop', buyerId: number, signal?: AbortSignal) =>
    http.get<{ limited: boolean; quota: QuotaRecord | null }>(`${BASE}/quotas/left`, { seasonId, buyerType, buyerId }, { signal, toast: false }),
  /** every season for HQ (its season list), else the seasons open today */
  seasons: async (signal?: AbortSignal): Promise<{ id: number; code: string; name: string }[]> => {
    try {
      const page = await http.get<PageResult<SeasonRecord>>(`${BASE}/seasons/page`, { page: 1, limit: 100, sort: 'opensOn', order: 'desc' }, { signal, toast: false });
      return page.records;
    } catch {
      return http.get<CatalogueSeason[]>(`${BASE}/catalogue/seasons`, undefined, { signal, toast: false });
    }
  },
};
