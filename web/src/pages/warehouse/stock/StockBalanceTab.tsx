import { useMemo } from 'react';
import { Input, Select } from 'antd';
import { displayOrEmpty, STOCK_ITEM_TYPE_LABELS, STOCK_ITEM_TYPES, type StockBalanceRecord } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import type { MovesTarget } from './MovesDrawer.tsx';
import { ShelfSelect, WarehouseSelect } from './stock-filters.tsx';
import { stockReportApi, stockReportKeys, type BalanceFilters } from './stock-report-api.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { urlId, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL: BalanceFilters = {};
const URL_FILTERS: ListUrlFilters<BalanceFilters> = { warehouseId: urlId, shelfId: urlId, keyword: urlText, itemType: urlOneOf(STOCK_ITEM_TYPES) };
const DEFAULT_SORT = { field: 'styleNo', order: 'asc' } as const;
const ITEM_TYPE_OPTIONS = STOCK_ITEM_TYPES.map((value) => ({ value, label: STOCK_ITEM_TYPE_LABELS[value] }));

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'warehouseId', label: '仓库', input: <WarehouseSelect testId="stock-balance-warehouse" /> },
  { name: 'shelfId', label: '货架', input: <ShelfSelect testId="stock-balance-shelf" /> },
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={60} placeholder="款号、品名、条码、物料编码或名称" data-testid="stock-balance-keyword" /> },
  { name: 'itemType', label: '物品类型', input: <Select allowClear placeholder="全部" options={ITEM_TYPE_OPTIONS} data-testid="stock-balance-item-type" /> },
];

export function movesTargetOfBalance(row: StockBalanceRecord): MovesTarget {
  const item = row.itemType === 'sku' ? { skuId: row.skuId! } : { materialId: row.materialId! };
  const name = row.itemType === 'sku' ? `${row.styleNo} ${row.colourName} ${row.sizeName}` : `${row.materialCode} ${row.materialName}`;
  return { filter: { ...item, warehouseId: row.warehouseId }, title: `${name} @ ${row.warehouseName}` };
}

/** 明细: one row per warehouse, shelf and item; the quantity opens the item's movements there. */
export function StockBalanceTab({ onMoves }: { onMoves: (target: MovesTarget) => void }) {
  const columns = useMemo<ListColumn<StockBalanceRecord>[]>(
    () => [
      { key: 'warehouse', title: '仓库', dataIndex: 'warehouseName', sortable: true, width: 160 },
      { key: 'shelf', title: '货架', dataIndex: 'shelfCode', width: 100, render: displayOrEmpty },
      {
        key: 'itemType',
        title: '类型',
        dataIndex: 'itemType',
        width: 70,
        render: (_, row) => STOCK_ITEM_TYPE_LABELS[row.itemType],
        exportValue: (row) => STOCK_ITEM_TYPE_LABELS[row.itemType],
      },
      {
        key: 'styleNo',
        title: '款号/编码',
        dataIndex: 'styleNo',
        sortable: true,
        width: 140,
        render: (_, row) => row.styleNo || row.materialCode,
        exportValue: (row) => row.styleNo || row.materialCode,
      },
      {
        key: 'name',
        title: '名称',
        dataIndex: 'productName',
        minWidth: 160,
        ellipsis: { showTitle: true },
        render: (_, row) => row.productName || row.materialName,
        exportValue: (row) => row.productName || row.materialName,
      },
      { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 80, render: displayOrEmpty },
      { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 70, render: displayOrEmpty },
      { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 150, render: displayOrEmpty },
      {
        key: 'quantity',
        title: '数量',
        dataIndex: 'quantity',
        sortable: true,
        width: 90,
        align: 'right',
        render: (_, row) => (
          <ActionLink onClick={() => onMoves(movesTargetOfBalance(row))} data-testid={`stock-balance-qty-${row.id}`}>
            {row.quantity}
          </ActionLink>
        ),
        exportValue: (row) => row.quantity,
      },
      dateTimeColumn('updatedAt', '更新时间', { width: 170, defaultHidden: true }),
    ],
    [onMoves],
  );
  return (
    <ListPage<StockBalanceRecord, BalanceFilters>
      listId="stock-balances"
      title="库存明细"
      testId="stock-balance"
      queryKey={stockReportKeys.balances}
      fetchPage={stockReportApi.balances}
      columns={columns}
      rowKey="id"
      initialFilters={INITIAL}
      urlFilters={URL_FILTERS}
      searchFields={SEARCH_FIELDS}
      defaultSort={DEFAULT_SORT}
    />
  );
}
