import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Input, Select, Space, Tag } from 'antd';
import {
  OUTSTANDING_HINT,
  SALES_ORDER_KIND_COLORS,
  SALES_ORDER_KIND_LABELS,
  SALES_ORDER_KINDS,
  UNSHIPPED_AGE_BUCKETS,
  UNSHIPPED_AGE_LABELS,
  unshippedAgeColor,
  type UnshippedAgeBucket,
  type UnshippedPage as UnshippedAnswer,
  type UnshippedRecord,
  formatYuan,
} from '@erp/shared';
import { getUserInfo } from '../../../auth/session.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlCode, urlId, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { TOTAL_ROW_KEY, withTotalsRow } from '../../../ui/report/report-grid.ts';
import { SalesOrderStatusTag } from '../../../ui/document/SalesOrderStatusTag.tsx';
import { salesOrderInfoPath } from '../../../api/sales-orders.ts';
import { reorderKeys, reordersApi, type UnshippedFilters } from '../reorder/reorders-api.ts';
import { Clip, ReportBuyerSelect, ReportSeasonSelect } from '../reports/report-filters.tsx';
import '../reports/ordering-reports.css';
import { moneyColumn } from '../../../ui/money/index.ts';

type Row = UnshippedRecord & { isTotal?: boolean };

const INITIAL: UnshippedFilters = {};
const URL_FILTERS: ListUrlFilters<UnshippedFilters> = {
  seasonId: urlId,
  buyer: urlCode,
  keyword: urlText,
  kind: urlOneOf(SALES_ORDER_KINDS),
  bucket: urlOneOf(UNSHIPPED_AGE_BUCKETS),
};
const DEFAULT_SORT = { field: 'orderDate', order: 'asc' } as const;
const KIND_OPTIONS = SALES_ORDER_KINDS.map((k) => ({ value: k, label: SALES_ORDER_KIND_LABELS[k] }));
const BUCKET_OPTIONS = UNSHIPPED_AGE_BUCKETS.map((b) => ({ value: b, label: UNSHIPPED_AGE_LABELS[b] }));

function searchFields(): ListSearchField[] {
  return [
    { name: 'seasonId', label: '订货季', input: <ReportSeasonSelect testId="unshipped-season" /> },
    ...(getUserInfo()?.roleType === 'shop' ? [] : [{ name: 'buyer', label: '购货方', input: <ReportBuyerSelect testId="unshipped-buyer" /> }]),
    { name: 'keyword', label: '款号/品名', input: <Input allowClear maxLength={64} placeholder="款号或品名" data-testid="unshipped-keyword" /> },
    { name: 'kind', label: '订单类型', input: <Select allowClear placeholder="全部" options={KIND_OPTIONS} data-testid="unshipped-kind" /> },
    { name: 'bucket', label: '账龄', input: <Select allowClear placeholder="全部" options={BUCKET_OPTIONS} data-testid="unshipped-bucket" /> },
  ];
}

export const AgeTag = ({ bucket, days }: { bucket: UnshippedAgeBucket; days: number }) => (
  <Tag color={unshippedAgeColor(bucket)} title={UNSHIPPED_AGE_LABELS[bucket]} data-testid={`age-${bucket}`}>
    {days}天
  </Tag>
);

