import { Breadcrumb, Button, Card, Descriptions, Empty, Flex, Result, Skeleton, Space, Table, Tag, type DescriptionsProps, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { displayOrEmpty, regionLabel, WAREHOUSE_CHILD_TYPES, WAREHOUSE_TYPE_LABELS, type WarehouseRecord, type WarehouseTreeNode } from '@erp/shared';
import { dictLabel, useDictOptions } from '../../../api/use-dict.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { warehouseApi, warehouseKeys, type WarehouseDetail } from '../warehouse-api.ts';
import { pathTo, WAREHOUSE_TYPE_COLORS } from './warehouse-rules.ts';
import { WarehouseToggle } from './WarehouseToggle.tsx';
import { ActionLink } from '../../../ui/ActionLink.tsx';

type DescriptionsItem = NonNullable<DescriptionsProps['items']>[number];

interface WarehouseDetailPanelProps {
  id: number;
  tree: readonly WarehouseTreeNode[];
  /** 编辑 */
  canEdit: boolean;
  /** 新增下级 and 停用/启用 (HQ with the edit code) */
  canManage: boolean;
  onSelect: (id: number) => void;
  onAddChild: (parent: WarehouseTreeNode) => void;
  onEdit: (record: WarehouseDetail) => void;
}

export const typeTag = (record: Pick<WarehouseRecord, 'type'>) => <Tag color={WAREHOUSE_TYPE_COLORS[record.type]}>{WAREHOUSE_TYPE_LABELS[record.type]}</Tag>;
export const statusTag = (enabled: boolean) => (enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>);

/** Every field in two columns; address and remark take a whole row. */
function fieldsOf(record: WarehouseDetail, regionText: (value: string) => string, onSelect: (id: number) => void): DescriptionsItem[] {
  const items: DescriptionsItem[] = [
    { key: 'code', label: '仓库编码', children: record.code },
    { key: 'name', label: '仓库名称', children: record.name },
    { key: 'type', label: '仓库类型', children: typeTag(record) },
    { key: 'enabled', label: '状态', children: statusTag(record.enabled) },
    {
      key: 'parent',
      label: '上级仓库',
      children: record.parentId ? <ActionLink onClick={() => onSelect(record.parentId!)}>{record.parentName}</ActionLink> : '无（顶级仓库）',
    },
  ];
  if (record.type === 'shop') items.push({ key: 'shop', label: '所属门店', children: displayOrEmpty(record.shopName) });
  if (record.type === 'overseas') items.push({ key: 'country', label: '国家/地区', children: displayOrEmpty(record.country) });
  items.push(
    { key: 'contact', label: '联系人', children: displayOrEmpty(record.contactName) },
    { key: 'phone', label: '联系电话', children: displayOrEmpty(record.phone) },
    { key: 'region', label: '区域', children: displayOrEmpty(regionText(record.region)) },
    { key: 'negative', label: '允许负库存', children: record.allowNegative ? <Tag color="orange">允许</Tag> : '不允许' },
    { key: 'shelves', label: '货架数', children: record.type === 'transit' ? '虚拟仓，无货架' : record.shelfCount },
    {
      key: 'stock',
      label: '库存合计',
      children: (
        <span data-testid="warehouse-detail-stock">
          {record.stockQuantity} 件（{record.stockRows} 条库存记录）
        </span>
      ),
    },
    { key: 'createdAt', label: '创建时间', children: formatDateTime(record.createdAt) },
    { key: 'updatedAt', label: '更新时间', children: formatDateTime(record.updatedAt) },
  );
  // an odd count would put the address beside the last field
  if (items.length % 2 === 1) items[items.length - 1] = { ...items[items.length - 1]!, span: 'filled' };
  items.push(
    { key: 'address', label: '地址', span: 'filled', children: displayOrEmpty(record.address) },
    { key: 'remark', label: '备注', span: 'filled', children: displayOrEmpty(record.remark) },
  );
  return items;
}

/** The selected warehouse: where it sits (上级), every field, its stock totals and its 下级 warehouses. */
export function WarehouseDetailPanel({ id, tree, canEdit, canManage, onSelect, onAddChild, onEdit }: WarehouseDetailPanelProps) {
  const detail = useQuery({ queryKey: warehouseKeys.detail(id), queryFn: ({ signal }) => warehouseApi.get(id, signal) });
  const children = useQuery({ queryKey: warehouseKeys.children(id), queryFn: ({ signal }) => warehouseApi.children(id, signal) });
  const regions = useDictOptions('region');
  const regionText = (value: string) => dictLabel(regions.options, value) || regionLabel(value);
  const path = pathTo(tree, id).reverse();
  const node = path.at(-1) ?? null;
  const record = detail.data;

  if (detail.error && !record) {
    return (
      <Card>
        <Result status="error" title="仓库加载失败" subTitle={detail.error.message} extra={<Button onClick={() => void detail.refetch()}>重试</Button>} />
      </Card>
    );
  }
  if (!record) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const mayHaveChildren = WAREHOUSE_CHILD_TYPES[record.type].length > 0;
  const childColumns: TableColumnsType<WarehouseRecord> = [
    {
      key: 'code',
      title: '仓库编码',
      dataIndex: 'code',
      width: 140,
      render: (code: string, row) => (
        <ActionLink onClick={() => onSelect(row.id)} data-testid={`warehouse-child-${code}`}>
          {code}
        </ActionLink>
      ),
    },
    { key: 'name', title: '仓库名称', dataIndex: 'name', ellipsis: true },
    { key: 'type', title: '类型', dataIndex: 'type', width: 120, render: (_, row) => typeTag(row) },
    { key: 'shop', title: '所属门店', dataIndex: 'shopName', width: 150, ellipsis: true, render: displayOrEmpty },
    { key: 'contact', title: '联系人', dataIndex: 'contactName', width: 90, render: displayOrEmpty },
    { key: 'shelves', title: '货架数', dataIndex: 'shelfCount', width: 76, align: 'right' },
    { key: 'enabled', title: '状态', dataIndex: 'enabled', width: 72, render: statusTag },
  ];

  return (
    <Flex vertical gap={12}>
      <Card
        className="wh-detail"
        title={
          <div className="wh-detail__title">
            {path.length > 1 ? (
              <Breadcrumb
                className="wh-detail__path"
                items={path.map((step) => (step.id === id ? { title: step.name } : { title: <ActionLink onClick={() => onSelect(step.id)}>{step.name}</ActionLink> }))}
              />
            ) : null}
            <Space size={8} wrap>
              <span className="wh-detail__name" data-testid="warehouse-detail-name">
                {record.name}
              </span>
              {typeTag(record)}
              {statusTag(record.enabled)}
            </Space>
          </div>
        }
        extra={
          <Space wrap>
            {canManage && mayHaveChildren && record.enabled && node ? (
              <Button icon={<PlusOutlined />} onClick={() => onAddChild(node)} data-testid="warehouse-add-child">
                新增下级
              </Button>
            ) : null}
            {canEdit ? (
              <Button type="primary" icon={<EditOutlined />} onClick={() => onEdit(record)} data-testid="warehouse-edit">
                编辑
              </Button>
            ) : null}
            {canManage ? <WarehouseToggle warehouse={record} /> : null}
          </Space>
        }
        data-testid="warehouse-detail"
      >
        <Descriptions column={2} bordered size="small" styles={{ label: { width: 108 } }} items={fieldsOf(record, regionText, onSelect)} />
      </Card>
      {mayHaveChildren ? (
        <Card title={`下级仓库（${children.data?.length ?? record.childCount}）`} className="wh-children" data-testid="warehouse-children">
          <Table<WarehouseRecord>
            size="small"
            rowKey="id"
            columns={childColumns}
            dataSource={children.data}
            loading={children.isFetching}
            pagination={false}
            rowClassName={(row) => (row.enabled ? '' : 'wh-row--off')}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无下级仓库" />,
            }}
          />
        </Card>
      ) : null}
    </Flex>
  );
}
