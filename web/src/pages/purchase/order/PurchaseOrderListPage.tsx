import { useCallback, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, DatePicker, Input, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { displayOrEmpty, PURCHASE_ORDER_STATUS_LABELS, PURCHASE_ORDER_STATUSES, type PurchaseOrderRecord, type PurchaseOrderStatus } from '@erp/shared';
import { ListPage, type ListColumn, type ListToolbarButton } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { SupplierSelect } from '../../../ui/SupplierSelect.tsx';
import { purchaseOrderKeys, purchaseOrdersApi, type PurchaseOrderFilters, purchaseOrderInfoPath, PURCHASE_ORDER_PATHS } from '../../../api/purchase-orders.ts';
import { useWarehouseChoices } from './purchase-access.ts';
import { PurchaseOrderActions } from './PurchaseOrderActions.tsx';
import { PurchaseOrderStatusTag } from './PurchaseOrderStatusTag.tsx';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { urlDateRange, urlId, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { moneyColumn } from '../../../ui/money/index.ts';
import { actionColumn } from '../../../ui/list-page/columns.tsx';

/** The search form's values: the filters plus the order date range. */
export type OrderListFilters = Omit<PurchaseOrderFilters, 'from' | 'to'> & { range?: [Dayjs | null, Dayjs | null] | null };

/** The range picker → from/to (yyyy-mm-dd). */
export function toOrderQuery<F extends OrderListFilters>(params: ListParams<F>): ListParams<Omit<F, 'range'> & Pick<PurchaseOrderFilters, 'from' | 'to'>> {
  const { range, ...rest } = params;
  const [from, to] = range ?? [];
  return { ...rest, ...(from ? { from: from.format('YYYY-MM-DD') } : {}), ...(to ? { to: to.format('YYYY-MM-DD') } : {}) };
}

const INITIAL: OrderListFilters = {};
/** The filters in the URL: the API's names, the order date range as from/to. */
export const ORDER_URL_FILTERS: ListUrlFilters<OrderListFilters> = {
  keyword: urlText,
  status: urlOneOf(PURCHASE_ORDER_STATUSES),
  supplierId: urlId,
  warehouseId: urlId,
  range: urlDateRange(),
  confirmed: urlOneOf(['yes', 'no'] as const),
};
const DEFAULT_SORT = { field: 'id', order: 'desc' } as const;
const STATUS_OPTIONS = PURCHASE_ORDER_STATUSES.map((s) => ({ value: s, label: PURCHASE_ORDER_STATUS_LABELS[s] }));
const CONFIRMED_OPTIONS = [
  { value: 'yes', label: '已确认' },
  { value: 'no', label: '未确认' },
];

/** The search fields both order lists share (采购订单, 采购入库). */
export function useOrderSearchFields(statuses: readonly PurchaseOrderStatus[] = PURCHASE_ORDER_STATUSES): ListSearchField[] {
  const warehouses = useWarehouseChoices();
  return useMemo(
    () => [
      { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={64} placeholder="单号或供应商编码/名称" data-testid="po-filter-keyword" /> },
      {
        name: 'status',
        label: '状态',
        input: <Select<PurchaseOrderStatus> allowClear placeholder="全部" options={STATUS_OPTIONS.filter((o) => statuses.includes(o.value))} data-testid="po-filter-status" />,
      },
      { name: 'supplierId', label: '供应商', input: <SupplierSelect placeholder="全部" data-testid="po-filter-supplier" /> },
      ...(warehouses.allowed
        ? [
            {
              name: 'warehouseId',
              label: '收货仓库',
              input: (
                <Select<number>
                  allowClear
                  placeholder="全部"
                  options={warehouses.options}
                  loading={warehouses.isFetching}
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="po-filter-warehouse"
                />
              ),
            },
          ]
        : []),
      { name: 'range', label: '下单日期', wide: true, input: <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} data-testid="po-filter-range" /> },
      { name: 'confirmed', label: '交期确认', input: <Select allowClear placeholder="全部" options={CONFIRMED_OPTIONS} data-testid="po-filter-confirmed" /> },
    ],
    [statuses, warehouses.allowed, warehouses.options, warehouses.isFetching],
  );
}

/** The columns both order lists share; `actions` renders the 操作 cell. */
export function orderColumns(open: (row: PurchaseOrderRecord) => void, actions: (row: PurchaseOrderRecord) => ReactNode, actionsWidth: number): ListColumn<PurchaseOrderRecord>[] {
  return [
    {
      key: 'orderNo',
      title: '单号',
      dataIndex: 'orderNo',
      sortable: true,
      width: 170,
      fixed: 'left',
      render: (_, row) => (
        <ActionLink onClick={() => open(row)} data-testid={`po-link-${row.orderNo}`}>
          {row.orderNo}
        </ActionLink>
      ),
    },
    {
      key: 'supplier',
      title: '供应商',
      dataIndex: 'supplierName',
      width: 200,
      // one line per order: a long name is cut, its whole text on hover
      ellipsis: { showTitle: true },
      render: (_, row) => `${row.supplierName}（${row.supplierCode}）`,
      exportValue: (row) => `${row.supplierName}（${row.supplierCode}）`,
    },
    { key: 'warehouse', title: '收货仓库', dataIndex: 'warehouseName', width: 130 },
    { key: 'status', title: '状态', dataIndex: 'status', width: 100, render: (_, row) => <PurchaseOrderStatusTag status={row.status} />, exportValue: (row) => row.statusLabel },
    { key: 'orderDate', title: '下单日期', dataIndex: 'orderDate', sortable: true, width: 110 },
    { key: 'expectedDate', title: '交货日期', dataIndex: 'expectedDate', sortable: true, width: 110, defaultHidden: true },
    { key: 'promisedDate', title: '承诺交期', dataIndex: 'promisedDate', width: 110, render: displayOrEmpty, kind: 'date', defaultHidden: true },
    { key: 'totalQuantity', title: '数量', dataIndex: 'totalQuantity', width: 80, align: 'right', kind: 'quantity' },
    moneyColumn({ title: '金额', dataIndex: 'totalAmountFen', width: 110, sortable: true }),
    { key: 'receivedQuantity', title: '已收数量', dataIndex: 'receivedQuantity', width: 90, align: 'right', kind: 'quantity', defaultHidden: true },
    { key: 'lineCount', title: '行数', dataIndex: 'lineCount', width: 70, align: 'right', defaultHidden: true },
    { key: 'createdBy', title: '创建人', dataIndex: 'createdByName', width: 100, render: displayOrEmpty, defaultHidden: true },
    { key: 'remark', title: '备注', dataIndex: 'remark', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
    actionColumn(actionsWidth, (row) => actions(row)),
  ];
}

/** 采购订单: search, sortable columns, paging, Excel export, 新增 and the row actions by status and codes. */
export function PurchaseOrderListPage() {
  const navigate = useNavigate();
  const searchFields = useOrderSearchFields();
  const fetchPage = useCallback((params: ListParams<OrderListFilters>, signal?: AbortSignal) => purchaseOrdersApi.page(toOrderQuery(params), signal), []);

  const columns = useMemo(() => {
    const open = (row: PurchaseOrderRecord) => navigate(purchaseOrderInfoPath(row.id));
    return orderColumns(
      open,
      (row) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => open(row)} data-testid={`po-detail-${row.orderNo}`}>
            详情
          </Button>
          <PurchaseOrderActions order={row} variant="row" />
        </Space>
      ),
      200,
    );
  }, [navigate]);

  const toolbar: ListToolbarButton[] = [
    { key: 'add', label: '新增', type: 'primary', icon: <PlusOutlined />, permission: 'purchase:order:add', onClick: () => navigate(PURCHASE_ORDER_PATHS.add), testId: 'po-add' },
  ];

  return (
    <ListPage<PurchaseOrderRecord, OrderListFilters>
      listId="purchase-orders"
      title="采购订单"
      testId="po"
      queryKey={purchaseOrderKeys.page}
      fetchPage={fetchPage}
      columns={columns}
      rowKey="id"
      initialFilters={INITIAL}
      urlFilters={ORDER_URL_FILTERS}
      searchFields={searchFields}
      defaultSort={DEFAULT_SORT}
      toolbar={toolbar}
    />
  );
}
