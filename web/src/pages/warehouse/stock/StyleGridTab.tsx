import { useCallback } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Pagination, Result, Select, Space, Spin, Table, Tag, Tooltip, type TableColumnType } from 'antd';
import { DownloadOutlined, InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import { PAGE_SIZES, type StyleGridPage, type StyleGridRecord } from '@erp/shared';
import type { ListParams } from '../../../api/list-params.ts';
import { SearchForm, type ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { useListQuery } from '../../../ui/list-page/use-list-query.ts';
import type { MovesTarget } from './MovesDrawer.tsx';
import { GOODS_URL_FILTERS, goodsSearchFields } from './stock-filters.tsx';
import { urlOneOf, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { gridSheet, gridTableRows, type GridTableRow } from '../../../ui/report/report-grid.ts';
import { stockReportApi, stockReportKeys, type GridFilters } from './stock-report-api.ts';
import { useGridExport } from '../../../ui/report/use-grid-export.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { MoneyText } from '../../../ui/money/index.ts';

const INITIAL: GridFilters = { byWarehouse: 'false' };
// in the address beside the other tabs' (grid.keyword, grid.page …)
const URL = { filters: { ...GOODS_URL_FILTERS, byWarehouse: urlOneOf(['true', 'false'] as const) } as ListUrlFilters<GridFilters>, sortFields: [], prefix: 'grid.' };
const SPLIT_OPTIONS = [
  { value: 'false', label: '各仓库合并' },
  { value: 'true', label: '按仓库分开' },
];
const SEARCH_FIELDS: ListSearchField[] = [
  ...goodsSearchFields('stock-grid'),
  { name: 'byWarehouse', label: '仓库显示', input: <Select options={SPLIT_OPTIONS} data-testid="stock-grid-split" /> },
];

interface StyleGridTabProps {
  showCost: boolean;
  onMoves: (target: MovesTarget) => void;
}

/** 尺码横排: per style (optionally per warehouse) colours × sizes, with totals; HQ also sees value at cost. */
export function StyleGridTab({ showCost, onMoves }: StyleGridTabProps) {
  const fetchPage = useCallback((params: ListParams<GridFilters>, signal?: AbortSignal) => stockReportApi.grid(params, signal), []);
  const { state, setState, query, search } = useListQuery<StyleGridRecord, GridFilters>({ queryKey: stockReportKeys.grid, fetchPage, initialFilters: INITIAL, url: URL });
  const exporter = useGridExport();
  const data = query.data as StyleGridPage | undefined;
  const filters = state.filters;
  // the count and sums of the whole search, fetched once per search (pages do not change them)
  const totalsQuery = useQuery({
    queryKey: stockReportKeys.gridTotals(filters),
    queryFn: ({ signal }) => stockReportApi.gridTotals(filters, signal),
    placeholderData: keepPreviousData,
  });
  const totals = totalsQuery.isPlaceholderData ? undefined : totalsQuery.data;
  // the page counts nothing while it is full (total is then a lower bound): the exact count once the totals are in
  const gridCount = totals?.total ?? data?.total ?? 0;
  const refresh = () => {
    void query.refetch();
    void totalsQuery.refetch();
  };

  const startExport = () =>
    exporter.start(
      '库存尺码横排',
      (page, limit, signal) => stockReportApi.grid({ ...filters, page, limit }, signal),
      (rows) => gridSheet(rows, showCost),
    );

  return (
    <div className="erp-list">
      <Card className="erp-list__search-card">
        <SearchForm fields={SEARCH_FIELDS} initialFilters={INITIAL} values={state.filters} onSearch={search} testId="stock-grid" />
      </Card>
      <Card className="erp-list__main">
        <div className="erp-list__toolbar">
          <Space wrap>
            <span className="erp-list__title">尺码横排</span>
            {totals ? (
              <span className="stock-grid__totals" data-testid="stock-grid-totals">
                共 {totals.total} 款 · 合计 <b>{totals.quantity}</b> 件
                {totals.valueFen !== undefined ? (
                  <>
                    {' '}
                    · 成本金额 <MoneyText strong fen={totals.valueFen} />
                  </>
                ) : null}
              </span>
            ) : data ? (
              <span className="stock-grid__totals">{totalsQuery.isError ? '合计加载失败' : '正在合计…'}</span>
            ) : null}
          </Space>
          <Space wrap>
            <Button icon={<DownloadOutlined />} loading={exporter.exporting} onClick={startExport} data-testid="stock-grid-export">
              导出 Excel
            </Button>
            <Tooltip title="刷新">
              <Button icon={<ReloadOutlined />} onClick={refresh} aria-label="刷新" />
            </Tooltip>
          </Space>
        </div>
        <Spin spinning={query.isFetching}>
          {query.error && !data ? (
            <Result status="error" title="数据加载失败" subTitle={query.error.message} extra={<Button onClick={() => void query.refetch()}>重试</Button>} />
          ) : data && data.records.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无库存" />
          ) : (
            <div className="stock-grid__list">
              {(data?.records ?? []).map((record) => (
                <StyleGridCard
                  key={`${record.productId}:${record.warehouseId ?? 0}`}
                  record={record}
                  warehouseId={record.warehouseId ?? filters.warehouseId}
                  showCost={showCost}
                  onMoves={onMoves}
                />
              ))}
            </div>
          )}
        </Spin>
        <Pagination
          className="stock-grid__pager"
          current={state.page}
          pageSize={state.limit}
          total={gridCount}
          pageSizeOptions={PAGE_SIZES.map(String)}
          showSizeChanger
          showQuickJumper
          showTotal={(total) => `共 ${total}${!totals && data?.totalCapped ? '+' : ''} 款`}
          onChange={(page, limit) => setState((current) => ({ ...current, page: limit === current.limit ? page : 1, limit }))}
        />
      </Card>
    </div>
  );
}

interface StyleGridCardProps {
  record: StyleGridRecord;
  /** the warehouse the movements are read in (none: every warehouse in scope) */
  warehouseId: number | undefined;
  showCost: boolean;
  onMoves: (target: MovesTarget) => void;
}

function StyleGridCard({ record, warehouseId, showCost, onMoves }: StyleGridCardProps) {
  const place = warehouseId ? { warehouseId } : {};
  const where = record.warehouseName ? ` @ ${record.warehouseName}` : '';
  const testId = `stock-grid-${record.styleNo}${record.warehouseId ? `-${record.warehouseId}` : ''}`;
  const quantity = (row: GridTableRow, q: number, i: number) => {
    const skuId = row.skuIds[i];
    if (q === 0) return <span className="stock-grid__zero">0</span>;
    if (row.isTotal || !skuId) return q;
    const size = record.sizes[i]!.name;
    const target = { filter: { skuId, ...place }, title: `${record.styleNo} ${row.colourName} ${size}${where}` };
    return (
      <ActionLink onClick={() => onMoves(target)} data-testid={`${testId}-${row.colourName}-${size}`}>
        {q}
      </ActionLink>
    );
  };
  const columns: TableColumnType<GridTableRow>[] = [
    { key: 'colour', title: '颜色 \\ 尺码', dataIndex: 'colourName', width: 110, fixed: 'left' },
    ...record.sizes.map((size, i) => ({
      key: `size-${size.id}`,
      title: size.name,
      width: 72,
      align: 'right' as const,
      render: (_: unknown, row: GridTableRow) => quantity(row, row.cells[i]!, i),
    })),
    { key: 'total', title: '合计', dataIndex: 'total', width: 80, align: 'right', className: 'stock-grid__total-col' },
  ];

  return (
    <div className="stock-grid__style" data-testid={testId}>
      <div className="stock-grid__head">
        {record.thumbnailUrl ? (
          <img className="stock-grid__thumb" src={record.thumbnailUrl} alt={record.styleNo} />
        ) : (
          <span className="stock-grid__thumb stock-grid__thumb--empty">
            <InboxOutlined />
          </span>
        )}
        <div className="stock-grid__title">
          <div>
            <b>{record.styleNo}</b> {record.productName}
            {record.warehouseName ? <Tag style={{ marginInlineStart: 8 }}>{record.warehouseName}</Tag> : null}
          </div>
          <div className="stock-grid__sub">
            {record.brandName} · {record.categoryName}
          </div>
        </div>
        <div className="stock-grid__sum">
          合计{' '}
          <ActionLink
            onClick={() => onMoves({ filter: { productId: record.productId, ...place }, title: `${record.styleNo} ${record.productName}${where}` })}
            data-testid={`${testId}-total`}
          >
            {record.total}
          </ActionLink>{' '}
          件
          {showCost && record.costPriceFen !== undefined ? (
            <span className="stock-grid__cost">
              成本价 <MoneyText fen={record.costPriceFen} /> · 成本金额 <MoneyText strong fen={record.valueFen} />
            </span>
          ) : null}
        </div>
      </div>
      <Table<GridTableRow>
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        columns={columns}
        dataSource={gridTableRows(record)}
        rowClassName={(row) => (row.isTotal ? 'stock-total-row' : '')}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
