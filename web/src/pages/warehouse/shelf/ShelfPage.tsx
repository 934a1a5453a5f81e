import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { AppstoreAddOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { displayOrEmpty, Permissions, ShelfMessages, WAREHOUSE_TYPE_LABELS, type ShelfRecord } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { WAREHOUSE_TYPE_COLORS } from '../base/warehouse-rules.ts';
import { shelfApi, warehouseApi, warehouseKeys, type ShelfFilters } from '../warehouse-api.ts';
import { defaultWarehouseId } from './shelf-rules.ts';
import { ShelfBatchModal } from './ShelfBatchModal.tsx';
import { ShelfFormModal } from './ShelfFormModal.tsx';
import { ShelfStockDrawer } from './ShelfStockDrawer.tsx';
import './shelf.css';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { urlBool, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: ShelfFilters = {};
const URL_FILTERS: ListUrlFilters<ShelfFilters> = { keyword: urlText, enabled: urlBool };
const DEFAULT_SORT = { field: 'sort', order: 'asc' } as const;
const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={60} placeholder="货架编码 / 名称" data-testid="shelf-keyword" /> },
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
        data-testid="shelf-status"
      />
    ),
  },
];

type Editing = { record: ShelfRecord | null } | null;

/** 货架 (warehouse/shelf): the shelves of one warehouse, their stock totals and each shelf's stock lines. */
export function ShelfPage() {
  const client = useQueryClient();
  const can = usePermission();
  const canEdit = can(Permissions.shelfEdit);
  const options = useQuery({ queryKey: warehouseKeys.options, queryFn: ({ signal }) => warehouseApi.options(signal) });
  const [picked, setPicked] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [batching, setBatching] = useState(false);
  const [viewing, setViewing] = useState<ShelfRecord | null>(null);

  const warehouses = useMemo(() => options.data ?? [], [options.data]);
  // a picked warehouse that went away (disabled meanwhile) falls back to the first one
  const warehouseId = warehouses.some((option) => option.id === picked) ? picked : defaultWarehouseId(warehouses);
  const warehouse = warehouses.find((option) => option.id === warehouseId) ?? null;
  const virtual = warehouse?.type === 'transit';
  const queryKey = useMemo(() => warehouseKeys.shelves(warehouseId ?? 0), [warehouseId]);
  const fetchPage = useCallback((params: ListParams<ShelfFilters>, signal?: AbortSignal) => shelfApi.page(warehouseId ?? 0, params, signal), [warehouseId]);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: warehouseKeys.root }), [client]);

  const columns = useMemo<ListColumn<ShelfRecord>[]>(() => {
    const toggle = async (row: ShelfRecord) => {
      try {
        await shelfApi.setEnabled(row.id, !row.enabled);
        toast().success(row.enabled ? ShelfMessages.disabled : ShelfMessages.enabled);
      } catch {
        // the request client has shown why (stock left on the shelf, a disabled warehouse)
      }
      void refresh();
    };
    return [
      {
        key: 'code',
        title: '货架编码',
        dataIndex: 'code',
        sortable: true,
        width: 140,
        render: (code: string, row) => (
          <ActionLink onClick={() => setViewing(row)} data-testid={`shelf-code-${code}`}>
            {code}
          </ActionLink>
        ),
      },
      { key: 'name', title: '货架名称', dataIndex: 'name', minWidth: 160, ellipsis: { showTitle: true }, render: displayOrEmpty },
      { key: 'sort', title: '排序', dataIndex: 'sort', sortable: true, width: 80, align: 'right' },
      { key: 'quantity', title: '库存数量', dataIndex: 'quantity', width: 100, align: 'right' },
      {
        key: 'enabled',
        title: '状态',
        dataIndex: 'enabled',
        width: 72,
        render: (enabled: boolean) => (enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
        exportValue: (row) => (row.enabled ? '启用' : '停用'),
      },
      dateTimeColumn('createdAt', '创建时间', { defaultHidden: true }),
      actionColumn(168, (row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(row)} data-testid={`shelf-stock-${row.code}`}>
            库存
          </Button>
          {canEdit ? (
            <>
              <Button type="link" size="small" onClick={() => setEditing({ record: row })} data-testid={`shelf-edit-${row.code}`}>
                编辑
              </Button>
              <Popconfirm
                title={row.enabled ? `确定停用货架“${row.code}”？` : `确定启用货架“${row.code}”？`}
                description={row.enabled ? '停用后不能再放入库存；货架须已无库存' : undefined}
                okText={row.enabled ? '停用' : '启用'}
                okButtonProps={{ danger: row.enabled }}
                onConfirm={() => toggle(row)}
                placement="topRight"
              >
                <Button type="link" size="small" danger={row.enabled} data-testid={`shelf-toggle-${row.code}`}>
                  {row.enabled ? '停用' : '启用'}
                </Button>
              </Popconfirm>
            </>
          ) : null}
        </Space>
      )),
    ];
  }, [canEdit, refresh]);

  const picker = (
    <Card className="shelf-page__picker">
      <Space wrap size={12}>
        <span className="shelf-page__label">仓库</span>
        <Select<number>
          value={warehouseId ?? undefined}
          onChange={setPicked}
          loading={options.isPending}
          showSearch={{ optionFilterProp: 'search' }}
          placeholder="请选择仓库"
          style={{ width: 340 }}
          options={warehouses.map((option) => ({
            value: option.id,
            search: `${option.code} ${option.name}`,
            label: (
              <span className="shelf-page__option">
                <Tag color={WAREHOUSE_TYPE_COLORS[option.type]}>{WAREHOUSE_TYPE_LABELS[option.type]}</Tag>
                {option.name}
                <span className="shelf-page__code">{option.code}</span>
              </span>
            ),
          }))}
          data-testid="shelf-warehouse"
        />
        {virtual ? <Typography.Text type="secondary">在途仓是虚拟仓，没有货架</Typography.Text> : null}
      </Space>
    </Card>
  );

  if (!options.isPending && !warehouses.length) {
    return (
      <div className="shelf-page">
        {options.error ? <Alert type="error" showIcon title={`仓库加载失败：${options.error.message}`} /> : null}
        <Card>
          <Empty description="暂无可管理货架的仓库" />
        </Card>
      </div>
    );
  }

  return (
    <div className="shelf-page">
      {picker}
      {warehouse ? (
        <ListPage<ShelfRecord, ShelfFilters>
          key={warehouse.id}
          listId="warehouse-shelf"
          title={`${warehouse.name} · 货架`}
          testId="shelf"
          queryKey={queryKey}
          fetchPage={fetchPage}
          columns={columns}
          rowKey="id"
          initialFilters={INITIAL_FILTERS}
          urlFilters={URL_FILTERS}
          searchFields={SEARCH_FIELDS}
          defaultSort={DEFAULT_SORT}
          tableProps={{ rowClassName: (row) => (row.enabled ? '' : 'shelf-row--off') }}
          toolbar={[
            {
              key: 'add',
              label: '新增货架',
              type: 'primary',
              icon: <PlusOutlined />,
              permission: Permissions.shelfEdit,
              disabled: virtual,
              onClick: () => setEditing({ record: null }),
              testId: 'shelf-add',
            },
            {
              key: 'batch',
              label: '批量新增',
              icon: <AppstoreAddOutlined />,
              permission: Permissions.shelfEdit,
              disabled: virtual,
              onClick: () => setBatching(true),
              testId: 'shelf-batch',
            },
          ]}
        />
      ) : null}
      <ShelfFormModal
        warehouse={warehouse}
        open={editing !== null}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <ShelfBatchModal
        warehouse={warehouse}
        open={batching}
        onClose={() => setBatching(false)}
        onSaved={() => {
          setBatching(false);
          void refresh();
        }}
      />
      <ShelfStockDrawer shelf={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
