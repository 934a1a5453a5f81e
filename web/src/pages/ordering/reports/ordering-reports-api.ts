import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { BillPage, FiguresPage, OrderReportOptions, OrderReportStatus, OrderSummaryPage, ShippingDetailRecord, StyleSummaryMeasure, StyleSummaryPage } from '@erp/shared';
import { http } from '../../../api/request.ts';
import type { QueryParams } from '../../../api/request-rules.ts';
import type { ListParams } from '../../../api/list-params.ts';
import { parseBuyerKey } from '../../../api/quotas.ts';

/** 订货报表 calls: 发货明细, 订货汇总 (by style, buyer, season), 订货对账单 and the filters' choices. */
const BASE = '/admin/api/v1/ordering/reports';

/** The filters of the reports as the search forms hold them (buyer as `agent:1` / `shop:3`, the dates as a range). */
export type ReportFilters = {
  seasonId?: number;
  buyer?: string;
  shopId?: number;
  keyword?: string;
  orderNo?: string;
  status?: OrderReportStatus;
  range?: [Dayjs | null, Dayjs | null] | null;
};

export type ShippingFilters = ReportFilters & {
  /** 只看未发完 */
  outstanding?: 'true';
};

export type StyleSummaryFilters = ReportFilters & {
  measure?: StyleSummaryMeasure;
};

export type BillFilters = {
  buyer?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** The form's filters as the API's parameters (buyerType/buyerId, from/to). */
export function toReportQuery<F extends { buyer?: string; range?: [Dayjs | null, Dayjs | null] | null }>(params: F): QueryParams {
  const { buyer, range, ...rest } = params;
  const [from, to] = range ?? [];
  return { ...rest, ...(parseBuyerKey(buyer) ?? {}), ...(from ? { from: from.format('YYYY-MM-DD') } : {}), ...(to ? { to: to.format('YYYY-MM-DD') } : {}) };
}

export const reportKeys = {
  all: ['ordering-reports'] as const,
  shipping: ['ordering-reports', 'shipping'] as const,
  styles: ['ordering-reports', 'summary', 'styles'] as const,
  groups: (group: 'buyers' | 'seasons') => ['ordering-reports', 'summary', group] as const,
  bill: ['ordering-reports', 'bill'] as const,
  options: ['ordering-reports', 'options'] as const,
};

export const reportsApi = {
  shipping: (params: ListParams<ShippingFilters>, signal?: AbortSignal) => http.get<FiguresPage<ShippingDetailRecord>>(`${BASE}/shipping`, toReportQuery(params), { signal }),
  styles: (params: ListParams<StyleSummaryFilters>, signal?: AbortSignal) => http.get<StyleSummaryPage>(`${BASE}/summary/styles`, toReportQuery(params), { signal }),
  groups: (group: 'buyers' | 'seasons', params: ListParams<ReportFilters>, signal?: AbortSignal) =>
    http.get<OrderSummaryPage>(`${BASE}/summary/${group}`, toReportQuery(params), { signal }),
  bill: (params: ListParams<BillFilters>, signal?: AbortSignal) => http.get<BillPage>(`${BASE}/bill`, toReportQuery(params), { signal }),
  options: (signal?: AbortSignal) => http.get<OrderReportOptions>(`${BASE}/options`, undefined, { signal }),
};

/** The seasons, buyers and receiving shops of the user's orders, for the filters (loaded once a minute at most). */
export function useReportOptions() {
  return useQuery({ queryKey: reportKeys.options, queryFn: ({ signal }) => reportsApi.options(signal), staleTime: 60_000 });
}
