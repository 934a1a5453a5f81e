import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, DatePicker } from 'antd';
import dayjs from 'dayjs';
import { displayOrEmpty, PAGE_SIZES, shanghaiToday, type BillOrderRecord } from '@erp/shared';
import { getUserInfo } from '../../../auth/session.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { readListUrl, urlCode, urlDateRange, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { TOTAL_ROW_KEY, withTotalsRow } from '../../../ui/report/report-grid.ts';
import { SalesOrderStatusTag } from '../../../ui/document/SalesOrderStatusTag.tsx';
import { salesOrderInfoPath } from '../../../api/sales-orders.ts';
import { buyerKey } from '../../../api/quotas.ts';
import { reportKeys, reportsApi, useReportOptions, type BillFilters } from '../reports/ordering-reports-api.ts';
import { ReportBuyerSelect } from '../reports/report-filters.tsx';
import '../reports/ordering-reports.css';
import { moneyColumn } from '../../../ui/money/index.ts';

type BillRow = BillOrderRecord & { isTotal?: boolean };

const URL_FILTERS: ListUrlFilters<BillFilters> = { buyer: urlCode, range: urlDateRange() };
const DEFAULT_SORT = { field: 'orderDate', order: 'asc' } as const;

/** This month up to today (business days, Asia/Shanghai). */
const initialFilters = (): BillFilters => {
  const today = dayjs(shanghaiToday());
  return { range: [today.startOf('month'), today] };
};

/**
 * 订货对账单 (ordering/bill): one buyer's orders (past draft) in a period by order date — approved
 * amounts of audited orders, shipped amounts, 合计 on top; Excel named after the buyer and period.
 * HQ chooses any buyer; an agent itself (by default) or one of its shops; a shop is its own buyer.
 */
export function OrderBillPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const roleType = getUserInfo()?.roleType;
  const [initial] = useState(initialFilters);
  const options = useReportOptions();
  // what the list shows, read from the address as the list reads it
  const filters = useMemo(
    () => readListUrl(location.search, { filters: URL_FILTERS, initialFilters: initial, defaultSort: DEFAULT_SORT, sortFields: [], pageSizes: PAGE_SIZES }).filters,
    [location.search, initial],
  );
  const [from, to] = filters.range ?? [];
  const needsBuyer = roleType === 'manager' && !filters.buyer;
  const ready = !needsBuyer && !!from && !!to;

  const buyerLabel = useMemo(() => {
    const data = options.data;
    if (roleType === 'shop') return data?.shops[0]?.name ?? '本店';
    const chosen = data?.buyers.find((b) => buyerKey(b) === filters.buyer);
    if (chosen) return chosen.name;
    if (roleType === 'agent' && !filters.buyer) return data?.buyers.find((b) => b.type === 'agent')?.name ?? '本公司';
    return '';
  }, [options.data, filters.buyer, roleType]);
  const period = from && to ? `${from.format('YYYY-MM-DD')} 至 ${to.format('YYYY-MM-DD')}` : '';
  const title = ready && buyerLabel ? `订货对账单（${buyerLabel} ${period}）` : '订货对账单';

  const searchFields = useMemo<ListSearchField[]>(
    () => [
      ...(roleType === 'shop'
        ? []
        : [
            {
              name: 'buyer',
              label: '购货方',
              input: <ReportBuyerSelect allowClear={roleType !== 'manager'} placeholder={roleType === 'agent' ? '本公司' : '请选择购货方'} testId="bill-buyer" />,
            },
          ]),
      { name: 'range', label: '对账期间', wide: true, input: <DatePicker.RangePicker style={{ width: '100%' }} data-testid="bill-range" /> },
    ],
    [roleType],
  );

  const fetchPage = useCallback(
    async (params: ListParams<BillFilters>, signal?: AbortSignal) => {
      const [start, end] = params.range ?? [];
      // nothing to ask before a buyer (HQ) and a whole period are chosen
      if ((roleType === 'manager' && !params.buyer) || !start || !end) return { records: [] as BillRow[], total: 0 };
      const page = await reportsApi.bill(params, signal);
      const totals: BillRow = {
        id: 0,
        orderNo: '合计',
        orderDate: '',
        status: 'audited',
        statusLabel: '',
        seasonName: '',
        shopName: '',
        approvedQuantity: page.totals.approvedQuantity,
        approvedAmountFen: page.totals.approvedAmountFen,
        shippedQuantity: page.totals.shippedQuantity,
        shippedAmountFen: page.totals.shippedAmountFen,
        isTotal: true,
      };
      return withTotalsRow<BillRow>(page, totals, params);
    },
    [roleType],
  );

  const columns = useMemo<ListColumn<BillRow>[]>(
    () => [
      {
        key: 'orderNo',
        title: '订单号',
        dataIndex: 'orderNo',
        sortable: true,
        width: 170,
        fixed: 'left',
        render: (_, row) =>
          row.isTotal ? (
            '合计'
          ) : (
            <ActionLink onClick={() => navigate(salesOrderInfoPath(row.id))} data-testid={`bill-order-${row.orderNo}`}>
              {row.orderNo}
            </ActionLink>
          ),
        exportValue: (row) => row.orderNo,
      },
      { key: 'orderDate', title: '下单日期', dataIndex: 'orderDate', sortable: true, width: 110 },
      { key: 'season', title: '订货季', dataIndex: 'seasonName', width: 170, ellipsis: { showTitle: true } },
      { key: 'shop', title: '收货门店', dataIndex: 'shopName', width: 170, ellipsis: { showTitle: true } },
      {
        key: 'status',
        title: '状态',
        dataIndex: 'status',
        width: 90,
        render: (_, row) => (row.isTotal ? '' : <SalesOrderStatusTag status={row.status} />),
        exportValue: (row) => (row.isTotal ? '' : row.statusLabel),
      },
      { key: 'approvedQuantity', title: '审核数量', dataIndex: 'approvedQuantity', width: 96, align: 'right', kind: 'quantity', render: displayOrEmpty },
      moneyColumn<BillOrderRecord>({ title: '审核金额', dataIndex: 'approvedAmountFen', width: 130 }),
      { key: 'shippedQuantity', title: '已发数量', dataIndex: 'shippedQuantity', width: 96, align: 'right', kind: 'quantity' },
      moneyColumn({ title: '已发金额', dataIndex: 'shippedAmountFen', width: 130 }),
    ],
    [navigate],
  );

  return (
    <>
      {!ready ? (
        <Alert
          className="order-bill__head"
          type="info"
          showIcon
          title={needsBuyer ? '请选择购货方和对账期间后查询' : '请选择对账期间后查询'}
          description="审核金额只计已审核、部分发货、已发货和已关闭的订单；已驳回、已取消的订单列出但不计。"
          data-testid="bill-hint"
        />
      ) : null}
      <ListPage<BillRow, BillFilters>
        listId="ordering-bill"
        title={title}
        testId="bill"
        queryKey={reportKeys.bill}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(row) => (row.isTotal ? TOTAL_ROW_KEY : row.id)}
        initialFilters={initial}
        urlFilters={URL_FILTERS}
        searchFields={searchFields}
        defaultSort={DEFAULT_SORT}
        tableProps={{ rowClassName: (row) => (row.isTotal ? 'order-report-total-row' : '') }}
      />
    </>
  );
}
