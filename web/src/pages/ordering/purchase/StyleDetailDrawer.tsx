import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Image, Skeleton, Table, type TableColumnType } from 'antd';
import { formatYuan, PRICE_STEP_LABELS, SEASON_KIND_LABELS, type CatalogueSku, type PriceStep } from '@erp/shared';
import { SizeRunGrid } from '../../../ui/document/SizeRunGrid.tsx';
import { orderingApi, orderingKeys, type BuyerChoice } from '../../../api/ordering.ts';
import { AddToCart } from './AddToCart.tsx';
import { availabilityText } from './StyleCard.tsx';
import { formatSignedYuan, moneyColumn, MoneyText } from '../../../ui/money/index.ts';

const STEP_COLUMNS: TableColumnType<PriceStep>[] = [
  { key: 'step', title: '步骤', width: 90, render: (_: unknown, row: PriceStep) => PRICE_STEP_LABELS[row.step] },
  { key: 'rule', title: '规则', dataIndex: 'ruleName' },
  // 批发价 is the start; every later step adds to it (+¥ / −¥)
  {
    ...moneyColumn<PriceStep>({ key: 'amount', title: '金额', dataIndex: 'amount', width: 110 }),
    render: (_: unknown, row: PriceStep) => (row.step === 'list' ? formatYuan(row.amount) : formatSignedYuan(row.amount)),
  },
];

/**
 * 款式详情: pictures, the buyer's price breakdown and the colour × size grid with available stock per
 * cell; for a user with a cart the grid is the order's entry grid with 加入购物车 (`cart`: the
 * receiving shop chosen on the page, null while none is).
 */
export function StyleDetailDrawer({
  target,
  buyer,
  cart,
  onClose,
}: {
  target: { productId: number; seasonId: number } | null;
  buyer: BuyerChoice | null;
  cart?: { shopId: number | null } | null;
  onClose: () => void;
}) {
  const query = useQuery({
    queryKey: orderingKeys.style(target?.productId ?? 0, buyer, target?.seasonId ?? 0),
    queryFn: ({ signal }) => orderingApi.style(target!.productId, buyer, target!.seasonId, signal),
    enabled: target !== null,
  });
  const style = query.data;
  const cells = useMemo(() => (style?.skus ?? []).map((sku) => ({ ...sku, colourKey: String(sku.colourId) })), [style]);
  const pictures = style ? [style.mainImage, ...style.gallery].filter(Boolean) : [];
  return (
    <Drawer open={target !== null} onClose={onClose} width={760} destroyOnHidden title={style ? `${style.styleNo} ${style.name}` : '款式详情'} data-testid="style-detail">
      {query.isError ? <Alert type="error" showIcon title="款式加载失败，请稍后重试" /> : null}
      {!style ? (
        query.isError ? null : (
          <Skeleton active />
        )
      ) : (
        <>
          {pictures.length > 0 ? (
            <Image.PreviewGroup>
              <div className="style-detail__pictures">
                {pictures.map((url) => (
                  <Image key={url} width={96} height={96} src={url} alt={style.styleNo} />
                ))}
              </div>
            </Image.PreviewGroup>
          ) : null}
          <Descriptions size="small" column={3} bordered className="style-detail__facts">
            <Descriptions.Item label="订货季">{`${style.seasonName}（${SEASON_KIND_LABELS[style.seasonKind]}）`}</Descriptions.Item>
            <Descriptions.Item label="品牌">{style.brandName}</Descriptions.Item>
            <Descriptions.Item label="分类">{style.categoryName}</Descriptions.Item>
            <Descriptions.Item label="年份季节">{`${style.year} ${style.seasonLabel}`}</Descriptions.Item>
            <Descriptions.Item label="批发价">
              <MoneyText fen={style.wholesalePriceFen} />
            </Descriptions.Item>
            <Descriptions.Item label="订货价">
              <strong className="style-detail__price" data-testid="style-detail-price">
                <MoneyText fen={style.unitPriceFen} />
              </strong>
            </Descriptions.Item>
          </Descriptions>
          <h4 className="style-detail__heading">价格明细</h4>
          <Table<PriceStep> size="small" rowKey="step" pagination={false} columns={STEP_COLUMNS} dataSource={style.steps} data-testid="style-detail-steps" />
          <h4 className="style-detail__heading">
            颜色 × 尺码 <span className="style-detail__hint">{availabilityText(style)}</span>
          </h4>
          {cart && buyer ? (
            <AddToCart productId={style.productId} seasonId={style.seasonId} buyer={buyer} shopId={cart.shopId} />
          ) : (
            <SizeRunGrid<CatalogueSku & { colourKey: string }>
              mode="view"
              cells={cells}
              testId="style-detail-grid"
              cellId={(cell) => cell.barcode}
              renderCell={(cell) =>
                cell.available === null ? (
                  <span className="style-detail__preorder">{cell.expected ? `预计 ${cell.expected}` : '可预订'}</span>
                ) : (
                  <span className={cell.available > 0 ? 'style-detail__stock' : 'style-detail__stock is-out'}>{cell.available > 0 ? cell.available : '缺货'}</span>
                )
              }
            />
          )}
          {style.remark ? <p className="style-detail__remark">{style.remark}</p> : null}
        </>
      )}
    </Drawer>
  );
}
