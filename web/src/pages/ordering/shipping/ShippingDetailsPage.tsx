import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { formatYuan, displayOrEmpty, type ShippingDetailRecord } from '@erp/shared';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import { urlOneOf, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { TOTAL_ROW_KEY, withTotalsRow } from '../../../ui/report/report-grid.ts';
import { SalesOrderStatusTag } from '../../../ui/document/SalesOrderStatusTag.tsx';
import { salesOrderInfoPath } from '../../../api/sales-orders.ts';
import { reportKeys, reportsApi, type ShippingFilters } from '../reports/ordering-reports-api.ts';
import { Clip, OutstandingOnly, REPORT_URL_FILTERS, reportSearchFields } from '../reports/report-filters.tsx';
import '../reports/ordering-reports.css';
import { moneyColumn } from '../../../ui/money/index.ts';

type ShippingRow = ShippingDetailRecord & { isTotal?: boolean };

const INITIAL: ShippingFilters = {};
const URL_FILTERS: ListUrlFilters<ShippingFilters> = { ...REPORT_URL_FILTERS, outstanding: urlOneOf(['true'] as const) };
const DEFAULT_SORT = { field: 'orderDate', order: 'desc' } as const;
const SEARCH_FIELDS = reportSearchFields('ship', [{ name: 'outstanding', label: '发货', input: <OutstandingOnly testId="ship-outstanding" /> }]);

const QUANTITIES: { key: keyof ShippingDetailRecord & string; title: string; sortable?: boolean; hidden?: boolean }[] = [
  { key: 'ordered', title: '订货', sortable: true },
  { key: 'approved', title: '审核', sortable: true },
  { key: 'allocated', title: '配货' },
  { key: 'shipped', title: '已发', sortable: true },
  { key: 'received', title: '已收', sortable: true },
  { key: 'outstanding', title: '未发', sortable: true },
];

const AMOUNTS: { key: keyof ShippingDetailRecord & string; title: string }[] = [
  { key: 'unitPriceFen', title: '单价' },
  { key: 'orderedAmountFen', title: '订货金额' },
  { key: 'approvedAmountFen', title: '审核金额' },
  { key: 'shippedAmountFen', title: '已发金额' },
];

/** 发货明细 (ordering/shipping): every order line past draft, what is approved, allocated, shipped, received and outstanding; 合计 of the whole search on top. */
export function ShippingDetailsPage() {
  const navigate = useNavigate();
  const fetchPage = useCallback(async (params: ListParams<ShippingFilters>, signal?: AbortSignal) => {
    const page = await reportsApi.shipping(params, signal);
    const totals: ShippingRow = {
      lineId: 0,
      orderId: 0,
      orderNo: '合计',
      orderDate: '',
      status: 'audited',
      statusLabel: '',
      seasonName: '',
      buyerType: 'agent',
      buyerName: '',
      shopName: '',
      styleNo: '',
      styleName: '',
      colourName: '',
      sizeName: '',
      unitPriceFen: 0,
      ...page.totals,
      isTotal: true,
    };
    return withTotalsRow<ShippingRow>(page, totals, params);
  }, []);

  const columns = useMemo<ListColumn<ShippingRow>[]>(() => {
    const blankOnTotal = (render: (row: ShippingRow) => string) => ({
      render: (_: unknown, row: ShippingRow) => (row.isTotal ? '' : render(row)),
      exportValue: (row: ShippingRow) => (row.isTotal ? '' : render(row)),
    });
    return [
      {
        key: 'orderNo',
        title: '订单号',
        dataIndex: 'orderNo',
        sortable: true,
        width: 160,
        fixed: 'left',
        render: (_, row) =>
          row.isTotal ? (
            '合计'
          ) : (
            <ActionLink onClick={() => navigate(salesOrderInfoPath(row.orderId))} data-testid={`ship-order-${row.orderNo}`}>
              {row.orderNo}
            </ActionLink>
          ),
        exportValue: (row) => row.orderNo,
      },
      { key: 'orderDate', title: '下单日期', dataIndex: 'orderDate', sortable: true, width: 104, defaultHidden: true },
      { key: 'season', title: '订货季', dataIndex: 'seasonName', width: 150, ellipsis: { showTitle: true }, defaultHidden: true },
      // long names are cut with … (the whole name on hover) so the key figures fit 1440 px
      { key: 'buyer', title: '购货方', dataIndex: 'buyerName', width: 130, render: (v: string) => <Clip text={v} width={134} /> },
      { key: 'shop', title: '收货门店', dataIndex: 'shopName', width: 130, render: (v: string) => <Clip text={v} width={134} /> },
      { key: 'styleNo', title: '款号', dataIndex: 'styleNo', sortable: true, width: 104 },
      { key: 'styleName', title: '品名', dataIndex: 'styleName', width: 130, ellipsis: { showTitle: true }, defaultHidden: true },
      { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 72 },
      { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 60 },
      ...QUANTITIES.map(
        (q): ListColumn<ShippingRow> => ({
          key: q.key,
          title: q.title,
          dataIndex: q.key,
          sortable: q.sortable,
          width: 66,
          align: 'right',
          kind: 'quantity',
          render: (value: number | null) => (value === 0 ? <span className="order-report__zero">0</span> : displayOrEmpty(value)),
          exportValue: (row) => row[q.key] as number | null,
        }),
      ),
      ...AMOUNTS.map(
        (a): ListColumn<ShippingRow> => ({
          ...moneyColumn<ShippingRow>({ key: a.key, title: a.title, fen: (row) => (row.isTotal && a.key === 'unitPriceFen' ? null : (row[a.key] as number | null)), width: 116 }),
          defaultHidden: true,
          // the 合计 row has no unit price: blank rather than --
          render: (_: unknown, row) => (row.isTotal && a.key === 'unitPriceFen' ? '' : formatYuan(row[a.key] as number | null)),
        }),
      ),
      {
        key: 'status',
        title: '状态',
        dataIndex: 'status',
        width: 90,
        render: (_, row) => (row.isTotal ? '' : <SalesOrderStatusTag status={row.status} />),
        exportValue: (row) => (row.isTotal ? '' : row.statusLabel),
      },
      { key: 'buyerKind', title: '购货方类型', dataIndex: 'buyerType', width: 96, defaultHidden: true, ...blankOnTotal((row) => (row.buyerType === 'agent' ? '代理商' : '门店')) },
    ];
  }, [navigate]);

  return (
    <ListPage<ShippingRow, ShippingFilters>
      listId="ordering-shipping"
      title="发货明细"
      testId="ship"
      queryKey={reportKeys.shipping}
      fetchPage={fetchPage}
      columns={columns}
      rowKey={(row) => (row.isTotal ? TOTAL_ROW_KEY : row.lineId)}
      initialFilters={INITIAL}
      urlFilters={URL_FILTERS}
      searchFields={SEARCH_FIELDS}
      defaultSort={DEFAULT_SORT}
      tableProps={{ rowClassName: (row) => (row.isTotal ? 'order-report-total-row' : '') }}
    />
  );
}
