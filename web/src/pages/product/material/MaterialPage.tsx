import { useCallback, useMemo, useState } from 'react';
import { InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Image, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { displayOrEmpty, MATERIAL_CATEGORY_DICT, MaterialMessages, Permissions, thumbnailUrl, type MaterialRecord } from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { materialApi, materialKeys, type MaterialFilters } from './material-api.ts';
import { MaterialDetailDrawer } from './MaterialDetailDrawer.tsx';
import { MaterialFormModal } from './MaterialFormModal.tsx';
import './material.css';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { urlBool, urlCode, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { moneyColumn } from '../../../ui/money/index.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: MaterialFilters = {};
const URL_FILTERS: ListUrlFilters<MaterialFilters> = { keyword: urlText, category: urlCode, enabled: urlBool };
const DEFAULT_SORT = { field: 'code', order: 'asc' } as const;
const STATUS_OPTIONS = [
  { value: 'true', label: '启用' },
  { value: 'false', label: '停用' },
];
const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={60} placeholder="编码 / 名称 / 规格" data-testid="material-keyword" /> },
  { name: 'category', label: '物料类别', input: <DictSelect code={MATERIAL_CATEGORY_DICT} placeholder="全部" data-testid="material-category" /> },
  { name: 'enabled', label: '状态', input: <Select allowClear placeholder="全部" options={STATUS_OPTIONS} data-testid="material-status" /> },
];

type Editing = { record: MaterialRecord | null } | null;

/** 物料 (product/material): packaging, display props, POP and fabrics; agents and shops only read. */
export function MaterialPage() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<MaterialRecord | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['materials'] }), [client]);

  const columns = useMemo<ListColumn<MaterialRecord>[]>(() => {
    const act = async (work: () => Promise<unknown>, message: string) => {
      try {
        await work();
        toast().success(message);
      } catch {
        // the request client has shown why
      }
      void refresh();
    };
    return [
      {
        key: 'image',
        title: '图片',
        width: 64,
        exportable: false,
        render: (_, row) =>
          row.imageUrl ? (
            <Image className="material-thumb" src={thumbnailUrl(row.imageUrl)} preview={{ src: row.imageUrl }} width={40} height={40} alt={row.name} />
          ) : (
            <span className="material-thumb material-thumb--empty">
              <InboxOutlined />
            </span>
          ),
      },
      { key: 'code', title: '物料编码', dataIndex: 'code', sortable: true, width: 172 },
      {
        key: 'name',
        title: '物料名称',
        dataIndex: 'name',
        sortable: true,
        minWidth: 180,
        ellipsis: { showTitle: true },
        render: (_, row) => (
          <ActionLink onClick={() => setViewing(row)} data-testid={`material-view-${row.code}`}>
            {row.name}
          </ActionLink>
        ),
        exportValue: (row) => row.name,
      },
      {
        key: 'category',
        title: '物料类别',
        dataIndex: 'categoryName',
        width: 100,
        render: (_, row) => displayOrEmpty(row.categoryName || row.category),
        exportValue: (row) => row.categoryName || row.category,
      },
      { key: 'specification', title: '规格', dataIndex: 'specification', minWidth: 180, ellipsis: { showTitle: true }, render: displayOrEmpty },
      {
        key: 'unit',
        title: '单位',
        dataIndex: 'unitName',
        width: 64,
        render: (_, row) => displayOrEmpty(row.unitName || row.unit),
        exportValue: (row) => row.unitName || row.unit,
      },
      moneyColumn<MaterialRecord>({ key: 'cost', title: '成本价', dataIndex: 'costPriceFen', width: 104 }),
      { key: 'supplier', title: '供应商', dataIndex: 'supplierName', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      {
        key: 'enabled',
        title: '状态',
        dataIndex: 'enabled',
        width: 72,
        render: (_, row) => (row.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
        exportValue: (row) => (row.enabled ? '启用' : '停用'),
      },
      { key: 'remark', title: '备注', dataIndex: 'remark', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      dateTimeColumn('createdAt', '创建时间', { defaultHidden: true }),
      actionColumn(200, (row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(row)} data-testid={`material-detail-${row.code}`}>
            详情
          </Button>
          <Permission code={Permissions.materialEdit}>
            <Button type="link" size="small" onClick={() => setEditing({ record: row })} data-testid={`material-edit-${row.code}`}>
              编辑
            </Button>
            <Popconfirm
              title={row.enabled ? '确定停用该物料？' : '确定启用该物料？'}
              okText={row.enabled ? '停用' : '启用'}
              okButtonProps={{ danger: row.enabled }}
              onConfirm={() => act(() => materialApi.setEnabled(row.id, !row.enabled), row.enabled ? MaterialMessages.disabled : MaterialMessages.enabled)}
              placement="topRight"
            >
              <Button type="link" size="small" danger={row.enabled} data-testid={`material-toggle-${row.code}`}>
                {row.enabled ? '停用' : '启用'}
              </Button>
            </Popconfirm>
          </Permission>
          <Permission code={Permissions.materialDelete}>
            <Popconfirm
              title={MaterialMessages.deleteConfirm}
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => act(() => materialApi.remove(row.id), MaterialMessages.deleted)}
              placement="topRight"
            >
              <Button type="link" size="small" danger data-testid={`material-delete-${row.code}`}>
                删除
              </Button>
            </Popconfirm>
          </Permission>
        </Space>
      )),
    ];
  }, [refresh]);

  return (
    <>
      <ListPage<MaterialRecord, MaterialFilters>
        listId="product-material"
        title="物料"
        testId="material"
        queryKey={materialKeys.page}
        fetchPage={materialApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        tableProps={{ scroll: { x: 1100 } }}
        toolbar={[
          {
            key: 'add',
            label: '新增',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.materialAdd,
            onClick: () => setEditing({ record: null }),
            testId: 'material-add',
          },
        ]}
      />
      <MaterialFormModal
        open={editing !== null}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <MaterialDetailDrawer material={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
