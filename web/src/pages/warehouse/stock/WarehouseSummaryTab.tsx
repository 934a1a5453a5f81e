import { useCallback, useMemo } from 'react';
import { WAREHOUSE_TYPE_LABELS, type WarehouseStockSummary, type WarehouseType } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import { GOODS_URL_FILTERS, goodsSearchFields } from './stock-filters.tsx';
import { TOTAL_ROW_KEY, withTotalsRow } from '../../../ui/report/report-grid.ts';
import { stockReportApi, stockReportKeys, type GoodsFilters } from './stock-report-api.ts';
import { moneyColumn } from '../../../ui/money/index.ts';

type SummaryRow = WarehouseStockSummary & { isTotal?: boolean };

const INITIAL: GoodsFilters = {};
const DEFAULT_SORT = { field: 'warehouse', order: 'asc' } as const;
const SEARCH_FIELDS = goodsSearchFields('stock-summary');
const typeLabel = (type: string) => WAREHOUSE_TYPE_LABELS[type as WarehouseType] ?? type;

/** 按仓库汇总: goods stock per warehouse (styles, SKUs, quantity; value at cost for HQ), 合计 on top. */
export function WarehouseSummaryTab({ showCost }: { showCost: boolean }) {
  const fetchPage = useCallback(async (params: ListParams<GoodsFilters>, signal?: AbortSignal) => {
    const page = await stockReportApi.summary(params, signal);
    const totals: SummaryRow = { warehouseId: 0, warehouseCode: '', warehouseName: '合计', warehouseType: '', isTotal: true, ...page.totals };
    return withTotalsRow<SummaryRow>(page, totals, params);
  }, []);

  const columns = useMemo<ListColumn<SummaryRow>[]>(
    () => [
      { key: 'warehouse', title: '仓库', dataIndex: 'warehouseName', sortable: true, width: 200 },
      { key: 'code', title: '仓库编码', dataIndex: 'warehouseCode', width: 130 },
      {
        key: 'type',
        title: '类型',
        dataIndex: 'warehouseType',
        width: 90,
        render: (_, row) => (row.isTotal ? '' : typeLabel(row.warehouseType)),
        exportValue: (row) => (row.isTotal ? '' : typeLabel(row.warehouseType)),
      },
      { key: 'styleCount', title: '款数', dataIndex: 'styleCount', width: 90, align: 'right' },
      { key: 'skuCount', title: 'SKU数', dataIndex: 'skuCount', width: 90, align: 'right' },
      { key: 'quantity', title: '库存数量', dataIndex: 'quantity', sortable: true, width: 110, align: 'right' },
      ...(showCost ? [moneyColumn<SummaryRow>({ key: 'value', title: '成本金额', dataIndex: 'valueFen', width: 140, sortable: true })] : []),
    ],
    [showCost],
  );

  return (
    <ListPage<SummaryRow, GoodsFilters>
      listId="stock-warehouse-summary"
      title="库存按仓库汇总"
      testId="stock-summary"
      queryKey={stockReportKeys.summary}
      fetchPage={fetchPage}
      columns={columns}
      rowKey={(row) => (row.isTotal ? TOTAL_ROW_KEY : row.warehouseId)}
      initialFilters={INITIAL}
      urlFilters={GOODS_URL_FILTERS}
      urlPrefix="summary."
      searchFields={SEARCH_FIELDS}
      defaultSort={DEFAULT_SORT}
      tableProps={{ rowClassName: (row) => (row.isTotal ? 'stock-total-row' : '') }}
    />
  );
}
