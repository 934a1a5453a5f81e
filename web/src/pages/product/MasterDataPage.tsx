import { useMemo, useState, type ComponentType } from 'react';
import { Button, Input, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ProductMasterMessages, type PermissionCode } from '@erp/shared';
import { Permission } from '../../access/Permission.tsx';
import { usePermission } from '../../access/route-meta.ts';
import { toast } from '../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../ui/list-page/SearchForm.tsx';
import type { ListFetcher } from '../../ui/list-page/use-list-query.ts';
import type { MasterFilters } from '../../api/product-master.ts';
import { nextSort } from './master-rules.ts';
import { urlBool, urlText, type ListUrlFilters } from '../../ui/list-page/list-url.ts';
import { actionColumn, dateTimeColumn } from '../../ui/list-page/columns.tsx';

// 品牌 and 颜色 are the same list (keyword and status search, sort, status switch, edit, delete);
// each page gives its api, its own columns and its form modal.

interface MasterRow {
  id: number;
  name: string;
  sort: number;
  enabled: boolean;
  updatedAt: string;
}

export interface MasterFormProps<R> {
  /** record null: a new one, proposed `nextSort` */
  target: { record: R | null; nextSort: number } | null;
  onClose: () => void;
  onSaved: () => void;
}

export interface MasterDataPageProps<R extends MasterRow> {
  /** 品牌 / 颜色: the title and the words of the add button and the delete confirm */
  noun: string;
  /** brand / colour: prefix of every data-testid; the list id is `product-<testId>` */
  testId: string;
  api: {
    page: ListFetcher<R, MasterFilters>;
    update: (id: number, input: { enabled: boolean }) => Promise<unknown>;
    remove: (id: number) => Promise<unknown>;
  };
  queryKey: readonly unknown[];
  editPermission: PermissionCode;
  /** the columns before 排序 */
  leadColumns: readonly ListColumn<R>[];
  /** the columns between 状态 and 更新时间 */
  tailColumns?: readonly ListColumn<R>[];
  FormModal: ComponentType<MasterFormProps<R>>;
}

const INITIAL_FILTERS: MasterFilters = {};
const URL_FILTERS: ListUrlFilters<MasterFilters> = { keyword: urlText, enabled: urlBool };
/** stable, so the columns memo holds */
const NO_COLUMNS: readonly never[] = [];
const DEFAULT_SORT = { field: 'sort', order: 'asc' } as const;

const searchFields = (testId: string): ListSearchField[] => [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={32} placeholder="编码 / 名称" data-testid={`${testId}-keyword`} /> },
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
        data-testid={`${testId}-enabled`}
      />
    ),
  },
];

/** A 商品资料 list of coded, sortable, switchable records. */
export function MasterDataPage<R extends MasterRow>({ noun, testId, api, queryKey, editPermission, leadColumns, tailColumns = NO_COLUMNS, FormModal }: MasterDataPageProps<R>) {
  const client = useQueryClient();
  const can = usePermission();
  const [target, setTarget] = useState<MasterFormProps<R>['target']>(null);
  const fields = useMemo(() => searchFields(testId), [testId]);

  const columns = useMemo<ListColumn<R>[]>(() => {
    const refresh = () => client.invalidateQueries({ queryKey });
    const editable = can(editPermission);
    const sort: ListColumn<R> = { key: 'sort', title: '排序', dataIndex: 'sort', width: 80, sortable: true };
    const status: ListColumn<R> = {
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
                await api.update(row.id, { enabled });
                toast().success(enabled ? '已启用' : '已停用');
              } catch {
                // the request client has shown the server's message
              } finally {
                await refresh();
              }
            }}
            data-testid={`${testId}-enabled-${row.id}`}
          />
        ) : (
          <Tag color={row.enabled ? 'green' : 'default'}>{row.enabled ? '启用' : '停用'}</Tag>
        ),
    };
    const updatedAt: ListColumn<R> = dateTimeColumn('updatedAt', '更新时间');
    const shown = [...leadColumns, sort, status, ...tailColumns, updatedAt];
    if (!editable) return shown;
    const actions: ListColumn<R> = actionColumn(112, (row) => (
      <Permission code={editPermission}>
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setTarget({ record: row, nextSort: row.sort })} data-testid={`${testId}-edit-${row.id}`}>
            编辑
          </Button>
          <Popconfirm
            title={`确定删除${noun}“${row.name}”吗？`}
            okText="删除"
            okButtonProps={{ danger: true }}
            placement="topRight"
            onConfirm={async () => {
              try {
                await api.remove(row.id);
                toast().success(ProductMasterMessages.deleted);
              } catch {
                // the request client has shown the server's message (e.g. in use)
              }
              await refresh();
            }}
          >
            <Button type="link" size="small" danger data-testid={`${testId}-delete-${row.id}`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      </Permission>
    ));
    return [...shown, actions];
  }, [can, client, queryKey, editPermission, api, testId, noun, leadColumns, tailColumns]);

  const openNew = async () => {
    const page = await api.page({ page: 1, limit: 10, sort: 'sort', order: 'desc' });
    setTarget({ record: null, nextSort: nextSort(page.records.map((r) => r.sort)) });
  };

  return (
    <>
      <ListPage<R, MasterFilters>
        listId={`product-${testId}`}
        title={noun}
        testId={testId}
        queryKey={queryKey}
        fetchPage={api.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={fields}
        defaultSort={DEFAULT_SORT}
        toolbar={[
          { key: 'add', label: `新增${noun}`, type: 'primary', icon: <PlusOutlined />, permission: editPermission, onClick: () => void openNew(), testId: `${testId}-add` },
        ]}
        tableProps={{ scroll: { x: 900 } }}
      />
      <FormModal
        target={target}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          void client.invalidateQueries({ queryKey });
        }}
      />
    </>
  );
}
