import { type ReactNode, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Image, Skeleton, Space, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { displayOrEmpty, formatYuan, Permissions, PRODUCT_STATUS_LABELS, productFieldsOf } from '@erp/shared';
import { getUserInfo } from '../../../auth/session.ts';
import { dictLabel, useDictOptions } from '../../../api/use-dict.ts';
import { CareSymbolIcon } from '../../../print/templates/CareSymbolIcon.tsx';
import { Permission } from '../../../access/Permission.tsx';
import { usePermission } from '../../../access/route-meta.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { productApi, productKeys, type ProductDetail, type SkuRecord } from '../../../api/products.ts';
import { compositionText } from './product-form-rules.ts';
import { SkuEditModal } from './SkuEditModal.tsx';
import { SkuGrid } from './SkuGrid.tsx';
import './product-edit.css';

export interface ProductDetailDrawerProps {
  /** the product shown; null closes the drawer */
  productId: number | null;
  onClose(): void;
  onEdit(id: number): void;
}

function Pictures({ product }: { product: ProductDetail }) {
  return (
    <div className="product-detail__pictures">
      {product.mainImage ? (
        <Image
          src={product.thumbnailUrl || product.mainImage}
          preview={{ src: product.mainImage }}
          width={168}
          height={168}
          alt={product.name}
          className="product-detail__main"
          data-testid="product-detail-main-image"
        />
      ) : (
        <div className="product-detail__main product-detail__main--empty">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无主图" />
        </div>
      )}
      {product.gallery.length > 0 ? (
        <Image.PreviewGroup>
          <div className="product-detail__gallery" data-testid="product-detail-gallery">
            {product.gallery.map((picture) => (
              <Image key={picture.url} src={picture.thumbnailUrl || picture.url} preview={{ src: picture.url }} width={64} height={64} />
            ))}
          </div>
        </Image.PreviewGroup>
      ) : null}
    </div>
  );
}

function Fields({ product }: { product: ProductDetail }) {
  const season = useDictOptions('season').options;
  const gender = useDictOptions('gender').options;
  const unit = useDictOptions('unit').options;
  const grade = useDictOptions('grade').options;
  const safety = useDictOptions('safety_category').options;
  // 供应商 as the role sees it, the prices as the server sends them (null: not for this role);
  // the last of these fills its row of three
  const middle: { label: string; value: ReactNode }[] = [
    { label: '单位', value: displayOrEmpty(dictLabel(unit, product.unit)) },
    { label: '尺码组', value: product.sizeGroupName },
    ...(productFieldsOf(getUserInfo()?.roleType).supplier ? [{ label: '供应商', value: displayOrEmpty(product.supplierName) }] : []),
    { label: '吊牌价', value: formatYuan(product.retailPriceFen) },
    ...(product.wholesalePriceFen === undefined ? [] : [{ label: '批发价', value: formatYuan(product.wholesalePriceFen) }]),
    ...(product.costPriceFen === undefined ? [] : [{ label: '成本价', value: formatYuan(product.costPriceFen) }]),
  ];
  return (
    <Descriptions column={3} bordered size="small" styles={{ label: { width: 92 } }} className="product-detail__fields" data-testid="product-detail-fields">
      <Descriptions.Item label="款号">
        <span className="sku-grid__barcode">{product.styleNo}</span>
      </Descriptions.Item>
      <Descriptions.Item label="名称" span={2}>
        {product.name}
      </Descriptions.Item>
      <Descriptions.Item label="品牌">{product.brandName}</Descriptions.Item>
      <Descriptions.Item label="分类">{product.categoryName}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <Tag color={product.status === 'on_sale' ? 'green' : 'default'}>{PRODUCT_STATUS_LABELS[product.status]}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="年份">{product.year}</Descriptions.Item>
      <Descriptions.Item label="季节">{displayOrEmpty(dictLabel(season, product.season))}</Descriptions.Item>
      <Descriptions.Item label="性别">{displayOrEmpty(dictLabel(gender, product.gender))}</Descriptions.Item>
      {middle.map((item, index) => (
        <Descriptions.Item key={item.label} label={item.label} span={index === middle.length - 1 ? 3 - (index % 3) : 1}>
          {item.value}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label="等级">{displayOrEmpty(dictLabel(grade, product.grade))}</Descriptions.Item>
      <Descriptions.Item label="安全类别">{displayOrEmpty(dictLabel(safety, product.safetyCategory))}</Descriptions.Item>
      <Descriptions.Item label="执行标准">{displayOrEmpty(product.standard)}</Descriptions.Item>
      <Descriptions.Item label="成分" span={3}>
        {displayOrEmpty(compositionText(product.composition))}
      </Descriptions.Item>
      <Descriptions.Item label="洗涤说明" span={3}>
        {product.care.length === 0 ? (
          displayOrEmpty('')
        ) : (
          <span className="product-detail__care">
            {product.care.map((c, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list shown as saved; care lines have no id and may repeat
              <span key={index} className="product-detail__care-item">
                {c.symbol ? (
                  <span className="product-care__icon">
                    <CareSymbolIcon symbol={c.symbol} />
                  </span>
                ) : null}
                {c.text}
              </span>
            ))}
          </span>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="标签" span={3}>
        {product.tags.length === 0
          ? displayOrEmpty('')
          : product.tags.map((tag) => (
              <Tag key={tag.id} color={tag.enabled ? tag.color : undefined} className={tag.enabled ? undefined : 'product-detail__tag-off'}>
                {tag.name}
              </Tag>
            ))}
      </Descriptions.Item>
      <Descriptions.Item label="备注" span={3}>
        <span className="product-detail__remark">{displayOrEmpty(product.remark)}</span>
      </Descriptions.Item>
      <Descriptions.Item label="创建时间">
        <span className="product-detail__time">{formatDateTime(product.createdAt)}</span>
      </Descriptions.Item>
      <Descriptions.Item label="更新时间" span={2}>
        <span className="product-detail__time">{formatDateTime(product.updatedAt)}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** 商品详情: pictures, every field (cost only for HQ), and the colour × size SKU grid. */
export function ProductDetailDrawer({ productId, onClose, onEdit }: ProductDetailDrawerProps) {
  const client = useQueryClient();
  const can = usePermission();
  // while the drawer slides shut the parent already says null: keep showing the product
  const [shownId, setShownId] = useState(productId);
  if (productId !== null && productId !== shownId) setShownId(productId);
  const id = productId ?? shownId ?? 0;
  const query = useQuery({ queryKey: productKeys.one(id), queryFn: ({ signal }) => productApi.get(id, signal), enabled: id > 0 });
  const [editing, setEditing] = useState<SkuRecord | null>(null);
  const product = query.data && query.data.id === id ? query.data : null;

  const skuSaved = () => {
    setEditing(null);
    void client.invalidateQueries({ queryKey: productKeys.all });
  };

  return (
    <Drawer
      title={product ? `商品详情 · ${product.styleNo}` : '商品详情'}
      open={productId !== null}
      onClose={onClose}
      size={1000}
      destroyOnHidden
      data-testid="product-detail"
      extra={
        product ? (
          <Permission code={Permissions.productEdit}>
            <Button type="primary" icon={<EditOutlined />} onClick={() => onEdit(product.id)} data-testid="product-detail-edit">
              编辑
            </Button>
          </Permission>
        ) : null
      }
    >
      {query.isError && !product ? (
        <Alert type="error" showIcon title={`商品加载失败：${query.error.message}`} action={<Button onClick={() => query.refetch()}>重试</Button>} />
      ) : product ? (
        <>
          <div className="product-detail__top">
            <Pictures product={product} />
            <Fields product={product} />
          </div>
          <div className="product-detail__skus">
            <Space className="product-detail__skus-head" size={12}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                SKU（颜色 × 尺码）
              </Typography.Title>
              {can(Permissions.productEdit) ? <Typography.Text type="secondary">点击条码可修改 SKU</Typography.Text> : null}
            </Space>
            <SkuGrid skus={product.skus} onPick={can(Permissions.productEdit) ? setEditing : undefined} />
          </div>
          <SkuEditModal sku={editing} onClose={() => setEditing(null)} onSaved={skuSaved} />
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Drawer>
  );
}
