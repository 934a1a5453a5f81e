import { useCallback, useMemo } from 'react';
import { Button, Card, Empty, Pagination, Result, Select, Space, Spin, Tooltip } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  formatYuan,
  PAGE_SIZES,
  STYLE_SUMMARY_MEASURE_LABELS,
  STYLE_SUMMARY_MEASURES,
  type StyleSummaryMeasure,
  type StyleSummaryPage,
  type StyleSummaryRecord,
} from '@erp/shared';
import type { ListParams } from '../../../api/list-params.ts';
import { urlOneOf, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { SearchForm } from '../../../ui/list-page/SearchForm.tsx';
import { useListQuery } from '../../../ui/list-page/use-list-query.ts';
import { useGridExport } from '../../../ui/report/use-grid-export.ts';
import { reportKeys, reportsApi, type StyleSummaryFilters } from '../reports/ordering-reports-api.ts';
import { REPORT_URL_FILTERS, reportSearchFields } from '../reports/report-filters.tsx';
import { StyleSummaryCard } from './StyleSummaryCard.tsx';
import { styleSummarySheet } from './style-summary-sheet.ts';

const INITIAL: StyleSummaryFilters = { measure: 'ordered' };
const MEASURE_OPTIONS = STYLE_SUMMARY_MEASURES.map((m) => ({ value: m, label: STYLE_SUMMARY_MEASURE_LABELS[m] }));
// in the address beside the other tabs' (style.keyword, style.page …)
const URL = { filters: { ...REPORT_URL_FILTERS, measure: urlOneOf(STYLE_SUMMARY_MEASURES) } as ListUrlFilters<StyleSummaryFilters>, sortFields: [], prefix: 'style.' };

/**
 * 订货汇总 按款: a card per style with the chosen figure (订货数 by default) in 尺码横排 — a row per
 * colour, sizes in size order — and the style's pieces and amounts; the whole search's 合计 above;
 * Excel of every style (the 尺码横排 export of 库存查询, with every figure per colour).
 */
export function StyleSummaryTab() {
  const searchFields = useMemo(
    () =>
      reportSearchFields('sum-style', [{ name: 'measure', label: '横排显示', input: <Select<StyleSummaryMeasure> options={MEASURE_OPTIONS} data-testid="sum-style-measure" /> }]),
    [],
  );
  const fetchPage = useCallback((params: ListParams<StyleSummaryFilters>, signal?: AbortSignal) => reportsApi.styles(params, signal), []);
  const { state, setState, query, search } = useListQuery<StyleSummaryRecord, StyleSummaryFilters>({ queryKey: reportKeys.styles, fetchPage, initialFilters: INITIAL, url: URL });
  const data = query.data as StyleSummaryPage | undefined;
  const totals = data?.totals;
  const exporter = useGridExport();
  const startExport = () =>
    exporter.start(
      '订货汇总（按款）',
      (page, limit, signal) => reportsApi.styles({ ...state.filters, sort: state.sort?.field, order: state.sort?.order, page, limit }, signal),
      styleSummarySheet,
    );

  return (
    <div className="erp-list">
      <Card className="erp-list__search-card">
        <SearchForm fields={searchFields} initialFilters={INITIAL} values={state.filters} onSearch={search} testId="sum-style" />
      </Card>
      <Card className="erp-list__main">
        <div className="erp-list__toolbar">
          <Space wrap>
            <span className="erp-list__title">订货汇总（按款）</span>
            {totals ? (
              <span className="order-report__figures" data-testid="sum-style-totals">
                共 {totals.styleCount} 款 · 订货 <b>{totals.ordered}</b> 件 {formatYuan(totals.orderedAmountFen)} · 审核 <b>{totals.approved}</b> 件 · 已发 <b>{totals.shipped}</b>{' '}
                件 {formatYuan(totals.shippedAmountFen)} · 已收 <b>{totals.received}</b> 件 · 未发 <b>{totals.outstanding}</b> 件 {formatYuan(totals.outstandingAmountFen)}
              </span>
            ) : null}
          </Space>
          <Space wrap>
            <Button icon={<DownloadOutlined />} loading={exporter.exporting} onClick={startExport} data-testid="sum-style-export">
              导出 Excel
            </Button>
            <Tooltip title="刷新">
              <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} aria-label="刷新" />
            </Tooltip>
          </Space>
        </div>
        <Spin spinning={query.isFetching}>
          {query.error && !data ? (
            <Result status="error" title="数据加载失败" subTitle={query.error.message} extra={<Button onClick={() => void query.refetch()}>重试</Button>} />
          ) : data && data.records.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无订货" />
          ) : (
            <div className="order-style-grid__list">
              {(data?.records ?? []).map((record) => (
                <StyleSummaryCard key={record.productId} record={record} />
              ))}
            </div>
          )}
        </Spin>
        <Pagination
          className="order-style-grid__pager"
          current={state.page}
          pageSize={state.limit}
          total={data?.total ?? 0}
          pageSizeOptions={PAGE_SIZES.map(String)}
          showSizeChanger
          showQuickJumper
          showTotal={(total) => `共 ${total} 款`}
          onChange={(page, limit) => setState((current) => ({ ...current, page: limit === current.limit ? page : 1, limit }))}
        />
      </Card>
    </div>
  );
}
