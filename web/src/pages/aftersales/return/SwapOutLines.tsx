import { useMemo, useState } from 'react';
import { Alert, Button, Card, Popconfirm, Select, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatYuan, RETURN_QUANTITY_MAX, type SalesOrderEntryStyle } from '@erp/shared';
import { SizeRunGrid } from '../../../ui/document/SizeRunGrid.tsx';
import type { RunValues } from '../../../ui/document/size-run-rules.ts';
import { orderingApi, orderingKeys, type BuyerChoice } from '../../../api/ordering.ts';
import { salesOrdersApi } from '../../../api/sales-orders.ts';
import { only } from './ReturnBackGrids.tsx';
import { MoneyText } from '../../../ui/money/index.ts';

/** Pieces and amount of the out leg, at the buyer's prices today. */
export function outTotals(styles: readonly SalesOrderEntryStyle[], values: RunValues) {
  let pieces = 0;
  let amountFen = 0;
  for (const style of styles) {
    for (const sku of style.skus) {
      const q = values[sku.skuId];
      if (typeof q === 'number' && Number.isInteger(q) && q > 0) {
        pieces += q;
        amountFen += q * style.unitPriceFen;
      }
    }
  }
  return { pieces, amountFen };
}

export function useOutStyles(seasonId: number | null, buyer: BuyerChoice | null, productIds: readonly number[]) {
  return useQuery({
    queryKey: ['sales-returns', 'out-styles', seasonId, buyer, productIds],
    queryFn: ({ signal }) => Promise.all(productIds.map((id) => salesOrdersApi.entryStyle(id, seasonId!, buyer, signal))),
    enabled: seasonId !== null && buyer !== null && productIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * 换出: the styles HQ sends instead, chosen from the season's catalogue for the buyer, each on a
 * colour × size grid with the buyer's price today and HQ's available stock per cell.
 */
export function SwapOutLines({
  seasonId,
  buyer,
  productIds,
  onProducts,
  styles,
  values,
  onChange,
  loadError,
}: {
  seasonId: number | null;
  buyer: BuyerChoice | null;
  productIds: readonly number[];
  onProducts: (ids: number[]) => void;
  styles: readonly SalesOrderEntryStyle[];
  values: RunValues;
  onChange: (next: RunValues) => void;
  loadError?: string | null;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: [...orderingKeys.catalogue, 'swap-out', seasonId, buyer, keyword],
    queryFn: ({ signal }) => orderingApi.catalogue(buyer, { page: 1, limit: 20, seasonId: seasonId ?? undefined, keyword: keyword || undefined } as never, signal),
    enabled: seasonId !== null && buyer !== null,
    placeholderData: keepPreviousData,
  });
  const options = useMemo(
    () =>
      (found.data?.records ?? [])
        .filter((r) => !productIds.includes(r.productId))
        .map((r) => ({ value: r.productId, label: `${r.styleNo} ${r.name} · ${formatYuan(r.unitPriceFen)}` })),
    [found.data, productIds],
  );
  const totals = outTotals(styles, values);
  return (
    <Card
      size="small"
      title="换出商品"
      extra={
        <span data-testid="swap-out-totals">
          换出 <b>{totals.pieces}</b> 件 · <MoneyText fen={totals.amountFen} />
        </span>
      }
      data-testid="swap-out"
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <Select<number>
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          value={null as unknown as number}
          placeholder={buyer ? '输入款号或名称，选择要换出的款式' : '请先选择门店和订货季'}
          disabled={!buyer || seasonId === null}
          options={options}
          loading={found.isFetching}
          onChange={(id) => onProducts([...productIds, id])}
          style={{ width: 420 }}
          notFoundContent={found.isFetching ? '查询中…' : '本季没有可换出的款式'}
          data-testid="swap-out-style"
        />
        {loadError ? <Alert type="error" showIcon title={loadError} /> : null}
        {styles.map((style) => (
          <Card
            key={style.productId}
            size="small"
            type="inner"
            title={
              <Space>
                <b>{style.styleNo}</b>
                {style.name}
                <span>
                  单价 <MoneyText strong fen={style.unitPriceFen} />
                </span>
              </Space>
            }
            extra={
              <Popconfirm title="移除这个款式的换出数量？" onConfirm={() => onProducts(productIds.filter((id) => id !== style.productId))}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`移除${style.styleNo}`} />
              </Popconfirm>
            }
            data-testid={`swap-out-${style.styleNo}`}
          >
            <SizeRunGrid
              cells={style.skus.map((k) => ({ ...k, colourKey: String(k.colourId) }))}
              mode="entry"
              value={only(values, style.skus)}
              onChange={(next) => onChange({ ...values, ...next })}
              max={RETURN_QUANTITY_MAX}
              testId={`swap-out-grid-${style.styleNo}`}
              extra={(cell) => (cell.available === null ? null : `库存${cell.available}`)}
            />
          </Card>
        ))}
      </Space>
    </Card>
  );
}
