import { useMemo, useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { EMPTY_DISPLAY, Permissions, ProductMasterMessages } from '@erp/shared';
import { Permission } from '../../../router/Permission.tsx';
import { usePermission } from '../../../router/route-meta.ts';
import { toast } from '../../../ui/feedback.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { colourApi, masterKeys, type Colour, type MasterFilters } from '../master-api.ts';
import { nextSort } from '../master-rules.ts';
import '../product-master.css';
import { ColourFormModal, type ColourFormTarget } from './ColourFormModal.tsx';

const INITIAL_FILTERS: MasterFilters = {};
const DEFAULT_SORT = { field: 'sort', order: 'asc' } as const;

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={32} placeholder="编码 / 名称" data-testid="colour-keyword" /> },
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
        data-testid="colour-enabled"
      />
    ),
  },
];

const BASE_COLUMNS: ListColumn<Colour>[] = [
  {
    key: 'hex',
    title: '色块',
    dataIndex: 'hex',
    width: 72,
    exportable: false,
    render: (hex: string) => (hex ? <span className="erp-colour-swatch" style={{ background: hex }} title={hex} /> : EMPTY_DISPLAY),
  },
  { key: 'code', title: '颜色编码', dataIndex: 'code', width: 120, sortable: true },
  { key: 'name', title: '颜色名称', dataIndex: 'name', sortable: true },
  { key: 'hexText', title: '色值', dataIndex: 'hex', width: 110, render: (hex: string) => hex || EMPTY_DISPLAY },
  { key: 'sort', title: '排序', dataIndex: 'sort', width: 80, sortable: true },
  { key: 'updatedAt', title: '更新时间', dataIndex: 'updatedAt', width: 160, sortable: true, render: formatDateTime, exportValue: (r) => formatDateTime(r.updatedAt) },
];

/** 颜色: the colours of SKUs, each with a swatch. */
export function ColourPage() {
  const client = useQueryClient();
  const can = usePermission();
  const [target, setTarget] = useState<ColourFormTarget | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: masterKeys.colours });

  const columns = useMemo<ListColumn<Colour>[]>(() => {
    const editable = can(Permissions.colourEdit);
    const status: ListColumn<Colour> = {
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
                await colourApi.update(row.id, { enabled });
                toast().success(enabled ? '已启用' : '已停用');
              } catch {
                // the request client has shown the server's message
              } finally {
                await refresh();
              }
            }}
            data-testid={`colour-enabled-${row.id}`}
          />
        ) : (
          <Tag color={row.enabled ? 'green' : 'default'}>{row.enabled ? '启用' : '停用'}</Tag>
        ),
    };
    if (!editable) return [...BASE_COLUMNS.slice(0, 5), status, ...BASE_COLUMNS.slice(5)];
    const actions: ListColumn<Colour> = {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 112,
      hideable: false,
      exportable: false,
      render: (_, row) => (
        <Permission code={Permissions.colourEdit}>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setTarget({ record: row, nextSort: row.sort })} data-testid={`colour-edit-${row.id}`}>
              编辑
            </Button>
            <Popconfirm
              title={`确定删除颜色“${row.name}”吗？`}
              okText="删除"
              okButtonProps={{ danger: true }}
              placement="topRight"
              onConfirm={async () => {
                try {
                  await colourApi.remove(row.id);
                  toast().success(ProductMasterMessages.deleted);
                } catch {
                  // the request client has shown the server's message (e.g. in use)
                }
                await refresh();
              }}
            >
              <Button type="link" size="small" danger data-testid={`colour-delete-${row.id}`}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        </Permission>
      ),
    };
    return [...BASE_COLUMNS.slice(0, 5), status, ...BASE_COLUMNS.slice(5), actions];
  }, [can]);

  const openNew = async () => {
    const page = await colourApi.page({ page: 1, limit: 10, sort: 'sort', order: 'desc' });
    setTarget({ record: null, nextSort: nextSort(page.records.map((r) => r.sort)) });
  };

  return (
    <>
      <ListPage<Colour, MasterFilters>
        listId="product-colour"
        title="颜色"
        testId="colour"
        queryKey={masterKeys.colours}
        fetchPage={colourApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        toolbar={[{ key: 'add', label: '新增颜色', type: 'primary', icon: <PlusOutlined />, permission: Permissions.colourEdit, onClick: () => void openNew(), testId: 'colour-add' }]}
        tableProps={{ scroll: { x: 900 } }}
      />
      <ColourFormModal
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