/** 未发货 (ordering/unshipped): every open order's style not shipped in full, by buyer and style, with its age; totals by age on top. */
export function UnshippedPage() {
  const navigate = useNavigate();
  const [totals, setTotals] = useState<UnshippedAnswer['totals'] | null>(null);

  const fetchPage = useCallback(async (params: ListParams<UnshippedFilters>, signal?: AbortSignal) => {
    const page = await reordersApi.unshipped(params, signal);
    setTotals(page.totals);
    const totalRow = {
      ...page.records[0]!,
      key: TOTAL_ROW_KEY,
      orderNo: '合计',
      unshipped: page.totals.unshipped,
      unshippedAmountFen: page.totals.unshippedAmountFen,
      isTotal: true,
    } as Row;
    return page.records.length ? withTotalsRow<Row>(page, totalRow, params) : page;
  }, []);

  const columns = useMemo<ListColumn<Row>[]>(() => {
    const blank = (row: Row, node: React.ReactNode) => (row.isTotal ? '' : node);
    return [
      {
        key: 'orderNo',
        title: '订单号',
        dataIndex: 'orderNo',
        sortable: true,
        width: 150,
        fixed: 'left',
        render: (_, row) =>
          row.isTotal ? (
            '合计'
          ) : (
            <ActionLink onClick={() => navigate(salesOrderInfoPath(row.orderId))} data-testid={`unshipped-order-${row.orderNo}`}>
              {row.orderNo}
            </ActionLink>
          ),
        exportValue: (row) => row.orderNo,
      },
      { key: 'orderDate', title: '下单日期', dataIndex: 'orderDate', sortable: true, width: 104, render: (v: string, row) => blank(row, v) },
      {
        key: 'age',
        title: '账龄',
        dataIndex: 'ageDays',
        width: 80,
        render: (_, row) => blank(row, <AgeTag bucket={row.bucket} days={row.ageDays} />),
        exportValue: (row) => (row.isTotal ? '' : `${row.ageDays}天（${UNSHIPPED_AGE_LABELS[row.bucket]}）`),
      },
      {
        key: 'kind',
        title: '类型',
        dataIndex: 'kind',
        width: 88,
        render: (_, row) => blank(row, <Tag color={SALES_ORDER_KIND_COLORS[row.kind]}>{SALES_ORDER_KIND_LABELS[row.kind]}</Tag>),
        exportValue: (row) => (row.isTotal ? '' : SALES_ORDER_KIND_LABELS[row.kind]),
      },
      { key: 'buyer', title: '购货方', dataIndex: 'buyerName', width: 130, render: (v: string, row) => blank(row, <Clip text={v} width={126} />) },
      { key: 'shop', title: '收货门店', dataIndex: 'shopName', width: 130, defaultHidden: true, render: (v: string, row) => blank(row, <Clip text={v} width={126} />) },
      { key: 'styleNo', title: '款号', dataIndex: 'styleNo', sortable: true, width: 110, render: (v: string, row) => blank(row, v) },
      { key: 'styleName', title: '品名', dataIndex: 'styleName', width: 130, defaultHidden: true, render: (v: string, row) => blank(row, v) },
      { key: 'season', title: '订货季', dataIndex: 'seasonName', width: 140, defaultHidden: true, render: (v: string, row) => blank(row, v) },
      { key: 'ordered', title: '订货', dataIndex: 'ordered', width: 70, align: 'right', kind: 'quantity', render: (v: number, row) => blank(row, v) },
      { key: 'approved', title: '审核', dataIndex: 'approved', width: 70, align: 'right', kind: 'quantity', render: (v: number | null, row) => blank(row, v ?? '待审') },
      { key: 'shipped', title: '已发', dataIndex: 'shipped', width: 70, align: 'right', kind: 'quantity', render: (v: number, row) => blank(row, v) },
      {
        key: 'unshipped',
        title: '未发',
        tooltip: OUTSTANDING_HINT,
        dataIndex: 'unshipped',
        sortable: true,
        width: 76,
        align: 'right',
        kind: 'quantity',
        render: (v: number) => <strong>{v}</strong>,
      },
      moneyColumn({ title: '未发金额', dataIndex: 'unshippedAmountFen', width: 116, sortable: true }),
      {
        key: 'status',
        title: '状态',
        dataIndex: 'status',
        width: 90,
        render: (_, row) => blank(row, <SalesOrderStatusTag status={row.status} />),
        exportValue: (row) => (row.isTotal ? '' : row.statusLabel),
      },
    ];
  }, [navigate]);

  return (
    <div>
      {totals ? (
        <Space wrap style={{ marginBottom: 12 }} data-testid="unshipped-buckets">
          <span>
            未发合计 <strong>{totals.unshipped}</strong> 件 · {formatYuan(totals.unshippedAmountFen)} · {totals.orderCount} 张订单：
          </span>
          {UNSHIPPED_AGE_BUCKETS.map((b) => (
            <Tag key={b} color={unshippedAgeColor(b)}>
              {UNSHIPPED_AGE_LABELS[b]} {totals.buckets[b].unshipped} 件 · {formatYuan(totals.buckets[b].unshippedAmountFen)}
            </Tag>
          ))}
        </Space>
      ) : null}
      <ListPage<Row, UnshippedFilters>
        listId="ordering-unshipped"
        title="未发货"
        testId="unshipped"
        queryKey={reorderKeys.unshipped}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(row) => (row.isTotal ? TOTAL_ROW_KEY : row.key)}
        initialFilters={INITIAL}
        urlFilters={URL_FILTERS}
        searchFields={searchFields()}
        defaultSort={DEFAULT_SORT}
        tableProps={{ rowClassName: (row) => (row.isTotal ? 'order-report-total-row' : '') }}
      />
    </div>
  );
}
