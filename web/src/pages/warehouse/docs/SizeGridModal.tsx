import { useDeferredValue, useMemo, useState } from 'react';
import { Alert, Empty, InputNumber, Modal, Select, Spin, type ButtonProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STOCK_QUANTITY_MAX } from '@erp/shared';
import type { ProductDetail } from '../../product/list/product-api.ts';
import { docItemKeys, docItemsApi, skusOfProduct } from './doc-items-api.ts';
import { gridAxes, gridTotal, type PickedSku, type SizeGrid } from './doc-rules.ts';

export interface SizeGridModalProps {
  open: boolean;
  onClose: () => void;
  /** the SKUs of the picked style and the quantities entered (by SKU id); the style too (e.g. for its cost price) */
  onAdd: (skus: PickedSku[], grid: SizeGrid, product: ProductDetail) => void;
}

/** 按款添加: pick a style, then type quantities in its colour × size grid. */
export function SizeGridModal({ open, onClose, onAdd }: SizeGridModalProps) {
  const [keyword, setKeyword] = useState('');
  const q = useDeferredValue(keyword.trim());
  const [productId, setProductId] = useState<number | null>(null);
  const [grid, setGrid] = useState<Record<number, number | null>>({});
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
  const skus = useMemo(() => (product.data ? skusOfProduct(product.data) : []), [product.data]);
  const axes = useMemo(() => gridAxes(skus), [skus]);
  const total = gridTotal(grid);

  const reset = () => {
    setKeyword('');
    setProductId(null);
    setGrid({});
  };
  const add = () => {
    if (!product.data) return;
    onAdd(skus, grid, product.data);
    setGrid({});
  };

  return (
    <Modal
      title="按款号添加"
      open={open}
      onCancel={onClose}
      afterOpenChange={(visible) => (visible ? undefined : reset())}
      okText={`添加 ${total} 件`}
      okButtonProps={{ disabled: total === 0, 'data-testid': 'grid-add' } as ButtonProps}
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
        notFoundContent={q ? (search.isFetching ? <Spin size="small" /> : '无匹配的商品') : '请输入款号'}
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
        <div className="doc-grid" data-testid="grid-table">
          <table>
            <thead>
              <tr>
                <th>颜色＼尺码</th>
                {axes.sizes.map((size) => (
                  <th key={size}>{size}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {axes.colours.map((colour) => (
                <tr key={colour}>
                  <td className="doc-grid__colour">{colour}</td>
                  {axes.sizes.map((size) => {
                    const sku = axes.at(colour, size);
                    return (
                      <td key={size}>
                        {sku ? (
                          <InputNumber
                            size="small"
                            min={0}
                            max={STOCK_QUANTITY_MAX}
                            precision={0}
                            style={{ width: 72 }}
                            value={grid[sku.skuId] ?? null}
                            onChange={(v) => setGrid((g) => ({ ...g, [sku.skuId]: v }))}
                            data-testid={`grid-cell-${sku.barcode}`}
                          />
                        ) : (
                          '—'
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
