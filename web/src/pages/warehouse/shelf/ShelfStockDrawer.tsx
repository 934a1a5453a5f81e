import { useCallback, useMemo } from 'react';
import { Drawer, Input, Tag } from 'antd';
import { displayOrEmpty, type ShelfRecord, type StockBalanceRecord } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { shelfApi, warehouseKeys, type ShelfStockFilters } from '../warehouse-api.ts';
import { stockItemOf } from './shelf-rules.ts';
import { dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: ShelfStockFilters = {};
const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={60} placeholder="款号 / 条码" data-testid="shelf-stock-keyword" /> },
];

const COLUMNS: ListColumn<StockBalanceRecord>[] = [
  { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 130, render: (_, row) => stockItemOf(row).no, exportValue: (row) => stockItemOf(row).no },
  {
    key: 'productName',
    title: '商品名称',
    dataIndex: 'productName',
    minWidth: 160,
    ellipsis: { showTitle: true },
    render: (_, row) => (
      <>
        {row.itemType === 'material' ? <Tag color="cyan">物料</Tag> : null}
        {stockItemOf(row).name}
      </>
    ),
    exportValue: (row) => stockItemOf(row).name,
  },
  { key: 'colourName', title: '颜色', dataIndex: 'colourName', width: 90, render: displayOrEmpty },
  { key: 'sizeName', title: '尺码', dataIndex: 'sizeName', width: 72, render: displayOrEmpty },
  { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 150, render: displayOrEmpty },
  { key: 'quantity', title: '数量', dataIndex: 'quantity', width: 80, align: 'right' },
  dateTimeColumn('updatedAt', '更新时间', { sortable: false, defaultHidden: true }),
];

interface ShelfStockDrawerProps {
  /** the shelf clicked; null closes the drawer */
  shelf: ShelfRecord | null;
  onClose: () => void;
}

/** 货架库存: the shelf's non-zero stock lines (SKUs and materials), searchable and exportable. */
export function ShelfStockDrawer({ shelf, onClose }: ShelfStockDrawerProps) {
  const id = shelf?.id ?? 0;
  const queryKey = useMemo(() => warehouseKeys.shelfStock(id), [id]);
  const fetchPage = useCallback((params: ListParams<ShelfStockFilters>, signal?: AbortSignal) => shelfApi.stock(id, params, signal), [id]);

  return (
    <Drawer
      title={shelf ? `货架库存 · ${shelf.warehouseName} ${shelf.code}` : '货架库存'}
      open={shelf !== null}
      onClose={onClose}
      size={960}
      extra={shelf ? <span className="shelf-stock__total">合计 {shelf.quantity} 件</span> : null}
      destroyOnHidden
      className="shelf-stock"
      data-testid="shelf-stock-drawer"
    >
      {shelf ? (
        <ListPage<StockBalanceRecord, ShelfStockFilters>
          key={shelf.id}
          listId="warehouse-shelf-stock"
          title={`${shelf.warehouseName}-${shelf.code}货架库存`}
          testId="shelf-stock"
          queryKey={queryKey}
          fetchPage={fetchPage}
          columns={COLUMNS}
          rowKey="id"
          initialFilters={INITIAL_FILTERS}
          urlFilters={false}
          searchFields={SEARCH_FIELDS}
          tableProps={{ scroll: { x: 800 }, size: 'small' }}
        />
      ) : null}
    </Drawer>
  );
}
