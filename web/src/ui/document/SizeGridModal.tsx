import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Alert, Empty, Modal, Select, Spin, type ButtonProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STOCK_QUANTITY_MAX } from '@erp/shared';
import type { ProductDetail } from '../../api/products.ts';
import { runOf, sizeRunApi, sizeRunKeys } from '../../api/size-runs.ts';
import { docItemKeys, docItemsApi } from '../../api/doc-items.ts';
import { SizeRunGrid } from './SizeRunGrid.tsx';
import { grandTotal, gridProblem, runAxes, type SavedRun } from './size-run-rules.ts';
import { skusOfProduct, type PickedSku, type SizeGrid } from './lines-rules.ts';
import './stock-docs.css';

export interface SizeGridModalProps {
  open: boolean;
  onClose: () => void;
  /** the SKUs of the picked style and the quantities entered (by SKU id); the style too (e.g. for its cost price) */
  onAdd: (skus: PickedSku[], grid: SizeGrid, product: ProductDetail) => void;
  /** figures under each cell (besides the stock) */
  extra?: (sku: PickedSku) => ReactNode;
  /** the warehouse goods leave from: each cell shows what it holds (可用 n) */
  stockWarehouseId?: number | null;
  /** once closed (added or cancelled): where the focus goes back to, e.g. the page's scan box */
  returnFocus?: () => void;
}

/** 按款添加: pick a style, then type quantities in its colour × size grid (or fill a colour by 配码: a saved run, the style's default first, or one typed). */
export function SizeGridModal({ open, onClose, onAdd, extra, stockWarehouseId = null, returnFocus }: SizeGridModalProps) {
  const [keyword, setKeyword] = useState('');
  const q = useDeferredValue(keyword.trim());
  const [productId, setProductId] = useState<number | null>(null);
  const [grid, setGrid] = useState<Record<number, number | null | undefined>>({});
  const search = useQuery({
    queryKey: docItemKeys.search(q),
    queryFn: ({ signal }) => docItemsApi.search(q, signal),
    enabled: open && q.length > 0,
    placeholderData: keepPreviousData,
  });
  const product = useQuery({
    queryKey: docItemKeys.product(productId ?? 0),
    queryFn: ({ signal }) => docItemsApi.product(productId!, signal),
    enabled: productId !== null,
  });
  const stock = useQuery({
    queryKey: docItemKeys.styleStock(stockWarehouseId ?? 0, productId ?? 0),
    queryFn: ({ signal }) => docItemsApi.styleStock(stockWarehouseId!, productId!, signal),
    enabled: open && stockWarehouseId !== null && productId !== null,
    // what is there changes with every posting: read it afresh for each opening
    staleTime: 0,
  });
  const groupId = product.data?.sizeGroupId ?? 0;
  // the style's size group's saved runs, for the 配码 entry; without them a run is still typed
  const runOptions = useQuery({
    queryKey: sizeRunKeys.options(groupId),
    queryFn: ({ signal }) => sizeRunApi.options(groupId, signal),
    enabled: open && groupId > 0,
  });
  const runs = useMemo<SavedRun[]>(() => (runOptions.data ?? []).map((r) => ({ id: r.id, name: r.name, run: runOf(r) })), [runOptions.data]);
  // preselected: the style's own default run, else its group's
  const defaultRunId = product.data?.sizeRunId ?? runOptions.data?.find((r) => r.isDefault)?.id ?? null;
  const held = useMemo(() => new Map(stock.data?.items.map((i) => [i.skuId, i.quantity])), [stock.data]);
  const skus = useMemo(() => (product.data ? skusOfProduct(product.data) : []), [product.data]);
  const cells = useMemo(() => skus.map((sku) => ({ ...sku, colourKey: sku.colourName })), [skus]);
  // the same total the grid shows under its cells
  const total = grandTotal(grid, STOCK_QUANTITY_MAX);
  // a bad cell stays as typed and marked; nothing is added until it is mended
  const problem = gridProblem(runAxes(cells), grid, STOCK_QUANTITY_MAX);

  const reset = () => {
    setKeyword('');
    setProductId(null);
    setGrid({});
  };
  const add = () => {
    if (!product.data || problem) return;
    onAdd(skus, grid, product.data);
    setGrid({});
  };

  return (
    <Modal
      title="按款号添加"
      open={open}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (visible) return;
        reset();
        returnFocus?.();
      }}
      // the scanner goes on typing into the scan box, not into the button that opened the grid
      focusable={{ focusTriggerAfterClose: !returnFocus }}
      okText={`添加 ${total} 件`}
      okButtonProps={{ disabled: total === 0 || !!problem, 'data-testid': 'grid-add' } as ButtonProps}
      onOk={add}
      width={760}
      destroyOnHidden
    >
      <Select<number>
        style={{ width: '100%', marginBottom: 12 }}
        placeholder="输入款号或名称搜索"
        value={productId ?? undefined}
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        onChange={(id) => {
          setProductId(id);
          setGrid({});
        }}
        options={(search.data ?? []).map((p) => ({ value: p.id, label: `${p.styleNo} ${p.name}` }))}
        notFoundContent={q ? search.isFetching ? <Spin size="small" /> : '无匹配的商品' : '请输入款号'}
        data-testid="grid-style"
      />
      {productId === null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="先选择款号" />
      ) : product.isError ? (
        <Alert type="error" showIcon title="商品加载失败" />
      ) : !product.data ? (
        <Spin />
      ) : skus.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该款没有启用的SKU" />
      ) : (
        <div data-testid="grid-table">
          <SizeRunGrid
            mode="entry"
            cells={cells}
            value={grid}
            onChange={setGrid}
            max={STOCK_QUANTITY_MAX}
            runEntry
            runs={runs}
            defaultRunId={defaultRunId}
            extra={
              extra || stockWarehouseId !== null
                ? (cell) => (
                    <>
                      {stockWarehouseId !== null ? (
                        <StockFigure quantity={stock.data ? (held.get(cell.skuId) ?? 0) : null} failed={stock.isError} testId={`grid-stock-${cell.barcode}`} />
                      ) : null}
                      {extra?.(cell)}
                    </>
                  )
                : undefined
            }
            testId="grid"
          />
          {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 8 }} data-testid="grid-problem" /> : null}
        </div>
      )}
    </Modal>
  );
}

/** 可用 n under a cell: grey, red when there is none (or less than none). */
function StockFigure({ quantity, failed, testId }: { quantity: number | null; failed: boolean; testId: string }) {
  if (failed) return null;
  return (
    <span className={quantity !== null && quantity <= 0 ? 'size-grid__stock is-empty' : 'size-grid__stock'} data-testid={testId}>
      可用 {quantity ?? '…'}
    </span>
  );
}
