import type { Dayjs } from 'dayjs';
import type { OperationAction, OperationLogRecord, OperationResult, PageResult } from '@erp/shared';
import { http } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';

export interface OperationLogFilters {
  /** the days picked; sent as from (first moment) and to (last moment) */
  time?: [Dayjs | null, Dayjs | null] | null;
  /** account or name */
  keyword?: string;
  module?: string;
  action?: OperationAction;
  result?: OperationResult;
  ip?: string;
}

/** The page's filters -> the list call's query: the picked days become ISO instants with their offset. */
export function toQuery({ time, ...rest }: ListParams<OperationLogFilters>): Record<string, string | number | undefined> {
  const [start, end] = time ?? [];
  return {
    ...rest,
    from: start ? start.startOf('day').toISOString() : undefined,
    to: end ? end.endOf('day').toISOString() : undefined,
  };
}

export const operationLogKeys = {
  page: ['operation-logs', 'page'] as const,
  modules: ['operation-logs', 'modules'] as const,
  detail: (id: number) => ['operation-logs', 'detail', id] as const,
};

export const operationLogApi = {
  page: (params: ListParams<OperationLogFilters>, signal?: AbortSignal) =>
    http.get<PageResult<OperationLogRecord>>('/admin/api/v1/operation-logs/page', toQuery(params), { signal }),
  modules: (signal?: AbortSignal) => http.get<{ value: string; label: string }[]>('/admin/api/v1/operation-logs/modules', undefined, { signal }),
  detail: (id: number, signal?: AbortSignal) => http.get<OperationLogRecord>(`/admin/api/v1/operation-logs/${id}`, undefined, { signal }),
};
