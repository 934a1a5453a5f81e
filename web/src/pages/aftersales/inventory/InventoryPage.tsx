import { useCallback, useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Input, Select } from 'antd';
import { displayOrEmpty, Permissions, SHOP_INVENTORY_REPORTER_LABELS, SHOP_INVENTORY_STATUS_LABELS, SHOP_INVENTORY_STATUSES, type ShopInventoryRecord } from '@erp/shared';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlId, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { inventoryApi, inventoryKeys, type InventoryFilters } from './inventory-api.ts';
import { InventoryDetailDrawer } from './InventoryDetailDrawer.tsx';
import { InventoryFormModal } from './InventoryFormModal.tsx';
import { InventoryStatusTag } from './InventoryStatusTag.tsx';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const URL_FILTERS: ListUrlFilters<InventoryFilters> = { keyword: urlText, warehouseId: urlId, status: urlOneOf(SHOP_INVENTORY_STATUSES) };

/**
 * 库存上报 (aftersales/inventory): a shop's or agent's count of a shop warehouse. The reporting side
 * adds, edits and submits; HQ compares it with the book in the details, audits or rejects it, and
 * posts the differences (a 盘点单 makes the book the count).
 */
export function InventoryPage() {
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const warehouses = useQuery({ queryKey: inventoryKeys.warehouses, queryFn: ({ signal }) => inventoryApi.warehouses(signal) });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: inventoryKeys.all }), [client]);
  const searchFields = useMemo<ListSearchField[]>(
    () => [
      { name: 'keyword', label: '单号', input: <Input allowClear placeholder="单号、仓库或门店" data-testid="inventory-keyword" /> },
      {
        name: 'warehouseId',
        label: '仓库',
        input: (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部仓库"
            options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
            data-testid="inventory-warehouse"
          />
        ),
      },
      {
        name: 'status',
        label: '状态',
        input: (
          <Select
            allowClear
            placeholder="全部状态"
            options={SHOP_INVENTORY_STATUSES.map((s) => ({ value: s, label: SHOP_INVENTORY_STATUS_LABELS[s] }))}
            data-testid="inventory-status-filter"
          />
        ),
      },
    ],
    [warehouses.data],
  );
  const columns = useMemo<ListColumn<ShopInventoryRecord>[]>(
    () => [
      {
        key: 'docNo',
        title: '单号',
        dataIndex: 'docNo',
        sortable: true,
        width: 160,
        render: (_, row) => (
          <ActionLink onClick={() => setOpenId(row.id)} data-testid={`inventory-open-${row.docNo}`}>
            {row.docNo}
          </ActionLink>
        ),
        exportValue: (row) => row.docNo,
      },
      {
        key: 'status',
        title: '状态',
        dataIndex: 'status',
        width: 90,
        render: (_, row) => <InventoryStatusTag status={row.status} label={row.statusLabel} />,
        exportValue: (row) => row.statusLabel,
      },
      { key: 'warehouseName', title: '上报仓库', dataIndex: 'warehouseName', width: 150, ellipsis: { showTitle: true } },
      { key: 'shopName', title: '门店', dataIndex: 'shopName', width: 170, ellipsis: { showTitle: true } },
      {
        key: 'reporter',
        title: '上报方',
        dataIndex: 'reporterName',
        width: 150,
        ellipsis: { showTitle: true },
        render: (_, row) => `${SHOP_INVENTORY_REPORTER_LABELS[row.reporterType]} · ${row.reporterName}`,
        exportValue: (row) => `${SHOP_INVENTORY_REPORTER_LABELS[row.reporterType]} · ${row.reporterName}`,
      },
      { key: 'countDate', title: '盘点日期', dataIndex: 'countDate', sortable: true, width: 110 },
      { key: 'lineCount', title: 'SKU数', dataIndex: 'lineCount', width: 80, align: 'right', kind: 'quantity' },
      { key: 'totalQuantity', title: '盘点件数', dataIndex: 'totalQuantity', sortable: true, width: 100, align: 'right', kind: 'quantity' },
      { key: 'stocktakeNo', title: '差异盘点单', dataIndex: 'stocktakeNo', width: 150, render: displayOrEmpty },
      { key: 'rejectReason', title: '驳回原因', dataIndex: 'rejectReason', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      { key: 'createdByName', title: '制单人', dataIndex: 'createdByName', width: 100, defaultHidden: true },
      dateTimeColumn('createdAt', '创建时间'),
      actionColumn(80, (row) => (
        <ActionLink onClick={() => setOpenId(row.id)} data-testid={`inventory-view-${row.docNo}`}>
          {row.status === 'submitted' ? '核对' : '查看'}
        </ActionLink>
      )),
    ],
    [],
  );
  return (
    <>
      <ListPage<ShopInventoryRecord, InventoryFilters>
        listId="aftersales-inventory"
        title="库存上报"
        testId="inventory"
        queryKey={inventoryKeys.list}
        fetchPage={inventoryApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={{}}
        urlFilters={URL_FILTERS}
        searchFields={searchFields}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        tableProps={{ scroll: { x: 'max-content' } }}
        toolbar={[
          {
            key: 'add',
            label: '新增上报',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.aftersalesInventoryEdit,
            onClick: () => setCreating(true),
            testId: 'inventory-add',
          },
        ]}
      />
      <InventoryFormModal
        open={creating}
        report={null}
        onClose={() => setCreating(false)}
        onSaved={(saved) => {
          setCreating(false);
          void refresh();
          setOpenId(saved.id);
        }}
      />
      <InventoryDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
