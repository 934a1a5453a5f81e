import { useCallback, useMemo, useState } from 'react';
import { Button, Drawer, Input, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { DICT_STATUS_LABELS, DICT_STATUSES, displayOrEmpty, Permissions, type DictItemRecord, type DictRecord, type DictStatus } from '@erp/shared';
import { dictOptionsKey } from '../../../api/use-dict.ts';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import { Permission } from '../../../access/Permission.tsx';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { dictApi, dictKeys, type DictItemFilters } from './dict-api.ts';
import { nextSortAfter } from './dict-rules.ts';
import { ItemFormModal, type ItemFormTarget } from './ItemFormModal.tsx';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const DEFAULT_SORT = { field: 'sort', order: 'asc' } as const;

export const STATUS_OPTIONS = DICT_STATUSES.map((status) => ({ value: status, label: DICT_STATUS_LABELS[status] }));

export function StatusTag({ status }: { status: DictStatus }) {
  return <Tag color={status === 'enabled' ? 'green' : 'default'}>{DICT_STATUS_LABELS[status]}</Tag>;
}

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'name', label: '名称', input: <Input allowClear maxLength={64} placeholder="字典项名称" data-testid="dict-item-search-name" /> },
  { name: 'status', label: '状态', input: <Select allowClear placeholder="全部" options={STATUS_OPTIONS} data-testid="dict-item-search-status" /> },
];

interface DictItemsDrawerProps {
  /** the dictionary whose items are shown; null closes the drawer */
  dict: DictRecord | null;
  onClose: () => void;
}

/** 字典项 of one dictionary: search, sort, add, edit, switch on and off, delete. */
export function DictItemsDrawer({ dict, onClose }: DictItemsDrawerProps) {
  return (
    <Drawer
      title={
        dict ? (
          <Space size={8}>
            <span>字典项 · {dict.name}</span>
            <Typography.Text type="secondary" code>
              {dict.dictCode}
            </Typography.Text>
          </Space>
        ) : (
          '字典项'
        )
      }
      open={dict !== null}
      onClose={onClose}
      size={960}
      // what the forms' selects offer now: enabled items in sort order
      extra={
        dict ? (
          <Space size={8}>
            <Typography.Text type="secondary">下拉预览</Typography.Text>
            <DictSelect code={dict.dictCode} placeholder="启用的字典项" style={{ width: 200 }} data-testid="dict-items-preview" />
          </Space>
        ) : null
      }
      destroyOnHidden
      styles={{ body: { background: '#f5f7fa', padding: 12 } }}
      data-testid="dict-items-drawer"
    >
      {/* keyed: another dictionary starts from fresh filters */}
      {dict ? <DictItemsList key={dict.id} dict={dict} /> : null}
    </Drawer>
  );
}

function DictItemsList({ dict }: { dict: DictRecord }) {
  const client = useQueryClient();
  const can = usePermission();
  const [editing, setEditing] = useState<ItemFormTarget | null>(null);
  const initialFilters = useMemo<DictItemFilters>(() => ({ dictCode: dict.dictCode }), [dict.dictCode]);
  const queryKey = useMemo(() => dictKeys.items(dict.dictCode), [dict.dictCode]);

  const refresh = useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey }),
        client.invalidateQueries({ queryKey: dictKeys.page }),
        client.invalidateQueries({ queryKey: dictOptionsKey(dict.dictCode) }),
      ]),
    [client, queryKey, dict.dictCode],
  );

  const openAdd = async () => {
    let nextSort = 1;
    try {
      nextSort = nextSortAfter(await dictApi.items(dict.dictCode));
    } catch {
      // shown by the request client; the form still opens with a plain default
    }
    setEditing({ record: null, nextSort });
  };

  const toggle = useCallback(
    async (row: DictItemRecord, enabled: boolean) => {
      try {
        await dictApi.updateItem(row.id, { status: enabled ? 'enabled' : 'disabled' });
        toast().success(enabled ? '已启用' : '已停用');
      } catch {
        // the request client has shown why
      }
      await refresh();
    },
    [refresh],
  );

  const remove = useCallback(
    async (row: DictItemRecord) => {
      try {
        await dictApi.removeItem(row.id);
        toast().success('删除成功');
      } catch {
        // the request client has shown why
      }
      await refresh();
    },
    [refresh],
  );

  const canEdit = can(Permissions.dictEdit);
  const canDelete = can(Permissions.dictDelete);
  const columns = useMemo<ListColumn<DictItemRecord>[]>(() => {
    const base: ListColumn<DictItemRecord>[] = [
      { key: 'name', title: '名称', dataIndex: 'name', sortable: true, width: 180, ellipsis: { showTitle: true } },
      {
        key: 'value',
        title: '值',
        dataIndex: 'value',
        sortable: true,
        width: 140,
        render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
      },
      { key: 'sort', title: '排序', dataIndex: 'sort', sortable: true, width: 80, align: 'right' },
      {
        key: 'status',
        title: '状态',
        dataIndex: 'status',
        width: 90,
        render: (_, row) =>
          canEdit ? (
            <Switch
              size="small"
              checked={row.status === 'enabled'}
              checkedChildren="启用"
              unCheckedChildren="停用"
              onChange={(checked) => toggle(row, checked)}
              data-testid={`dict-item-status-${row.value}`}
            />
          ) : (
            <StatusTag status={row.status} />
          ),
        exportValue: (row) => DICT_STATUS_LABELS[row.status],
      },
      { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: { showTitle: true }, render: displayOrEmpty },
      dateTimeColumn('updatedAt', '更新时间'),
    ];
    if (!canEdit && !canDelete) return base;
    const actions: ListColumn<DictItemRecord> = actionColumn(112, (row) => (
      <Space size={0}>
        <Permission code={Permissions.dictEdit}>
          <Button type="link" size="small" onClick={() => setEditing({ record: row, nextSort: row.sort })} data-testid={`dict-item-edit-${row.value}`}>
            编辑
          </Button>
        </Permission>
        <Permission code={Permissions.dictDelete}>
          <Popconfirm
            title={`删除字典项“${row.name}”？`}
            description="已使用此值的单据将无法显示其名称；不再使用时建议停用"
            okText="删除"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(row)}
            placement="topRight"
          >
            <Button type="link" size="small" danger data-testid={`dict-item-delete-${row.value}`}>
              删除
            </Button>
          </Popconfirm>
        </Permission>
      </Space>
    ));
    return [...base, actions];
    // toggle and remove only use the query client and the dictionary, both stable while the list lives
  }, [canEdit, canDelete, toggle, remove]);

  return (
    <>
      <ListPage<DictItemRecord, DictItemFilters>
        listId="system-dict-items"
        title={`${dict.name}字典项`}
        testId="dict-item"
        queryKey={queryKey}
        fetchPage={dictApi.itemPage}
        columns={columns}
        rowKey="id"
        initialFilters={initialFilters}
        urlFilters={false}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        toolbar={[{ key: 'add', label: '新增字典项', type: 'primary', icon: <PlusOutlined />, permission: Permissions.dictAdd, onClick: openAdd, testId: 'dict-item-add' }]}
      />
      <ItemFormModal
        dict={dict}
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </>
  );
}
