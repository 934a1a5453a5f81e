import type { PageResult, RebateBasis, RebatePostResult, RebatePreview, RebateRecord, RebateRuleRecord, RebateStatus, RebateTier } from '@erp/shared';
import { http, type CallOptions } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';

/** 返利 calls: HQ keeps the rules, previews and posts; an agent reads its own 返利单. */
const BASE = '/admin/api/v1/finance';

export interface RebateRuleFilters {
  seasonId?: number;
  basis?: RebateBasis;
  keyword?: string;
}

export interface RebateFilters {
  status?: RebateStatus;
  seasonId?: number;
  keyword?: string;
}

export interface RebateRuleInput {
  seasonId?: number;
  agentLevel: string;
  basis?: RebateBasis;
  enabled: boolean;
  remark: string;
  tiers: RebateTier[];
}

export const rebateKeys = {
  rules: ['finance', 'rebate-rules'] as const,
  rebates: ['finance', 'rebates'] as const,
  preview: (ruleId: number) => ['finance', 'rebate-rules', ruleId, 'preview'] as const,
};

export const rebateApi = {
  rules: (params: ListParams<RebateRuleFilters>, signal?: AbortSignal) => http.get<PageResult<RebateRuleRecord>>(`${BASE}/rebate-rules/page`, { ...params }, { signal }),
  createRule: (input: RebateRuleInput, options?: CallOptions) => http.post<RebateRuleRecord>(`${BASE}/rebate-rules`, input, options),
  updateRule: (id: number, input: RebateRuleInput, options?: CallOptions) => http.put<RebateRuleRecord>(`${BASE}/rebate-rules/${id}`, input, options),
  deleteRule: (id: number) => http.delete<null>(`${BASE}/rebate-rules/${id}`),
  preview: (id: number, signal?: AbortSignal) => http.get<RebatePreview>(`${BASE}/rebate-rules/${id}/preview`, undefined, { signal }),
  /** one key per confirmed posting: a retry after a time-out posts once */
  post: (id: number, agentIds: number[] | undefined, key: string) =>
    http.post<RebatePostResult>(`${BASE}/rebate-rules/${id}/post`, agentIds ? { agentIds } : {}, { headers: { 'Idempotency-Key': key } }),
  rebates: (params: ListParams<RebateFilters>, signal?: AbortSignal) => http.get<PageResult<RebateRecord>>(`${BASE}/rebates/page`, { ...params }, { signal }),
  voidRebate: (id: number, reason: string, options?: CallOptions) => http.post<RebateRecord>(`${BASE}/rebates/${id}/void`, { reason }, options),
};
