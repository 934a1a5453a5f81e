import { Tag } from 'antd';
import { displayOrEmpty, formatYuan, FINANCE_PARTY_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, type PaymentRecord, type PaymentStatus } from '@erp/shared';
import { formatDateTime } from '../../../ui/format-time.ts';
import type { ListColumn } from '../../../ui/list-page/ListPage.tsx';
import { VoucherThumb } from './voucher-image.tsx';
import { moneyColumn } from '../../../ui/money/index.ts';
import { dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const STATUS_COLORS: Record<PaymentStatus, string> = { submitted: 'blue', posted: 'green', rejected: 'red', cancelled: 'default', voided: 'default' };

/** The columns 收款单 and 付款单 share (their actions column is each page's own). */
export function paymentColumns(direction: 'in' | 'out'): ListColumn<PaymentRecord>[] {
  return [
    { key: 'docNo', title: '单号', dataIndex: 'docNo', sortable: true, width: 160 },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{PAYMENT_STATUS_LABELS[row.status]}</Tag>,
      exportValue: (row) => PAYMENT_STATUS_LABELS[row.status],
    },
    {
      key: 'partyName',
      title: direction === 'in' ? '付款单位' : '供应商',
      dataIndex: 'partyName',
      width: 200,
      ellipsis: { showTitle: true },
      render: (_, row) => (direction === 'in' ? `${row.partyName} · ${FINANCE_PARTY_LABELS[row.partyType]}` : row.partyName),
    },
    moneyColumn<PaymentRecord>({ title: '金额', dataIndex: 'amountFen', sortable: true, width: 120 }),
    {
      key: 'method',
      title: '方式',
      dataIndex: 'method',
      width: 90,
      render: (_, row) => PAYMENT_METHOD_LABELS[row.method],
      exportValue: (row) => PAYMENT_METHOD_LABELS[row.method],
    },
    { key: 'paidOn', title: '付款日期', dataIndex: 'paidOn', sortable: true, width: 110 },
    { key: 'bankRef', title: '银行流水号', dataIndex: 'bankRef', width: 150, render: displayOrEmpty },
    ...(direction === 'in'
      ? [{ key: 'salesOrderNo', title: '所付订货单', dataIndex: 'salesOrderNo', width: 170, render: displayOrEmpty } satisfies ListColumn<PaymentRecord>]
      : []),
    ...(direction === 'out'
      ? [
          {
            key: 'orders',
            title: '付采购订单',
            dataIndex: 'orders',
            width: 220,
            render: (_: unknown, row: PaymentRecord) => (row.orders.length ? row.orders.map((o) => `${o.orderNo} ${formatYuan(o.amountFen)}`).join('；') : '—'),
            exportValue: (row: PaymentRecord) => row.orders.map((o) => `${o.orderNo} ${formatYuan(o.amountFen)}`).join('；'),
          } satisfies ListColumn<PaymentRecord>,
        ]
      : []),
    {
      key: 'voucherImage',
      title: '凭证',
      dataIndex: 'voucherImage',
      width: 72,
      exportable: false,
      render: (_, row) => (row.voucherImage ? <VoucherThumb url={row.voucherImage} alt={`${row.docNo} 付款凭证`} /> : '—'),
    },
    { key: 'memo', title: '备注', dataIndex: 'memo', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty },
    { key: 'reason', title: '驳回/冲销原因', dataIndex: 'reason', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty },
    { key: 'createdByName', title: '登记人', dataIndex: 'createdByName', width: 100 },
    dateTimeColumn('createdAt', '登记时间'),
    { key: 'auditedByName', title: '审核人', dataIndex: 'auditedByName', width: 100, render: displayOrEmpty, defaultHidden: true },
    {
      key: 'auditedAt',
      title: '审核时间',
      dataIndex: 'auditedAt',
      width: 160,
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
      exportValue: (row) => (row.auditedAt ? formatDateTime(row.auditedAt) : ''),
      defaultHidden: true,
    },
  ];
}
