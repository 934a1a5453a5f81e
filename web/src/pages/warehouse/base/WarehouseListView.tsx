import { useCallback, useMemo } from 'react';
import { Button, Input, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { displayOrEmpty, regionLabel, WAREHOUSE_TYPE_LABELS, WAREHOUSE_TYPES, type WarehouseRecord } from '@erp/shared';
import { dictLabel, useDictOptions } from '../../../api/use-dict.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { warehouseApi, warehouseKeys, type WarehouseFilters } from '../warehouse-api.ts';
import { statusTag, typeTag } from './WarehouseDetailPanel.tsx';
import { WarehouseToggle } from './WarehouseToggle.tsx';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { urlBool, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: WarehouseFilters = {};
const URL_FILTERS: ListUrlFilters<WarehouseFilters> = { keyword: urlText, type: urlOneOf(WAREHOUSE_TYPES), enabled: urlBool };
const DEFAULT_SORT = { field: 'code', order: 'asc' } as const;
const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={60} placeholder="编码 / 名称 / 联系人 / 电话 / 地址" data-testid="warehouse-keyword" /> },
  {
    name: 'type',
    label: '仓库类型',
    input: <Select allowClear placeholder="全部" options={WAREHOUSE_TYPES.map((type) => ({ value: type, label: WAREHOUSE_TYPE_LABELS[type] }))} data-testid="warehouse-type" />,
  },
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
        data-testid="warehouse-status"
      />
    ),
  },
];

interface WarehouseListViewProps {
  canEdit: boolean;
  canManage: boolean;
  onView: (id: number) => void;
  onEdit: (record: WarehouseRecord) => void;
  onAdd: () => void;
}

/** 列表视图: every visible warehouse flat, searchable, sortable and exportable. */
export function WarehouseListView({ canEdit, canManage, onView, onEdit, onAdd }: WarehouseListViewProps) {
  const regions = useDictOptions('region');
  const regionText = useCallback((value: string) => dictLabel(regions.options, value) || regionLabel(value), [regions.options]);

  const columns = useMemo<ListColumn<WarehouseRecord>[]>(
    () => [
      {
        key: 'code',
        title: '仓库编码',
        dataIndex: 'code',
        sortable: true,
        width: 140,
        render: (code: string, row) => (
          <ActionLink onClick={() => onView(row.id)} data-testid={`warehouse-row-${code}`}>
            {code}
          </ActionLink>
        ),
      },
      { key: 'name', title: '仓库名称', dataIndex: 'name', sortable: true, width: 180, ellipsis: { showTitle: true } },
      { key: 'type', title: '类型', dataIndex: 'type', sortable: true, width: 120, render: (_, row) => typeTag(row), exportValue: (row) => WAREHOUSE_TYPE_LABELS[row.type] },
      { key: 'parentName', title: '上级仓库', dataIndex: 'parentName', width: 140, ellipsis: { showTitle: true }, render: displayOrEmpty },
      { key: 'shopName', title: '所属门店', dataIndex: 'shopName', width: 150, ellipsis: { showTitle: true }, render: displayOrEmpty },
      { key: 'contactName', title: '联系人', dataIndex: 'contactName', width: 90, render: displayOrEmpty },
      { key: 'phone', title: '联系电话', dataIndex: 'phone', width: 130, render: displayOrEmpty },
      { key: 'region', title: '区域', dataIndex: 'region', width: 72, render: (value: string) => displayOrEmpty(regionText(value)), exportValue: (row) => regionText(row.region) },
      { key: 'address', title: '地址', dataIndex: 'address', width: 220, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      { key: 'country', title: '国家/地区', dataIndex: 'country', width: 96, render: displayOrEmpty, defaultHidden: true },
      {
        key: 'allowNegative',
        title: '负库存',
        dataIndex: 'allowNegative',
        width: 80,
        render: (value: boolean) => (value ? '允许' : '不允许'),
        exportValue: (row) => (row.allowNegative ? '允许' : '不允许'),
      },
      { key: 'shelfCount', title: '货架数', dataIndex: 'shelfCount', width: 76, align: 'right' },
      { key: 'childCount', title: '下级数', dataIndex: 'childCount', width: 76, align: 'right', defaultHidden: true },
      { key: 'enabled', title: '状态', dataIndex: 'enabled', width: 72, render: statusTag, exportValue: (row) => (row.enabled ? '启用' : '停用') },
      { key: 'remark', title: '备注', dataIndex: 'remark', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      dateTimeColumn('createdAt', '创建时间', { defaultHidden: true }),
      actionColumn(160, (row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onView(row.id)}>
            查看
          </Button>
          {canEdit ? (
            <Button type="link" size="small" onClick={() => onEdit(row)} data-testid={`warehouse-list-edit-${row.code}`}>
              编辑
            </Button>
          ) : null}
          {canManage ? <WarehouseToggle warehouse={row} size="small" type="link" /> : null}
        </Space>
      )),
    ],
    // regionText reads regions.options: the columns follow the dictionary once it loads
    [canEdit, canManage, onView, onEdit, regionText],
  );

  return (
    <ListPage<WarehouseRecord, WarehouseFilters>
      listId="warehouse-base"
      title="仓库资料"
      testId="warehouse"
      queryKey={warehouseKeys.page}
      fetchPage={warehouseApi.page}
      columns={columns}
      rowKey="id"
      initialFilters={INITIAL_FILTERS}
      urlFilters={URL_FILTERS}
      searchFields={SEARCH_FIELDS}
      defaultSort={DEFAULT_SORT}
      tableProps={{ rowClassName: (row) => (row.enabled ? '' : 'wh-row--off') }}
      toolbar={canManage ? [{ key: 'add', label: '新增仓库', type: 'primary', icon: <PlusOutlined />, onClick: onAdd, testId: 'warehouse-list-add' }] : []}
    />
  );
}
