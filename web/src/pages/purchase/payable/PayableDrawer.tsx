import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { DatePicker, Descriptions, Drawer, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { displayOrEmpty, formatYuan, type OrderPayableRecord, type PayableEntryRecord, type SupplierPayableRecord } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { ORDER_INFO_PATH, payableKeys, payablesApi, useHasPage } from '../purchase-refunds-api.ts';
import { refundPath } from '../refund/refund-rules.ts';
import { MoneyText, moneyColumn } from '../../../ui/money/index.ts';
import { dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INBOUND_INFO = '/erp/warehouse/inbound/info';
const OUTBOUND_INFO = '/erp/warehouse/outbound/info';

interface EntryFilters {
  range?: [Dayjs | null, Dayjs | null] | null;
}
const NO_FILTERS = {};
const ENTRY_SEARCH: ListSearchField[] = [
  { name: 'range', label: '日期', wide: true, input: <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} data-testid="payable-entry-range" /> },
];

/** A supplier's payables: per order (单号 links) and the ledger entries behind them, each exportable. */
export function PayableDrawer({ supplier, onClose }: { supplier: SupplierPayableRecord | null; onClose: () => void }) {
  return (
    <Drawer
      title={supplier ? `应付明细 - ${supplier.supplierName}（${supplier.supplierCode}）` : ''}
      open={supplier !== null}
      onClose={onClose}
      size={1100}
      destroyOnHidden
      data-testid="payable-drawer"
    >
      {supplier ? <PayableDetail supplier={supplier} /> : null}
    </Drawer>
  );
}

function PayableDetail({ supplier }: { supplier: SupplierPayableRecord }) {
  const canOrder = useHasPage(ORDER_INFO_PATH);
  const canInbound = useHasPage(INBOUND_INFO);
  const canOutbound = useHasPage(OUTBOUND_INFO);
  const canRefund = useHasPage(refundPath('info'));
  const supplierId = supplier.supplierId;

  const fetchOrders = useCallback((params: ListParams<object>, signal?: AbortSignal) => payablesApi.orders({ ...params, supplierId }, signal), [supplierId]);
  const fetchEntries = useCallback(
    ({ range, ...rest }: ListParams<EntryFilters>, signal?: AbortSignal) => {
      const [from, to] = range ?? [];
      return payablesApi.entries({ ...rest, supplierId, ...(from ? { from: from.format('YYYY-MM-DD') } : {}), ...(to ? { to: to.format('YYYY-MM-DD') } : {}) }, signal);
    },
    [supplierId],
  );

  const orderColumns = useMemo<ListColumn<OrderPayableRecord>[]>(
    () => [
      {
        key: 'orderNo',
        title: '采购订单',
        dataIndex: 'orderNo',
        width: 170,
        sortable: true,
        render: (v: string, row) =>
          row.purchaseOrderId && canOrder ? <Link to={`${ORDER_INFO_PATH}?id=${row.purchaseOrderId}`}>{v}</Link> : row.purchaseOrderId ? v : '（无订单退货）',
        exportValue: (row) => row.orderNo || '（无订单退货）',
      },
      { key: 'orderDate', title: '下单日期', dataIndex: 'orderDate', width: 110, sortable: true, render: displayOrEmpty },
      moneyColumn({ title: '入库金额', dataIndex: 'receivedAmountFen', width: 120, sortable: true }),
      moneyColumn({ title: '退货金额', dataIndex: 'refundedAmountFen', width: 120, sortable: true }),
      moneyColumn({ title: '已付金额', dataIndex: 'paidAmountFen', width: 120, sortable: true }),
      {
        ...moneyColumn<OrderPayableRecord>({ title: '应付', dataIndex: 'payableFen', width: 120, sortable: true }),
        render: (v: number, row) => <MoneyText fen={v} data-testid={`payable-order-${row.orderNo || 'none'}`} />,
      },
    ],
    [canOrder],
  );

  const entryColumns = useMemo<ListColumn<PayableEntryRecord>[]>(
    () => [
      { key: 'entryType', title: '类型', dataIndex: 'entryLabel', width: 100 },
      {
        key: 'docNo',
        title: '出入库单',
        dataIndex: 'docNo',
        width: 170,
        render: (v: string, row) => {
          // a payment or an adjustment posts no stock document: its number is in the 摘要
          if (!row.stockDocId) return '—';
          const inbound = row.entryType === 'receipt' || row.entryType === 'receipt_void';
          const can = inbound ? canInbound : canOutbound;
          return can ? <Link to={`${inbound ? INBOUND_INFO : OUTBOUND_INFO}?id=${row.stockDocId}`}>{v}</Link> : v;
        },
      },
      {
        key: 'orderNo',
        title: '采购订单',
        dataIndex: 'orderNo',
        width: 170,
        render: (v: string, row) => (row.purchaseOrderId && canOrder ? <Link to={`${ORDER_INFO_PATH}?id=${row.purchaseOrderId}`}>{v}</Link> : displayOrEmpty(v)),
      },
      {
        key: 'refundNo',
        title: '退货单',
        dataIndex: 'refundNo',
        width: 170,
        render: (v: string, row) => (row.refundId && canRefund ? <Link to={refundPath('info', { id: row.refundId })}>{v}</Link> : displayOrEmpty(v)),
      },
      { key: 'memo', title: '摘要', dataIndex: 'memo', width: 200, ellipsis: { showTitle: true }, render: displayOrEmpty },
      { key: 'quantity', title: '数量', dataIndex: 'quantity', width: 80, align: 'right' },
      moneyColumn({ title: '金额', dataIndex: 'amountFen', width: 120, sortable: true }),
      { key: 'businessDay', title: '日期', dataIndex: 'businessDay', width: 110, sortable: true },
      { key: 'createdBy', title: '操作人', dataIndex: 'createdByName', width: 100, render: displayOrEmpty },
      dateTimeColumn('createdAt', '记录时间', { width: 170, sortable: false, defaultHidden: true }),
    ],
    [canInbound, canOutbound, canOrder, canRefund],
  );

  return (
    <>
      <Descriptions
        size="small"
        column={3}
        items={[
          { key: 'received', label: '入库金额', children: formatYuan(supplier.receivedAmountFen) },
          { key: 'refunded', label: '退货金额', children: formatYuan(supplier.refundedAmountFen) },
          { key: 'paid', label: '已付金额', children: formatYuan(supplier.paidAmountFen) },
          { key: 'payable', label: '应付金额', children: <MoneyText strong fen={supplier.payableFen} data-testid="payable-drawer-total" /> },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Tabs
        items={[
          {
            key: 'orders',
            label: '按订单',
            children: (
              <div data-testid="payable-orders-list">
                <ListPage<OrderPayableRecord, object>
                  listId="purchase-payable-orders"
                  title={`应付-按订单-${supplier.supplierName}`}
                  testId="payable-orders"
                  queryKey={[...payableKeys.orders(supplierId)]}
                  fetchPage={fetchOrders}
                  columns={orderColumns}
                  rowKey={(row) => row.purchaseOrderId ?? 0}
                  initialFilters={NO_FILTERS}
                  urlFilters={false}
                />
              </div>
            ),
          },
          {
            key: 'entries',
            label: '流水',
            children: (
              <div data-testid="payable-entries-list">
                <ListPage<PayableEntryRecord, EntryFilters>
                  listId="purchase-payable-entries"
                  title={`应付流水-${supplier.supplierName}`}
                  testId="payable-entries"
                  queryKey={[...payableKeys.entries(supplierId)]}
                  fetchPage={fetchEntries}
                  columns={entryColumns}
                  rowKey="id"
                  initialFilters={NO_FILTERS}
                  urlFilters={false}
                  searchFields={ENTRY_SEARCH}
                />
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
