import { useCallback, useMemo, useState } from 'react';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { displayOrEmpty, INVENTORY_COLUMNS, shanghaiToday, INVENTORY_GROUP_LABELS, INVENTORY_GROUPS, type InventoryGroup, type InventoryReportRecord } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { MovesDrawer, type MovesTarget } from '../stock/MovesDrawer.tsx';
import { goodsSearchFields } from '../stock/stock-filters.tsx';
import { TOTAL_ROW_KEY, withTotalsRow } from '../../../ui/report/report-grid.ts';
import { stockReportApi, stockReportKeys, type InventoryFilters } from '../stock/stock-report-api.ts';
import { drillCaption, drillFilter, type InventoryFigureKey } from './inventory-drill.ts';
import { dayRangeParams } from './report-dates.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import '../stock/stock.css';
import { urlDateRange, urlId, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';

interface ReportFilters extends Omit<InventoryFilters, 'dateFrom' | 'dateTo'> {
  range?: [Dayjs | null, Dayjs | null];
}

/** A row with the query it answers, so a figure drills into exactly the moves behind it. */
type ReportRow = InventoryReportRecord & { isTotal?: boolean; query: InventoryFilters };

const GROUP_OPTIONS = INVENTORY_GROUPS.map((value) => ({ value, label: INVENTORY_GROUP_LABELS[value] }));
const DEFAULT_SORT = { field: 'styleNo', order: 'asc' } as const;
const URL_FILTERS: ListUrlFilters<ReportFilters> = {
  range: urlDateRange('dateFrom', 'dateTo'),
  warehouseId: urlId,
  keyword: urlText,
  brandId: urlId,
  categoryId: urlId,
  groupBy: urlOneOf(INVENTORY_GROUPS),
};
const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'range', label: '日期', wide: true, input: <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} data-testid="inventory-range" /> },
  ...goodsSearchFields('inventory', { shelf: false }),
  { name: 'groupBy', label: '统计方式', input: <Select options={GROUP_OPTIONS} data-testid="inventory-group" /> },
];

/** This month up to today, business days (Asia/Shanghai) whatever the browser's zone. */
const initialFilters = (): ReportFilters => {
  const today = dayjs(shanghaiToday());
  return { range: [today.startOf('month'), today], groupBy: 'sku' };
};

/**
 * 库存报表 (warehouse/statistics/inventory, 进销存): for a period and warehouse, per SKU or style, the
 * opening balance, ins and outs by document type and the closing balance, 合计 on top. A figure
 * opens the moves that make it.
 */
export function InventoryReportPage() {
  const [initial] = useState(initialFilters);
  const [groupBy, setGroupBy] = useState<InventoryGroup>('sku');
  const [moves, setMoves] = useState<MovesTarget | null>(null);

  const fetchPage = useCallback(async (params: ListParams<ReportFilters>, signal?: AbortSignal) => {
    const { range, page: pageNo, limit, sort, order, ...rest } = params;
    const query: InventoryFilters = { ...rest, ...dayRangeParams(range) };
    const page = await stockReportApi.inventory({ ...query, page: pageNo, limit, sort, order }, signal);
    setGroupBy(query.groupBy ?? 'sku');
    const records: ReportRow[] = page.records.map((r) => ({ ...r, query }));
    const totals: ReportRow = {
      ...page.totals,
      key: TOTAL_ROW_KEY,
      productId: 0,
      styleNo: '合计',
      productName: '',
      skuId: null,
      colourName: '',
      sizeName: '',
      barcode: '',
      isTotal: true,
      query,
    };
    return withTotalsRow<ReportRow>({ records, total: page.total }, totals, params);
  }, []);

  const columns = useMemo<ListColumn<ReportRow>[]>(() => {
    const figure = (key: InventoryFigureKey | 'inQuantity' | 'outQuantity', title: string, className?: string): ListColumn<ReportRow> => ({
      key,
      title,
      dataIndex: key,
      width: key.endsWith('Quantity') ? 96 : 84,
      align: 'right',
      className,
      sortable: ['openingQuantity', 'closingQuantity', 'inQuantity', 'outQuantity'].includes(key),
      render: (_, row) => {
        const value = row[key];
        if (value === 0) return <span className="stock-grid__zero">0</span>;
        if (row.isTotal || key === 'inQuantity' || key === 'outQuantity') return value;
        const filter = drillFilter(row, key, row.query);
        if (!filter) return value;
        const name = row.skuId !== null ? `${row.styleNo} ${row.colourName} ${row.sizeName}` : `${row.styleNo} ${row.productName}`;
        return (
          <ActionLink
            className="stock-report__figure"
            onClick={() => setMoves({ filter, title: name, caption: drillCaption(key, row.query) })}
            data-testid={`inventory-${key}-${row.key}`}
          >
            {value}
          </ActionLink>
        );
      },
    });
    const bySku = groupBy === 'sku';
    return [
      { key: 'styleNo', title: '款号', dataIndex: 'styleNo', sortable: true, width: 120, fixed: 'left' },
      { key: 'productName', title: '品名', dataIndex: 'productName', minWidth: 140, ellipsis: { showTitle: true } },
      ...(bySku
        ? [
            { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 72 },
            { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 64 },
            {
              key: 'barcode',
              title: '条码',
              dataIndex: 'barcode',
              width: 140,
              defaultHidden: true,
              render: (_: unknown, row: ReportRow) => (row.isTotal ? '' : displayOrEmpty(row.barcode)),
            },
          ]
        : []),
      figure('openingQuantity', '期初结存', 'stock-report__key-col'),
      ...INVENTORY_COLUMNS.filter((c) => c.direction === 'in').map((c) => figure(c.key, c.label)),
      figure('inQuantity', '入库合计', 'stock-report__sum-col'),
      ...INVENTORY_COLUMNS.filter((c) => c.direction === 'out').map((c) => figure(c.key, c.label)),
      figure('outQuantity', '出库合计', 'stock-report__sum-col'),
      // the balance stays in sight while the in/out columns scroll
      { ...figure('closingQuantity', '期末结存', 'stock-report__key-col'), fixed: 'right' },
    ];
  }, [groupBy]);

  return (
    <>
      <ListPage<ReportRow, ReportFilters>
        listId="stock-inventory"
        title="库存报表"
        testId="inventory"
        queryKey={stockReportKeys.inventory}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(row) => row.key}
        initialFilters={initial}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        tableProps={{ rowClassName: (row) => (row.isTotal ? 'stock-total-row' : ''), bordered: true }}
      />
      <MovesDrawer target={moves} onClose={() => setMoves(null)} />
    </>
  );
}
