import { useCallback, useMemo, useState } from 'react';
import { Card, DatePicker, Input, Segmented, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { PURCHASE_SUMMARY_GROUP_LABELS, PURCHASE_SUMMARY_GROUPS, shanghaiToday, type PurchaseSummaryGroup, type PurchaseSummaryRecord } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { SupplierSelect } from '../../../ui/SupplierSelect.tsx';
import { summaryApi, summaryKeys } from '../purchase-refunds-api.ts';
import './purchase-summary.css';
import { urlDateRange, urlId, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { moneyColumn, MoneyText } from '../../../ui/money/index.ts';

interface SummaryFormFilters {
  range?: [Dayjs | null, Dayjs | null] | null;
  supplierId?: number;
  keyword?: string;
}

const GROUP_OPTIONS = PURCHASE_SUMMARY_GROUPS.map((value) => ({ value, label: PURCHASE_SUMMARY_GROUP_LABELS[value] }));
const DEFAULT_SORT = { field: 'orderedAmountFen', order: 'desc' } as const;
const URL_FILTERS: ListUrlFilters<SummaryFormFilters> = { range: urlDateRange(), supplierId: urlId, keyword: urlText };

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'range', label: '下单日期', wide: true, input: <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} data-testid="summary-range" /> },
  { name: 'supplierId', label: '供应商', input: <SupplierSelect placeholder="全部" data-testid="summary-supplier" /> },
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={64} placeholder="供应商、款号或品名" data-testid="summary-keyword" /> },
];

/** This year up to today (business days, Asia/Shanghai). */
const initialFilters = (): SummaryFormFilters => {
  const today = dayjs(shanghaiToday());
  return { range: [today.startOf('year'), today] };
};

type Figure = 'orderCount' | 'orderedQuantity' | 'orderedAmountFen' | 'receivedQuantity' | 'receivedAmountFen' | 'returnedQuantity' | 'returnedAmountFen';
const FIGURES: { key: Figure; title: string; money?: boolean }[] = [
  { key: 'orderCount', title: '订单数' },
  { key: 'orderedQuantity', title: '订购数量' },
  { key: 'orderedAmountFen', title: '订购金额', money: true },
  { key: 'receivedQuantity', title: '已收数量' },
  { key: 'receivedAmountFen', title: '已收金额', money: true },
  { key: 'returnedQuantity', title: '退货数量' },
  { key: 'returnedAmountFen', title: '退货金额', money: true },
];

const FIGURE_OF = new Map(FIGURES.map((f) => [f.key as string, f]));

/**
 * 本页合计 under the shown columns (列设置 may hide any): the label spans the shown key columns,
 * each shown figure column gets its sum, by column key rather than position.
 */
function TotalRow({ rows, shown }: { rows: readonly PurchaseSummaryRecord[]; shown: readonly ListColumn<PurchaseSummaryRecord>[] }) {
  const labelSpan = shown.findIndex((c) => FIGURE_OF.has(c.key));
  const span = labelSpan < 0 ? shown.length : labelSpan;
  return (
    <Table.Summary fixed>
      <Table.Summary.Row className="purchase-summary__total" data-testid="summary-total">
        {span > 0 ? (
          <Table.Summary.Cell index={0} colSpan={span}>
            本页合计
          </Table.Summary.Cell>
        ) : null}
        {shown.slice(span).map((column, i) => {
          const f = FIGURE_OF.get(column.key);
          const sum = f ? rows.reduce((s, r) => s + r[f.key], 0) : null;
          return (
            <Table.Summary.Cell key={column.key} index={span + i} align="right">
              {f ? f.money ? <MoneyText fen={sum} data-testid={`summary-total-${f.key}`} /> : <span data-testid={`summary-total-${f.key}`}>{sum}</span> : null}
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

function keyColumns(group: PurchaseSummaryGroup): ListColumn<PurchaseSummaryRecord>[] {
  if (group === 'supplier') {
    return [
      { key: 'supplierCode', title: '供应商编码', dataIndex: 'supplierCode', width: 130, fixed: 'left' },
      { key: 'supplierName', title: '供应商名称', dataIndex: 'supplierName', width: 180 },
    ];
  }
  if (group === 'style') {
    return [
      { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 130, fixed: 'left' },
      { key: 'productName', title: '品名', dataIndex: 'productName', width: 180 },
    ];
  }
  return [{ key: 'month', title: '月份', dataIndex: 'month', width: 110, fixed: 'left', sortable: true, sortField: 'key' }];
}

/**
 * 采购汇总: orders made in the period (by order date; drafts excluded) grouped by supplier, style or
 * month: orders, ordered / received / returned quantities and amounts; 本页合计 below; Excel export.
 */
export function PurchaseSummaryPage() {
  const [initial] = useState(initialFilters);
  const [group, setGroup] = useState<PurchaseSummaryGroup>('supplier');

  const fetchPage = useCallback(
    ({ range, ...rest }: ListParams<SummaryFormFilters>, signal?: AbortSignal) => {
      const [from, to] = range ?? [];
      return summaryApi.page({ ...rest, groupBy: group, ...(from ? { from: from.format('YYYY-MM-DD') } : {}), ...(to ? { to: to.format('YYYY-MM-DD') } : {}) }, signal);
    },
    [group],
  );
  const queryKey = useMemo(() => [...summaryKeys.page, group], [group]);

  const columns = useMemo<ListColumn<PurchaseSummaryRecord>[]>(
    () => [
      ...keyColumns(group),
      ...FIGURES.map(
        (f): ListColumn<PurchaseSummaryRecord> =>
          f.money
            ? moneyColumn<PurchaseSummaryRecord>({ title: f.title, dataIndex: f.key, width: 120, sortable: true })
            : { key: f.key, title: f.title, dataIndex: f.key, width: 96, align: 'right', sortable: true, kind: 'quantity' },
      ),
    ],
    [group],
  );

  return (
    <div className="purchase-summary">
      <Card size="small" className="purchase-summary__group">
        <Space>
          <span>分组</span>
          <Segmented<PurchaseSummaryGroup> options={GROUP_OPTIONS} value={group} onChange={setGroup} data-testid="summary-group" />
        </Space>
      </Card>
      {/* the filters stay when the grouping changes; the query key carries the grouping */}
      <ListPage<PurchaseSummaryRecord, SummaryFormFilters>
        listId={`purchase-summary-${group}`}
        title={`采购汇总（${PURCHASE_SUMMARY_GROUP_LABELS[group]}）`}
        testId="summary"
        queryKey={queryKey}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="key"
        initialFilters={initial}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        tableProps={{ bordered: true }}
        summary={(rows, shown) => (rows.length === 0 ? null : <TotalRow rows={rows} shown={shown} />)}
      />
    </div>
  );
}
