import { useQuery } from '@tanstack/react-query';
import type { AgentPlanGrid, AgentPlanOptions, AgentPlanOrderRecord, AgentPlanQuotaEntry, AgentPlanShopDetail, PageResult } from '@erp/shared';
import { http, type CallOptions } from '../../api/request.ts';
import type { ListParams } from '../../api/list-params.ts';

/** 代理规划 calls: 订货计划 (grid and batch save), 门店计划明细, 订货额度明细 and the pickers' choices. */
const BASE = '/admin/api/v1/agent-plans';

export interface PlanLineInput {
  shopId: number;
  categoryId: number;
  targetFen: number;
  targetPieces: number;
  remark: string;
}

export interface ShopOrderFilters {
  seasonId?: number;
  shopId?: number;
}

export interface QuotaFilters {
  seasonId?: number;
  /** `agent:1` or `shop:3` */
  party?: string;
}

export const agentPlanKeys = {
  options: ['agent-plans', 'options'] as const,
  grid: (seasonId: number | undefined, agentId: number | undefined) => ['agent-plans', 'grid', seasonId, agentId] as const,
  shop: (seasonId: number | undefined, shopId: number | undefined) => ['agent-plans', 'shop', seasonId, shopId] as const,
  shopOrders: ['agent-plans', 'shop-orders'] as const,
  quota: ['agent-plans', 'quota'] as const,
};

export function parsePartyKey(key: string | undefined): { buyerType: 'agent' | 'shop'; buyerId: number } | null {
  const m = key ? /^(agent|shop):(\d+)$/.exec(key) : null;
  return m ? { buyerType: m[1] as 'agent' | 'shop', buyerId: Number(m[2]) } : null;
}

const empty = <T>(): PageResult<T> => ({ records: [], total: 0 });

export const agentPlanApi = {
  options: (signal?: AbortSignal) => http.get<AgentPlanOptions>(`${BASE}/options`, undefined, { signal }),
  grid: (seasonId: number, agentId: number | undefined, signal?: AbortSignal) => http.get<AgentPlanGrid>(`${BASE}/grid`, { seasonId, agentId }, { signal }),
  save: (body: { seasonId: number; agentId?: number; lines: PlanLineInput[] }, options?: CallOptions) =>
    http.put<{ saved: number; grid: AgentPlanGrid }>(`${BASE}/grid`, body, options),
  shop: (seasonId: number, shopId: number, signal?: AbortSignal) => http.get<AgentPlanShopDetail>(`${BASE}/shop`, { seasonId, shopId }, { signal }),
  /** nothing to list until a season and a shop are chosen */
  shopOrders: ({ seasonId, shopId, ...params }: ListParams<ShopOrderFilters>, signal?: AbortSignal) =>
    seasonId && shopId
      ? http.get<PageResult<AgentPlanOrderRecord>>(`${BASE}/shop/orders/page`, { ...params, seasonId, shopId }, { signal })
      : Promise.resolve(empty<AgentPlanOrderRecord>()),
  quota: ({ seasonId, party, ...params }: ListParams<QuotaFilters>, signal?: AbortSignal) => {
    const parsed = parsePartyKey(party);
    return seasonId && parsed
      ? http.get<PageResult<AgentPlanQuotaEntry>>(`${BASE}/quota/page`, { ...params, seasonId, ...parsed }, { signal })
      : Promise.resolve(empty<AgentPlanQuotaEntry>());
  },
};

export function usePlanOptions() {
  return useQuery({ queryKey: agentPlanKeys.options, queryFn: ({ signal }) => agentPlanApi.options(signal), staleTime: 60_000 });
}
