import { useMemo, useState } from 'react';
import { Button, Drawer, Input, Popconfirm, Select, Space, Switch, Tag, Tooltip } from 'antd';
import { PlusOutlined, StarOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Permissions, ProductMasterMessages, SizeRunMessages } from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { SizeGroup } from '../../../api/product-master.ts';
import { nextSort } from '../master-rules.ts';
import { sizeRunApi, sizeRunKeys, type SizeRunRecord } from '../../../api/size-runs.ts';
import { SizeRunFormModal, type SizeRunFormTarget } from './SizeRunFormModal.tsx';
import { actionColumn } from '../../../ui/list-page/columns.tsx';

type Filters = { keyword?: string; enabled?: 'true' | 'false' };
const INITIAL_FILTERS: Filters = {};
const DEFAULT_SORT = { field: 'sort', order: 'asc' } as const;

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '名称', input: <Input allowClear maxLength={32} placeholder="配码名称" data-testid="size-run-keyword" /> },
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
        data-testid="size-run-enabled"
      />
    ),
  },
];

/** The 配码 of one size group: list, add, edit, enable/disable, default, delete. */
export function SizeRunDrawer({ group, onClose }: { group: SizeGroup | null; onClose: () => void }) {
  const client = useQueryClient();
  const can = usePermission();
  const [target, setTarget] = useState<SizeRunFormTarget | null>(null);
  const editable = can(Permissions.sizeRunEdit);
  // every list and picker of runs reads afresh after a change
  const refresh = () => client.invalidateQueries({ queryKey: sizeRunKeys.all });

  const act = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      toast().success(message);
    } catch {
      // the request client has shown the server's message (in use, the default …)
    }
    await refresh();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: act reads the query client only, which never changes
  const columns = useMemo<ListColumn<SizeRunRecord>[]>(() => {
    const shown: ListColumn<SizeRunRecord>[] = [
      {
        key: 'name',
        title: '名称',
        dataIndex: 'name',
        sortable: true,
        render: (name: string, row) => (
          <span>
            {name}
            {row.isDefault ? (
              <Tag color="gold" style={{ marginInlineStart: 8 }}>
                默认
              </Tag>
            ) : null}
          </span>
        ),
      },
      { key: 'text', title: '配码', dataIndex: 'text', render: (text: string) => <span className="erp-size-run-text">{text}</span> },
      { key: 'pieces', title: '每手件数', dataIndex: 'pieces', width: 96, kind: 'quantity' },
      { key: 'styleCount', title: '默认款数', dataIndex: 'styleCount', width: 96, kind: 'quantity' },
      { key: 'sort', title: '排序', dataIndex: 'sort', width: 72, sortable: true },
      {
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
              onChange={(enabled) => void act(() => sizeRunApi.update(row.id, { enabled }), enabled ? '已启用' : '已停用')}
              data-testid={`size-run-enabled-${row.id}`}
            />
          ) : (
            <Tag color={row.enabled ? 'green' : 'default'}>{row.enabled ? '启用' : '停用'}</Tag>
          ),
      },
    ];
    if (!editable || !group) return shown;
    const actions: ListColumn<SizeRunRecord> = actionColumn(200, (row) => (
      <Permission code={Permissions.sizeRunEdit}>
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setTarget({ group, record: row, nextSort: row.sort })} data-testid={`size-run-edit-${row.id}`}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            icon={<StarOutlined />}
            disabled={row.isDefault || !row.enabled}
            onClick={() => void act(() => sizeRunApi.setDefault(row.id), SizeRunMessages.defaultSet)}
            data-testid={`size-run-default-${row.id}`}
          >
            设为默认
          </Button>
          <Popconfirm
            title={`确定删除配码“${row.name}”吗？`}
            okText="删除"
            okButtonProps={{ danger: true }}
            placement="topRight"
            disabled={row.styleCount > 0}
            onConfirm={() => void act(() => sizeRunApi.remove(row.id), ProductMasterMessages.deleted)}
          >
            <Tooltip title={row.styleCount > 0 ? `${row.styleCount}个款以此为默认配码，不能删除` : undefined}>
              <Button type="link" size="small" danger disabled={row.styleCount > 0} data-testid={`size-run-delete-${row.id}`}>
                删除
              </Button>
            </Tooltip>
          </Popconfirm>
        </Space>
      </Permission>
    ));
    return [...shown, actions];
  }, [editable, group]);

  const fetchPage = useMemo(() => (params: ListParams<Filters>, signal?: AbortSignal) => sizeRunApi.page({ ...params, groupId: group?.id ?? 0 }, signal), [group]);

  const openNew = async () => {
    if (!group) return;
    const page = await sizeRunApi.page({ groupId: group.id, page: 1, limit: 10, sort: 'sort', order: 'desc' });
    setTarget({ group, record: null, nextSort: nextSort(page.records.map((r) => r.sort)) });
  };

  return (
    <Drawer title={group ? `配码 · ${group.name}` : '配码'} open={group !== null} onClose={onClose} size={960} destroyOnHidden data-testid="size-run-drawer">
      {group ? (
        <ListPage<SizeRunRecord, Filters>
          key={group.id}
          listId="product-size-runs"
          title={`${group.name}配码`}
          testId="size-run"
          queryKey={sizeRunKeys.page(group.id)}
          fetchPage={fetchPage}
          columns={columns}
          rowKey="id"
          initialFilters={INITIAL_FILTERS}
          urlFilters={false}
          searchFields={SEARCH_FIELDS}
          defaultSort={DEFAULT_SORT}
          toolbar={[
            { key: 'add', label: '新增配码', type: 'primary', icon: <PlusOutlined />, permission: Permissions.sizeRunEdit, onClick: () => void openNew(), testId: 'size-run-add' },
          ]}
          tableProps={{ scroll: { x: 860 }, size: 'small' }}
        />
      ) : null}
      <SizeRunFormModal
        target={target}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          void refresh();
        }}
      />
    </Drawer>
  );
}
