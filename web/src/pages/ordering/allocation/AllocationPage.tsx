import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Input, Modal, Select, Tag } from 'antd';
import { NodeIndexOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Permissions, SALES_ORDER_KIND_COLORS, SALES_ORDER_KIND_LABELS, SALES_ORDER_STATUS_LABELS, type AllocationBoardRecord, type SalesOrderStatus } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn, type ListToolbarButton } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import { urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { SalesOrderStatusTag } from '../../../ui/document/SalesOrderStatusTag.tsx';
import { salesOrderInfoPath, salesOrderKeys } from '../../../api/sales-orders.ts';
import { AllocateDialog, DeliverDialog } from './AllocationDialogs.tsx';
import { allocationApi, allocationKeys, type AllocationFilters } from './allocation-api.ts';

const BOARD_STATUSES = ['audited', 'partly_shipped', 'shipped', 'closed'] as const satisfies readonly SalesOrderStatus[];
const URL_FILTERS: ListUrlFilters<AllocationFilters> = { keyword: urlText, status: urlOneOf(BOARD_STATUSES) };
const STATUS_OPTIONS = BOARD_STATUSES.map((s) => ({ value: s, label: SALES_ORDER_STATUS_LABELS[s] }));
const INITIAL: AllocationFilters = {};
const DEFAULT_SORT = { field: 'id', order: 'asc' } as const;

const pieces = (value: number, testId?: string) => (
  <span data-testid={testId} style={value === 0 ? { color: 'var(--ant-color-text-quaternary)' } : undefined}>
    {value}
  </span>
);

/**
 * 配货发货 (HQ): audited orders waiting for goods with what is allocated, on a 配货出库, shipped and
 * received; 配货 sets HQ stock aside for them by the priority and size-run rules, 释放 gives it back,
 * 生成出库 makes one 配货出库 per order.
 */
export function AllocationPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'allocate' | 'deliver' | null>(null);
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: allocationKeys.all });
    void client.invalidateQueries({ queryKey: salesOrderKeys.all });
  }, [client]);
  const fetchPage = useCallback((params: ListParams<AllocationFilters>, signal?: AbortSignal) => allocationApi.page(params, signal), []);
  const searchFields = useMemo(
    () => [
      { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={64} placeholder="单号或收货门店" data-testid="alloc-filter-keyword" /> },
      { name: 'status', label: '状态', input: <Select allowClear placeholder="待配货（已审核、部分发货）" options={STATUS_OPTIONS} data-testid="alloc-filter-status" /> },
    ],
    [],
  );
  const columns = useMemo(
    (): ListColumn<AllocationBoardRecord>[] => [
      {
        key: 'orderNo',
        title: '订货单',
        dataIndex: 'orderNo',
        sortable: true,
        width: 170,
        fixed: 'left',
        render: (_, row) => (
          <ActionLink onClick={() => navigate(salesOrderInfoPath(row.orderId))} data-testid={`alloc-order-${row.orderNo}`}>
            {row.orderNo}
          </ActionLink>
        ),
      },
      // the season is in the order; hidden so the pieces fit at 1440 px (列设置 brings it back)
      { key: 'season', title: '订货季', dataIndex: 'seasonName', width: 140, ellipsis: { showTitle: true }, defaultHidden: true },
      {
        key: 'kind',
        title: '类型',
        dataIndex: 'kind',
        width: 90,
        render: (_, row) => <Tag color={SALES_ORDER_KIND_COLORS[row.kind]}>{SALES_ORDER_KIND_LABELS[row.kind]}</Tag>,
        exportValue: (row) => SALES_ORDER_KIND_LABELS[row.kind],
        defaultHidden: true,
      },
      { key: 'buyer', title: '购货方', dataIndex: 'buyerName', width: 130, ellipsis: { showTitle: true } },
      { key: 'shop', title: '收货门店', dataIndex: 'shopName', width: 130, ellipsis: { showTitle: true } },
      { key: 'warehouse', title: '收货仓库', dataIndex: 'warehouseName', width: 140, ellipsis: { showTitle: true }, defaultHidden: true },
      {
        key: 'status',
        title: '状态',
        dataIndex: 'status',
        width: 90,
        render: (_, row) => <SalesOrderStatusTag status={row.status as SalesOrderStatus} />,
        exportValue: (row) => row.statusLabel,
      },
      { key: 'approved', title: '审核', dataIndex: 'approved', width: 70, align: 'right', kind: 'quantity' },
      { key: 'waiting', title: '待配', dataIndex: 'waiting', width: 70, align: 'right', kind: 'quantity', render: (v: number, row) => pieces(v, `alloc-waiting-${row.orderNo}`) },
      {
        key: 'allocated',
        title: '已配未发',
        dataIndex: 'allocated',
        width: 84,
        align: 'right',
        kind: 'quantity',
        render: (v: number, row) => pieces(v, `alloc-allocated-${row.orderNo}`),
      },
      { key: 'onDelivery', title: '其中已开单', dataIndex: 'onDelivery', width: 92, align: 'right', kind: 'quantity', render: (v: number) => pieces(v) },
      { key: 'shipped', title: '已发', dataIndex: 'shipped', width: 70, align: 'right', kind: 'quantity', render: (v: number, row) => pieces(v, `alloc-shipped-${row.orderNo}`) },
      { key: 'received', title: '已收', dataIndex: 'received', width: 70, align: 'right', kind: 'quantity', render: (v: number) => pieces(v) },
    ],
    [navigate],
  );
  const releaseSelected = () =>
    Modal.confirm({
      title: '释放配货',
      content: `所选 ${selected.length} 张订货单已配未开单的件数退回仓库可用库存，已生成出库单的不受影响。确定释放？`,
      okText: '释放',
      okButtonProps: { danger: true },
      onOk: async () => {
        const answer = await allocationApi.release(selected, INLINE_ERROR).catch((e: Error) => {
          toast().error(e.message);
          throw e;
        });
        toast().success(`已释放 ${answer.pieces} 件`);
        refresh();
      },
    });
  const toolbar: ListToolbarButton[] = [
    {
      key: 'allocate',
      label: '配货',
      type: 'primary',
      icon: <NodeIndexOutlined />,
      permission: Permissions.orderingAllocationAllocate,
      onClick: () => setDialog('allocate'),
      testId: 'alloc-allocate',
    },
    {
      key: 'release',
      label: '释放',
      icon: <RollbackOutlined />,
      permission: Permissions.orderingAllocationAllocate,
      disabled: selected.length === 0,
      onClick: releaseSelected,
      testId: 'alloc-release',
    },
    { key: 'deliver', label: '生成出库', icon: <SendOutlined />, permission: Permissions.orderingAllocationDeliver, onClick: () => setDialog('deliver'), testId: 'alloc-deliver' },
  ];
  return (
    <>
      <ListPage<AllocationBoardRecord, AllocationFilters>
        listId="sales-allocation"
        title="配货发货"
        testId="alloc"
        queryKey={allocationKeys.page}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="orderId"
        initialFilters={INITIAL}
        urlFilters={URL_FILTERS}
        searchFields={searchFields}
        defaultSort={DEFAULT_SORT}
        toolbar={toolbar}
        tableProps={{
          rowSelection: {
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(Number)),
            getCheckboxProps: (row) => ({ 'aria-label': `选择订货单 ${row.orderNo}` }) as never,
          },
        }}
      />
      <AllocateDialog open={dialog === 'allocate'} selected={selected} onClose={() => setDialog(null)} onDone={refresh} />
      <DeliverDialog open={dialog === 'deliver'} selected={selected} onClose={() => setDialog(null)} onDone={refresh} openDoc={(path) => navigate(path)} />
    </>
  );
}
