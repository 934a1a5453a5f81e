import { useMemo, useState } from 'react';
import { Button, Card, Popconfirm, Result, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CATEGORY_MAX_LEVEL, Permissions, ProductMasterMessages } from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { categoryApi, masterKeys, type Category } from '../../../api/product-master.ts';
import { allIds, nextSort, withoutEmptyChildren } from '../master-rules.ts';
import { CategoryFormModal, type CategoryFormTarget } from './CategoryFormModal.tsx';

const LEVEL_COLORS = ['blue', 'cyan', 'geekblue'];

/** 商品分类: a tree of up to three levels, edited in place (add a child, edit, delete a leaf). */
export function CategoryPage() {
  const client = useQueryClient();
  const can = usePermission();
  const query = useQuery({ queryKey: masterKeys.categories, queryFn: categoryApi.tree });
  const tree = useMemo(() => withoutEmptyChildren(query.data ?? []), [query.data]);
  const [expanded, setExpanded] = useState<readonly number[] | null>(null);
  const [target, setTarget] = useState<CategoryFormTarget | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: masterKeys.categories });
  const expandedKeys = expanded ?? allIds(tree);

  const addUnder = (parent: Category | null) =>
    setTarget({ record: null, parentId: parent?.id ?? null, nextSort: nextSort((parent ? (parent.children ?? []) : tree).map((c) => c.sort)) });

  const remove = async (row: Category) => {
    try {
      await categoryApi.remove(row.id);
      toast().success(ProductMasterMessages.deleted);
    } catch {
      // the request client has shown the server's message (children, in use)
    }
    await refresh();
  };

  const columns: TableColumnsType<Category> = [
    { key: 'name', title: '分类名称', dataIndex: 'name', render: (name: string, row) => <span data-testid={`category-name-${row.code}`}>{name}</span> },
    { key: 'code', title: '分类编码', dataIndex: 'code', width: 140 },
    {
      key: 'level',
      title: '层级',
      dataIndex: 'level',
      width: 90,
      render: (level: number) => <Tag color={LEVEL_COLORS[level - 1]}>{`${['一', '二', '三'][level - 1] ?? level}级`}</Tag>,
    },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 80 },
    {
      key: 'enabled',
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{enabled ? '启用' : '停用'}</Tag>,
    },
    { key: 'updatedAt', title: '更新时间', dataIndex: 'updatedAt', width: 170, render: formatDateTime },
  ];
  if (can(Permissions.categoryEdit)) {
    columns.push({
      key: 'actions',
      title: '操作',
      width: 190,
      fixed: 'right',
      render: (_, row) => (
        <Permission code={Permissions.categoryEdit}>
          <Space size={0}>
            <Button type="link" size="small" disabled={row.level >= CATEGORY_MAX_LEVEL} onClick={() => addUnder(row)} data-testid={`category-add-child-${row.code}`}>
              新增下级
            </Button>
            <Button type="link" size="small" onClick={() => setTarget({ record: row, parentId: row.parentId, nextSort: row.sort })} data-testid={`category-edit-${row.code}`}>
              编辑
            </Button>
            <Popconfirm
              title={`确定删除分类“${row.name}”吗？`}
              description={row.children?.length ? '该分类下还有子分类，需先删除子分类' : undefined}
              okText="删除"
              okButtonProps={{ danger: true }}
              placement="topRight"
              onConfirm={() => remove(row)}
            >
              <Button type="link" size="small" danger data-testid={`category-delete-${row.code}`}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        </Permission>
      ),
    });
  }

  return (
    <Card
      className="erp-list"
      title="商品分类"
      extra={
        <Space>
          <Typography.Text type="secondary">最多{CATEGORY_MAX_LEVEL}级</Typography.Text>
          <Button icon={<NodeExpandOutlined />} onClick={() => setExpanded(null)} data-testid="category-expand-all">
            全部展开
          </Button>
          <Button icon={<NodeCollapseOutlined />} onClick={() => setExpanded([])} data-testid="category-collapse-all">
            全部收起
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} aria-label="刷新" />
          <Permission code={Permissions.categoryEdit}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => addUnder(null)} data-testid="category-add">
              新增一级分类
            </Button>
          </Permission>
        </Space>
      }
    >
      {query.error ? (
        <Result status="error" title="数据加载失败" subTitle={query.error.message} extra={<Button onClick={() => void query.refetch()}>重试</Button>} />
      ) : (
        <Table<Category>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={tree}
          loading={query.isFetching}
          pagination={false}
          scroll={{ x: 900 }}
          expandable={{ expandedRowKeys: [...expandedKeys], onExpandedRowsChange: (keys) => setExpanded(keys as number[]) }}
          data-testid="category-table"
        />
      )}
      <CategoryFormModal
        target={target}
        tree={tree}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          void refresh();
        }}
      />
    </Card>
  );
}
