import { useCallback, useMemo } from 'react';
import { OUTSTANDING_HINT, RETURNED_HINT, SALES_ORDER_KIND_LABELS, type OrderFigures, type OrderSummaryRecord } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import { TOTAL_ROW_KEY, withTotalsRow } from '../../../ui/report/report-grid.ts';
import { reportKeys, reportsApi, type ReportFilters } from '../reports/ordering-reports-api.ts';
import { REPORT_URL_FILTERS, reportSearchFields } from '../reports/report-filters.tsx';
import { moneyColumn } from '../../../ui/money/index.ts';

type Row = OrderSummaryRecord & { isTotal?: boolean };
type Group = 'buyers' | 'seasons';

const INITIAL: ReportFilters = {};
const DEFAULT_SORT = { field: 'key', order: 'asc' } as const;

/** The figures every summary shows: pieces, then amounts; the less used amounts in 列设置 so the list fits 1440 px. */
export const SUMMARY_FIGURES: { key: keyof OrderFigures; title: string; money?: boolean; hidden?: boolean; tooltip?: string }[] = [
  { key: 'ordered', title: '订货数' },
  { key: 'approved', title: '审核数' },
  { key: 'shipped', title: '已发数' },
  { key: 'returned', title: '已退数', tooltip: RETURNED_HINT },
  { key: 'netShipped', title: '净发数', tooltip: RETURNED_HINT },
  { key: 'received', title: '已收数', hidden: true },
  { key: 'outstanding', title: '未发数', tooltip: OUTSTANDING_HINT },
  { key: 'orderedAmountFen', title: '订货金额', money: true },
  { key: 'approvedAmountFen', title: '审核金额', money: true, hidden: true },
  { key: 'shippedAmountFen', title: '已发金额', money: true, hidden: true },
  { key: 'returnedAmountFen', title: '已退金额', money: true, hidden: true },
  { key: 'netShippedAmountFen', title: '净发金额', money: true, tooltip: RETURNED_HINT },
  { key: 'receivedAmountFen', title: '已收金额', money: true, hidden: true },
  { key: 'outstandingAmountFen', title: '未发金额', money: true, tooltip: OUTSTANDING_HINT },
];

function keyColumns(group: Group): ListColumn<Row>[] {
  const label = (row: Row, text: string) => (row.isTotal ? '合计' : text);
  if (group === 'buyers') {
    return [
      {
        key: 'key',
        title: '购货方',
        dataIndex: 'buyerName',
        sortable: true,
        width: 220,
        fixed: 'left',
        ellipsis: { showTitle: true },
        render: (_, row) => label(row, `${row.buyerName}（${row.buyerCode}）`),
        exportValue: (row) => label(row, row.buyerName ?? ''),
      },
      { key: 'buyerCode', title: '编码', dataIndex: 'buyerCode', width: 90, defaultHidden: true, exportValue: (row) => (row.isTotal ? '' : (row.buyerCode ?? '')) },
      {
        key: 'buyerType',
        title: '类型',
        dataIndex: 'buyerType',
        width: 80,
        render: (_, row) => (row.isTotal ? '' : row.buyerType === 'agent' ? '代理商' : '门店'),
        exportValue: (row) => (row.isTotal ? '' : row.buyerType === 'agent' ? '代理商' : '门店'),
      },
    ];
  }
  return [
    {
      key: 'key',
      title: '订货季',
      dataIndex: 'seasonName',
      sortable: true,
      width: 220,
      fixed: 'left',
      ellipsis: { showTitle: true },
      render: (_, row) => label(row, `${row.seasonName}（${row.seasonCode}）`),
      exportValue: (row) => label(row, row.seasonName ?? ''),
    },
    {
      key: 'seasonKind',
      title: '类型',
      dataIndex: 'seasonKind',
      width: 90,
      render: (_, row) => (row.seasonKind ? SALES_ORDER_KIND_LABELS[row.seasonKind] : ''),
      exportValue: (row) => (row.seasonKind ? SALES_ORDER_KIND_LABELS[row.seasonKind] : ''),
    },
  ];
}

/** 订货汇总 按购货方 / 按订货季: orders, pieces and amounts per group, 合计 of the whole search on top; Excel. */
export function GroupSummaryTab({ group }: { group: Group }) {
  const fetchPage = useCallback(
    async (params: ListParams<ReportFilters>, signal?: AbortSignal) => {
      const page = await reportsApi.groups(group, params, signal);
      return withTotalsRow<Row>(page, { key: TOTAL_ROW_KEY, ...page.totals, isTotal: true }, params);
    },
    [group],
  );
  const columns = useMemo<ListColumn<Row>[]>(
    () => [
      ...keyColumns(group),
      { key: 'orderCount', title: '订单数', dataIndex: 'orderCount', sortable: true, width: 80, align: 'right', kind: 'quantity' },
      ...SUMMARY_FIGURES.map(
        (f): ListColumn<Row> =>
          f.money
            ? { ...moneyColumn<Row>({ title: f.title, dataIndex: f.key, sortable: true, width: 124 }), defaultHidden: f.hidden, tooltip: f.tooltip }
            : { key: f.key, title: f.title, dataIndex: f.key, sortable: true, width: 80, align: 'right', defaultHidden: f.hidden, tooltip: f.tooltip, kind: 'quantity' },
      ),
    ],
    [group],
  );
  const name = group === 'buyers' ? 'buyer' : 'season';
  const searchFields = useMemo(() => reportSearchFields(`sum-${name}`), [name]);
  return (
    <ListPage<Row, ReportFilters>
      listId={`ordering-summary-${name}`}
      title={group === 'buyers' ? '订货汇总（按购货方）' : '订货汇总（按订货季）'}
      testId={`sum-${name}`}
      queryKey={reportKeys.groups(group)}
      fetchPage={fetchPage}
      columns={columns}
      rowKey="key"
      initialFilters={INITIAL}
      urlFilters={REPORT_URL_FILTERS}
      urlPrefix={`${name}.`}
      searchFields={searchFields}
      defaultSort={DEFAULT_SORT}
      tableProps={{ rowClassName: (row) => (row.isTotal ? 'order-report-total-row' : '') }}
    />
  );
}
