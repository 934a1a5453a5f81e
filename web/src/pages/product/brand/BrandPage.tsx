import { useMemo, useState } from 'react';
import { Button, Image, Input, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { displayOrEmpty, EMPTY_DISPLAY, Permissions, ProductMasterMessages, thumbnailUrl } from '@erp/shared';
import { Permission } from '../../../router/Permission.tsx';
import { usePermission } from '../../../router/route-meta.ts';
import { toast } from '../../../ui/feedback.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { brandApi, masterKeys, type Brand, type MasterFilters } from '../master-api.ts';
import { nextSort } from '../master-rules.ts';
import { BrandFormModal, type BrandFormTarget } from './BrandFormModal.tsx';

const INITIAL_FILTERS: MasterFilters = {};
const DEFAULT_SORT = { field: 'sort', order: 'asc' } as const;

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={32} placeholder="编码 / 名称" data-testid="brand-keyword" /> },
  {
    name: 'enabled',
    label: '状态',
    input: (
      <Select
        allowClear
        placeholder="全部"
        options={[
          { value: 'true', label: '启用' },
          { value: 'false', label: '停用' },
        ]}
        data-testid="brand-enabled"
      />
    ),
  },
];

const BASE_COLUMNS: ListColumn<Brand>[] = [
  {
    key: 'logoUrl',
    title: '标志',
    dataIndex: 'logoUrl',
    width: 72,
    exportable: false,
    render: (url: string) => (url ? <Image src={thumbnailUrl(url)} preview={{ src: url }} width={40} height={40} style={{ objectFit: 'contain' }} /> : EMPTY_DISPLAY),
  },
  { key: 'code', title: '品牌编码', dataIndex: 'code', width: 120, sortable: true },
  { key: 'name', title: '品牌名称', dataIndex: 'name', sortable: true, ellipsis: { showTitle: true } },
  { key: 'sort', title: '排序', dataIndex: 'sort', width: 80, sortable: true },
  { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: { showTitle: true }, render: displayOrEmpty },
  { key: 'updatedAt', title: '更新时间', dataIndex: 'updatedAt', width: 160, sortable: true, render: formatDateTime, exportValue: (r) => formatDateTime(r.updatedAt) },
];

/** 品牌: the brands products are filed under. */
export function BrandPage() {
  const client = useQueryClient();
  const can = usePermission();
  const [target, setTarget] = useState<BrandFormTarget | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: masterKeys.brands });

  const columns = useMemo<ListColumn<Brand>[]>(() => {
    const editable = can(Permissions.brandEdit);
    const status: ListColumn<Brand> = {
      key: 'enabled',
      title: '状态',
      dataIndex: 'enabled',
      width: 88,
      exportValue: (r) => (r.enabled ? '启用' : '停用'),
      render: (_, row) =>
        editable ? (
          <Switch
            size="small"
            checked={row.enabled}
            checkedChildren="启用"
            unCheckedChildren="停用"
            onChange={async (enabled) => {
              try {
                await brandApi.update(row.id, { enabled });
                toast().success(enabled ? '已启用' : '已停用');
              } catch {
                // the request client has shown the server's message
              } finally {
                await refresh();
              }
            }}
            data-testid={`brand-enabled-${row.id}`}
          />
        ) : (
          <Tag color={row.enabled ? 'green' : 'default'}>{row.enabled ? '启用' : '停用'}</Tag>
        ),
    };
    if (!editable) return [...BASE_COLUMNS.slice(0, 4), status, ...BASE_COLUMNS.slice(4)];
    const actions: ListColumn<Brand> = {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 112,
      hideable: false,
      exportable: false,
      render: (_, row) => (
        <Permission code={Permissions.brandEdit}>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setTarget({ record: row, nextSort: row.sort })} data-testid={`brand-edit-${row.id}`}>
              编辑
            </Button>
            <Popconfirm
              title={`确定删除品牌“${row.name}”吗？`}
              okText="删除"
              okButtonProps={{ danger: true }}
              placement="topRight"
              onConfirm={async () => {
                try {
                  await brandApi.remove(row.id);
                  toast().success(ProductMasterMessages.deleted);
                } catch {
                  // the request client has shown the server's message (e.g. in use)
                }
                await refresh();
              }}
            >
              <Button type="link" size="small" danger data-testid={`brand-delete-${row.id}`}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        </Permission>
      ),
    };
    return [...BASE_COLUMNS.slice(0, 4), status, ...BASE_COLUMNS.slice(4), actions];
  }, [can]);

  const openNew = async () => {
    const page = await brandApi.page({ page: 1, limit: 10, sort: 'sort', order: 'desc' });
    setTarget({ record: null, nextSort: nextSort(page.records.map((r) => r.sort)) });
  };

  return (
    <>
      <ListPage<Brand, MasterFilters>
        listId="product-brand"
        title="品牌"
        testId="brand"
        queryKey={masterKeys.brands}
        fetchPage={brandApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        toolbar={[{ key: 'add', label: '新增品牌', type: 'primary', icon: <PlusOutlined />, permission: Permissions.brandEdit, onClick: () => void openNew(), testId: 'brand-add' }]}
        tableProps={{ scroll: { x: 900 } }}
      />
      <BrandFormModal
        target={target}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          void refresh();
        }}
      />
    </>
  );
}
