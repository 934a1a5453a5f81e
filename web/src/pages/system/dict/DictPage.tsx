import { useCallback, useMemo, useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Switch, Tooltip, Typography } from 'antd';
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { DICT_STATUS_LABELS, DICT_STATUSES, displayOrEmpty, Permissions, type DictRecord } from '@erp/shared';
import { dictOptionsRoot } from '../../../api/use-dict.ts';
import { Permission } from '../../../access/Permission.tsx';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { dictApi, dictKeys, type DictFilters } from './dict-api.ts';
import { deleteBlockedReason, nextSortAfter } from './dict-rules.ts';
import { DictFormModal, type DictFormTarget } from './DictFormModal.tsx';
import { DictItemsDrawer, STATUS_OPTIONS, StatusTag } from './DictItemsDrawer.tsx';
import './dict.css';
import { urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: DictFilters = {};
const URL_FILTERS: ListUrlFilters<DictFilters> = { keyword: urlText, status: urlOneOf(DICT_STATUSES) };
const DEFAULT_SORT = { field: 'sort', order: 'asc' } as const;

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={64} placeholder="字典编码 / 字典名称" data-testid="dict-keyword" /> },
  { name: 'status', label: '状态', input: <Select allowClear placeholder="全部" options={STATUS_OPTIONS} data-testid="dict-status" /> },
];

/** 字典管理: the dictionaries; each one's items open in a drawer. */
export function DictPage() {
  const client = useQueryClient();
  const can = usePermission();
  const [editing, setEditing] = useState<DictFormTarget | null>(null);
  const [itemsOf, setItemsOf] = useState<DictRecord | null>(null);

  const refresh = useCallback(() => Promise.all([client.invalidateQueries({ queryKey: dictKeys.page }), client.invalidateQueries({ queryKey: dictOptionsRoot })]), [client]);

  const openAdd = async () => {
    let nextSort = 1;
    try {
      nextSort = nextSortAfter(await dictApi.lastBySort());
    } catch {
      // shown by the request client; the form still opens with a plain default
    }
    setEditing({ record: null, nextSort });
  };

  const toggle = useCallback(
    async (row: DictRecord, enabled: boolean) => {
      try {
        await dictApi.update(row.id, { status: enabled ? 'enabled' : 'disabled' });
        toast().success(enabled ? '已启用' : '已停用');
      } catch {
        // the request client has shown why
      }
      await refresh();
    },
    [refresh],
  );

  const remove = useCallback(
    async (row: DictRecord) => {
      try {
        await dictApi.remove(row.id);
        toast().success('删除成功');
      } catch {
        // the request client has shown why (e.g. items added meanwhile)
      }
      await refresh();
    },
    [refresh],
  );

  const canEdit = can(Permissions.dictEdit);
  // toggle and remove only use the query client, stable for the page's life
  const columns = useMemo<ListColumn<DictRecord>[]>(
    () => [
      {
        key: 'dictCode',
        title: '字典编码',
        dataIndex: 'dictCode',
        sortable: true,
        width: 180,
        render: (code: string, row) => (
          <Typography.Link onClick={() => setItemsOf(row)} data-testid={`dict-open-${code}`}>
            {code}
          </Typography.Link>
        ),
      },
      { key: 'name', title: '字典名称', dataIndex: 'name', sortable: true, width: 160 },
      {
        key: 'itemCount',
        title: '字典项',
        dataIndex: 'itemCount',
        width: 90,
        align: 'right',
        render: (count: number) => <span className={count ? undefined : 'erp-dict__muted'}>{count} 项</span>,
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
              data-testid={`dict-status-${row.dictCode}`}
            />
          ) : (
            <StatusTag status={row.status} />
          ),
        exportValue: (row) => DICT_STATUS_LABELS[row.status],
      },
      { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: { showTitle: true }, render: displayOrEmpty },
      dateTimeColumn('updatedAt', '更新时间'),
      actionColumn(168, (row) => {
        const blocked = deleteBlockedReason(row);
        return (
          <Space size={0}>
            <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setItemsOf(row)} data-testid={`dict-items-${row.dictCode}`}>
              字典项
            </Button>
            <Permission code={Permissions.dictEdit}>
              <Button type="link" size="small" onClick={() => setEditing({ record: row, nextSort: row.sort })} data-testid={`dict-edit-${row.dictCode}`}>
                编辑
              </Button>
            </Permission>
            <Permission code={Permissions.dictDelete}>
              {blocked ? (
                <Tooltip title={blocked}>
                  <Button type="link" size="small" danger disabled data-testid={`dict-delete-${row.dictCode}`}>
                    删除
                  </Button>
                </Tooltip>
              ) : (
                <Popconfirm
                  title={`删除字典“${row.name}”？`}
                  description="删除后不可恢复"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(row)}
                  placement="topRight"
                >
                  <Button type="link" size="small" danger data-testid={`dict-delete-${row.dictCode}`}>
                    删除
                  </Button>
                </Popconfirm>
              )}
            </Permission>
          </Space>
        );
      }),
    ],
    [canEdit, toggle, remove],
  );

  return (
    <>
      <ListPage<DictRecord, DictFilters>
        listId="system-dict"
        title="字典列表"
        testId="dict"
        queryKey={dictKeys.page}
        fetchPage={dictApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        toolbar={[{ key: 'add', label: '新增字典', type: 'primary', icon: <PlusOutlined />, permission: Permissions.dictAdd, onClick: openAdd, testId: 'dict-add' }]}
        tableProps={{ scroll: { x: 1100 } }}
      />
      <DictFormModal
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={(created) => {
          setEditing(null);
          void refresh();
          // a new dictionary is empty: its items are the next thing to fill in
          if (created !== null) void dictApi.get(created).then(setItemsOf, () => undefined);
        }}
      />
      <DictItemsDrawer dict={itemsOf} onClose={() => setItemsOf(null)} />
    </>
  );
}
