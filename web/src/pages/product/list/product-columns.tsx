import { Button, Image, Space, Tag } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { displayOrEmpty, Permissions, PRODUCT_STATUS_LABELS } from '@erp/shared';
import { dictLabel, type DictOption } from '../../../api/use-dict.ts';
import { Permission } from '../../../access/Permission.tsx';
import type { ListColumn } from '../../../ui/list-page/ListPage.tsx';
import { moneyColumn } from '../../../ui/money/index.ts';
import type { ProductListRecord } from '../../../api/products.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

export interface ProductColumnsOptions {
  seasons: readonly DictOption[];
  /** the rows carry 成本价 (HQ): agents, shops and suppliers never see the column */
  showCost: boolean;
  /** 批发价: not for suppliers */
  showWholesale: boolean;
  /** 供应商: not for agents and shops */
  showSupplier: boolean;
  onView: (id: number) => void;
  onEdit: (id: number) => void;
}

const THUMB = 60;

function Thumbnail({ row }: { row: ProductListRecord }) {
  if (!row.thumbnailUrl) {
    return (
      <span className="product-thumb product-thumb--empty" role="img" aria-label="无图片" data-testid={`product-thumb-empty-${row.styleNo}`}>
        <PictureOutlined />
      </span>
    );
  }
  return <Image className="product-thumb" src={row.thumbnailUrl} preview={{ src: row.mainImage || row.thumbnailUrl }} width={THUMB} height={THUMB} alt={row.name} />;
}

/** The 商品 list's columns: exported prices are yuan numbers, other cells labels like the screen. */
export function productColumns({ seasons, showCost, showWholesale, showSupplier, onView, onEdit }: ProductColumnsOptions): ListColumn<ProductListRecord>[] {
  const columns: (ListColumn<ProductListRecord> | null)[] = [
    { key: 'image', title: '图片', width: THUMB + 16, exportable: false, render: (_, row) => <Thumbnail row={row} /> },
    {
      key: 'styleNo',
      title: '款号',
      dataIndex: 'styleNo',
      sortable: true,
      width: 130,
      render: (_, row) => (
        <ActionLink onClick={() => onView(row.id)} data-testid={`product-view-${row.styleNo}`}>
          {row.styleNo}
        </ActionLink>
      ),
      exportValue: (row) => row.styleNo,
    },
    { key: 'name', title: '商品名称', dataIndex: 'name', minWidth: 160, ellipsis: { showTitle: true } },
    { key: 'brand', title: '品牌', dataIndex: 'brandName', width: 100, render: displayOrEmpty },
    { key: 'category', title: '分类', dataIndex: 'categoryName', width: 100, render: displayOrEmpty },
    { key: 'year', title: '年份', dataIndex: 'year', width: 72 },
    {
      key: 'season',
      title: '季节',
      dataIndex: 'season',
      width: 72,
      render: (_, row) => displayOrEmpty(dictLabel(seasons, row.season)),
      exportValue: (row) => dictLabel(seasons, row.season),
    },
    moneyColumn<ProductListRecord>({ key: 'retailPrice', title: '吊牌价', dataIndex: 'retailPriceFen', sortable: true, width: 110 }),
    showWholesale ? moneyColumn<ProductListRecord>({ key: 'wholesalePrice', title: '批发价', dataIndex: 'wholesalePriceFen', width: 104 }) : null,
    showCost ? moneyColumn<ProductListRecord>({ key: 'costPrice', title: '成本价', dataIndex: 'costPriceFen', width: 104 }) : null,
    showSupplier ? { key: 'supplier', title: '供应商', dataIndex: 'supplierName', width: 180, ellipsis: { showTitle: true }, render: displayOrEmpty } : null,
    { key: 'skuCount', title: 'SKU数', dataIndex: 'skuCount', width: 72, align: 'right' },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 72,
      render: (_, row) => <Tag color={row.status === 'on_sale' ? 'green' : 'default'}>{PRODUCT_STATUS_LABELS[row.status]}</Tag>,
      exportValue: (row) => PRODUCT_STATUS_LABELS[row.status],
    },
    dateTimeColumn('createdAt', '创建时间', { width: 170 }),
    actionColumn(120, (row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => onView(row.id)} data-testid={`product-detail-${row.styleNo}`}>
          详情
        </Button>
        <Permission code={Permissions.productEdit}>
          <Button type="link" size="small" onClick={() => onEdit(row.id)} data-testid={`product-edit-${row.styleNo}`}>
            编辑
          </Button>
        </Permission>
      </Space>
    )),
  ];
  return columns.filter((column): column is ListColumn<ProductListRecord> => column !== null);
}
