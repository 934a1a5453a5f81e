import { useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, DatePicker, Input, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { displayOrEmpty, PURCHASE_REFUND_STATUS_LABELS, PURCHASE_REFUND_STATUSES, type PurchaseRefundRecord } from '@erp/shared';
import { ListPage, type ListColumn, type ListToolbarButton } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { SupplierSelect } from '../../../ui/SupplierSelect.tsx';
import { ORDER_INFO_PATH, OUTBOUND_INFO_PATH, purchaseRefundKeys, purchaseRefundsApi, useHasPage, useRefundWarehouseOptions } from '../purchase-refunds-api.ts';
import { RefundActions } from './RefundActions.tsx';
import { RefundStatusTag } from './RefundStatusTag.tsx';
import { refundPath, toRefundQuery, type RefundListFilters } from './refund-rules.ts';
import { urlDateRange, urlId, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { moneyColumn } from '../../../ui/money/index.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL: RefundListFilters = {};
const URL_FILTERS: ListUrlFilters<RefundListFilters> = {
  keyword: urlText,
  status: urlOneOf(PURCHASE_REFUND_STATUSES),
  supplierId: urlId,
  warehouseId: urlId,
  purchaseOrderId: urlId,
  range: urlDateRange(),
};
const DEFAULT_SORT = { field: 'id', order: 'desc' } as const;
const STATUS_OPTIONS = PURCHASE_REFUND_STATUSES.map((value) => ({ value, label: PURCHASE_REFUND_STATUS_LABELS[value] }));

/**
 * 采购退货 list: keyword, status, supplier, warehouse and created-date filters; server sort and
 * paging; links to the order and the outbound; row actions by status and codes; Excel export.
 */
export function PurchaseRefundListPage() {
  const navigate = useNavigate();
  const warehouses = useRefundWarehouseOptions();
  const canSeeOutbound = useHasPage(OUTBOUND_INFO_PATH);
  const canSeeOrder = useHasPage(ORDER_INFO_PATH);
  const fetchPage = useCallback((params: ListParams<RefundListFilters>, signal?: AbortSignal) => purchaseRefundsApi.page(toRefundQuery(params), signal), []);

  const searchFields = useMemo<ListSearchField[]>(
    () => [
      { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={64} placeholder="退货单号、订单号、供应商" data-testid="refund-filter-keyword" /> },
      { name: 'status', label: '状态', input: <Select allowClear placeholder="全部" options={STATUS_OPTIONS} data-testid="refund-filter-status" /> },
      { name: 'supplierId', label: '供应商', input: <SupplierSelect placeholder="全部" data-testid="refund-filter-supplier" /> },
      // suppliers have no warehouse list
      ...(warehouses.enabled
        ? [
            {
              name: 'warehouseId',
              label: '出库仓库',
              input: (
                <Select<number>
                  allowClear
                  placeholder="全部"
                  options={warehouses.options}
                  loading={warehouses.isFetching}
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="refund-filter-warehouse"
                />
              ),
            },
          ]
        : []),
      { name: 'range', label: '创建日期', wide: true, input: <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} data-testid="refund-filter-range" /> },
    ],
    [warehouses.options, warehouses.isFetching, warehouses.enabled],
  );

  const columns = useMemo<ListColumn<PurchaseRefundRecord>[]>(
    () => [
      {
        key: 'refundNo',
        title: '退货单号',
        dataIndex: 'refundNo',
        sortable: true,
        width: 170,
        fixed: 'left',
        render: (_, row) => (
          <Link to={refundPath('info', { id: row.id })} data-testid={`refund-link-${row.refundNo}`}>
            {row.refundNo}
          </Link>
        ),
      },
      {
        key: 'supplier',
        title: '供应商',
        dataIndex: 'supplierName',
        width: 200,
        render: (_, row) => `${row.supplierName}（${row.supplierCode}）`,
        exportValue: (row) => `${row.supplierName}（${row.supplierCode}）`,
      },
      {
        key: 'orderNo',
        title: '采购订单',
        dataIndex: 'orderNo',
        width: 170,
        defaultHidden: true,
        render: (_, row) =>
          row.purchaseOrderId && canSeeOrder ? (
            <Link to={`${ORDER_INFO_PATH}?id=${row.purchaseOrderId}`} data-testid={`refund-order-${row.refundNo}`}>
              {row.orderNo}
            </Link>
          ) : (
            displayOrEmpty(row.orderNo)
          ),
      },
      { key: 'warehouse', title: '出库仓库', dataIndex: 'warehouseName', width: 130 },
      { key: 'status', title: '状态', dataIndex: 'status', width: 120, render: (_, row) => <RefundStatusTag status={row.status} />, exportValue: (row) => row.statusLabel },
      { key: 'totalQuantity', title: '数量', dataIndex: 'totalQuantity', sortable: true, width: 80, align: 'right', kind: 'quantity' },
      { key: 'returnedQuantity', title: '已退数量', dataIndex: 'returnedQuantity', width: 90, align: 'right', kind: 'quantity', defaultHidden: true },
      moneyColumn({ title: '金额', dataIndex: 'totalAmountFen', width: 110, sortable: true }),
      {
        key: 'outboundNo',
        title: '出库单',
        dataIndex: 'outboundNo',
        width: 170,
        defaultHidden: true,
        render: (_, row) =>
          row.outboundId && canSeeOutbound ? (
            <Link to={`${OUTBOUND_INFO_PATH}?id=${row.outboundId}`} data-testid={`refund-outbound-${row.refundNo}`}>
              {row.outboundNo}
            </Link>
          ) : (
            displayOrEmpty(row.outboundNo)
          ),
      },
      { key: 'reason', title: '原因', dataIndex: 'reason', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      { key: 'createdBy', title: '创建人', dataIndex: 'createdByName', width: 100, render: displayOrEmpty, defaultHidden: true },
      dateTimeColumn('createdAt', '创建时间', { width: 170 }),
      dateTimeColumn('auditedAt', '审核时间', { width: 170, sortable: false, defaultHidden: true }),
      { key: 'remark', title: '备注', dataIndex: 'remark', width: 160, ellipsis: { showTitle: true }, defaultHidden: true, render: displayOrEmpty },
      actionColumn(200, (row) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => navigate(refundPath('info', { id: row.id }))} data-testid={`refund-detail-${row.refundNo}`}>
            详情
          </Button>
          <RefundActions refund={row} compact />
        </Space>
      )),
    ],
    [canSeeOrder, canSeeOutbound, navigate],
  );

  const toolbar: ListToolbarButton[] = [
    { key: 'add', label: '新增', type: 'primary', icon: <PlusOutlined />, permission: 'purchase:refund:add', onClick: () => navigate(refundPath('add')), testId: 'refund-add' },
  ];

  return (
    <ListPage<PurchaseRefundRecord, RefundListFilters>
      listId="purchase-refunds"
      title="采购退货"
      testId="refund"
      queryKey={purchaseRefundKeys.page}
      fetchPage={fetchPage}
      columns={columns}
      rowKey="id"
      initialFilters={INITIAL}
      urlFilters={URL_FILTERS}
      searchFields={searchFields}
      defaultSort={DEFAULT_SORT}
      toolbar={toolbar}
    />
  );
}
