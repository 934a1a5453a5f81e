import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DatePicker, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { displayOrEmpty, stockDocInfoPath, type InTransitRecord } from '@erp/shared';
import { getUserInfo } from '../../../auth/session.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { WarehouseSelect } from '../stock/stock-filters.tsx';
import { TOTAL_ROW_KEY, withTotalsRow } from '../../../ui/report/report-grid.ts';
import { stockReportApi, stockReportKeys } from '../stock/stock-report-api.ts';
import { dayRangeParams } from './report-dates.ts';
import '../stock/stock.css';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { urlDateRange, urlId, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { moneyColumn } from '../../../ui/money/index.ts';

interface TransitFilters {
  warehouseId?: number;
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null];
}

type TransitRow = InTransitRecord & { isTotal?: boolean };

const INITIAL: TransitFilters = {};
const URL_FILTERS: ListUrlFilters<TransitFilters> = { range: urlDateRange(), warehouseId: urlId, keyword: urlText };
const DEFAULT_SORT = { field: 'shippedAt', order: 'desc' } as const;
const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'range', label: '发货日期', wide: true, input: <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} data-testid="transit-range" /> },
  { name: 'warehouseId', label: '仓库', input: <WarehouseSelect testId="transit-warehouse" /> },
  { name: 'keyword', label: '调拨单号', input: <Input allowClear maxLength={60} placeholder="单号" data-testid="transit-keyword" /> },
];

/** 在途统计 (warehouse/statistics/transit): transfers shipped and not yet received, 合计 on top. */
export function InTransitPage() {
  const navigate = useNavigate();
  const showCost = getUserInfo()?.roleType === 'manager';
  const fetchPage = useCallback(async (params: ListParams<TransitFilters>, signal?: AbortSignal) => {
    const { range, ...rest } = params;
    const page = await stockReportApi.inTransit({ ...rest, ...dayRangeParams(range) }, signal);
    const totals: TransitRow = {
      id: 0,
      docNo: '合计',
      warehouseId: 0,
      warehouseName: '',
      toWarehouseId: null,
      toWarehouseName: '',
      shippedAt: null,
      shippedByName: '',
      daysInTransit: 0,
      remark: '',
      isTotal: true,
      ...page.totals,
    };
    return withTotalsRow<TransitRow>(page, totals, params);
  }, []);

  const columns = useMemo<ListColumn<TransitRow>[]>(
    () => [
      {
        key: 'docNo',
        title: '调拨单号',
        dataIndex: 'docNo',
        sortable: true,
        width: 170,
        fixed: 'left',
        render: (_, row) =>
          row.isTotal ? (
            '合计'
          ) : (
            <ActionLink onClick={() => navigate(stockDocInfoPath('transfer', row.id))} data-testid={`transit-doc-${row.docNo}`}>
              {row.docNo}
            </ActionLink>
          ),
        exportValue: (row) => row.docNo,
      },
      { key: 'from', title: '调出仓库', dataIndex: 'warehouseName', width: 160, render: (_, row) => (row.isTotal ? '' : row.warehouseName) },
      { key: 'to', title: '调入仓库', dataIndex: 'toWarehouseName', width: 180, render: (_, row) => (row.isTotal ? '' : displayOrEmpty(row.toWarehouseName)) },
      {
        key: 'shippedAt',
        title: '发货时间',
        dataIndex: 'shippedAt',
        sortable: true,
        width: 170,
        render: (_, row) => (row.isTotal ? '' : formatDateTime(row.shippedAt)),
        exportValue: (row) => (row.isTotal ? '' : formatDateTime(row.shippedAt)),
      },
      { key: 'shippedBy', title: '发货人', dataIndex: 'shippedByName', width: 100, render: (_, row) => (row.isTotal ? '' : displayOrEmpty(row.shippedByName)) },
      {
        key: 'days',
        title: '在途天数',
        dataIndex: 'daysInTransit',
        width: 90,
        align: 'right',
        render: (_, row) => (row.isTotal ? '' : row.daysInTransit),
        exportValue: (row) => (row.isTotal ? '' : row.daysInTransit),
      },
      { key: 'lineCount', title: '行数', dataIndex: 'lineCount', width: 80, align: 'right' },
      { key: 'quantity', title: '在途数量', dataIndex: 'quantity', sortable: true, width: 100, align: 'right' },
      ...(showCost ? [moneyColumn<TransitRow>({ key: 'value', title: '成本金额', dataIndex: 'valueFen', width: 130 })] : []),
      { key: 'remark', title: '备注', dataIndex: 'remark', width: 160, ellipsis: { showTitle: true }, render: (_, row) => (row.isTotal ? '' : displayOrEmpty(row.remark)) },
    ],
    [navigate, showCost],
  );

  return (
    <ListPage<TransitRow, TransitFilters>
      listId="stock-in-transit"
      title="在途统计"
      testId="transit"
      queryKey={stockReportKeys.inTransit}
      fetchPage={fetchPage}
      columns={columns}
      rowKey={(row) => (row.isTotal ? TOTAL_ROW_KEY : row.id)}
      initialFilters={INITIAL}
      urlFilters={URL_FILTERS}
      searchFields={SEARCH_FIELDS}
      defaultSort={DEFAULT_SORT}
      tableProps={{ rowClassName: (row) => (row.isTotal ? 'stock-total-row' : '') }}
    />
  );
}
