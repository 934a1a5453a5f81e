import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Space, Table, Tag, type TableColumnType } from 'antd';
import { displayOrEmpty, type PurchaseOrderDetail, type PurchaseReceiptRecord, type PurchaseRefundRecord } from '@erp/shared';
import { useDictOptions } from '../../../api/use-dict.ts';
import { previewPrint } from '../../../print/print-bus.ts';
import { toast } from '../../../api/feedback.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { productApi } from '../../../api/products.ts';
import { hangtagItems, labelItems, PRINT_PRODUCTS_MAX } from '../../../print/product-print.ts';
import { usePurchaseOrderRefunds, usePurchaseReceipts, PURCHASE_ORDER_PATHS } from '../../../api/purchase-orders.ts';
import { useCanOpen } from './purchase-access.ts';
import { receiptCopies, receiptProductIds } from './purchase-order-print.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { moneyColumn } from '../../../ui/money/index.ts';

const STATUS_COLOURS: Record<string, string> = { draft: 'default', submitted: 'processing', posted: 'success', void: 'error', audited: 'processing', done: 'success' };

type ReceiptLine = PurchaseReceiptRecord['lines'][number];

/** 收货记录: the inbound documents made from the order, their lines, drill-down and label printing. */
export function PurchaseReceiptsTab({ order }: { order: PurchaseOrderDetail }) {
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const receipts = usePurchaseReceipts(order.id);
  const [printing, setPrinting] = useState<string | null>(null);
  const canDrill = canOpen(PURCHASE_ORDER_PATHS.inboundInfo);
  // labels print from the products' details (brand, tag price, composition): the 商品 page's read
  const canPrint = canOpen(PURCHASE_ORDER_PATHS.productList);
  const grades = useDictOptions(canPrint ? 'grade' : '');
  const safety = useDictOptions(canPrint ? 'safety_category' : '');

  const printReceipt = async (receipt: PurchaseReceiptRecord, kind: 'label' | 'hangtag') => {
    setPrinting(`${receipt.id}:${kind}`);
    try {
      const ids = receiptProductIds(order, receipt).slice(0, PRINT_PRODUCTS_MAX);
      const products = await productApi.details(ids);
      const one = { copies: 1, includeDisabled: true };
      const items =
        kind === 'label'
          ? receiptCopies(labelItems(products, one), receipt)
          : receiptCopies(hangtagItems(products, one, { grade: grades.options, safetyCategory: safety.options }), receipt);
      if (items.length === 0) return void toast().warning('该收货单没有可打印的商品');
      if (kind === 'label') previewPrint('label', items as ReturnType<typeof labelItems>);
      else previewPrint('hangtag', items as ReturnType<typeof hangtagItems>);
    } catch {
      // the request client has shown why
    } finally {
      setPrinting(null);
    }
  };

  const columns: TableColumnType<PurchaseReceiptRecord>[] = [
    {
      key: 'docNo',
      title: '入库单号',
      dataIndex: 'docNo',
      width: 170,
      render: (v: string, r) =>
        canDrill ? (
          <ActionLink onClick={() => navigate(`${PURCHASE_ORDER_PATHS.inboundInfo}?id=${r.id}`)} data-testid={`po-receipt-link-${v}`}>
            {v}
          </ActionLink>
        ) : (
          <span data-testid={`po-receipt-${v}`}>{v}</span>
        ),
    },
    { key: 'status', title: '状态', dataIndex: 'statusLabel', width: 100, render: (v: string, r) => <Tag color={STATUS_COLOURS[r.status] ?? 'default'}>{v}</Tag> },
    { key: 'warehouse', title: '仓库', dataIndex: 'warehouseName', width: 140 },
    { key: 'quantity', title: '数量', dataIndex: 'quantity', width: 80, align: 'right' },
    moneyColumn({ key: 'amount', title: '金额', dataIndex: 'amountFen', width: 110 }),
    { key: 'createdAt', title: '收货时间', dataIndex: 'createdAt', width: 170, render: formatDateTime },
    { key: 'postedAt', title: '入库时间', dataIndex: 'postedAt', width: 170, render: formatDateTime },
    ...(canPrint
      ? [
          {
            key: 'print',
            title: '打印',
            width: 170,
            render: (_: unknown, r: PurchaseReceiptRecord) => (
              <Space size={0}>
                <Button type="link" size="small" loading={printing === `${r.id}:label`} onClick={() => void printReceipt(r, 'label')} data-testid={`po-receipt-label-${r.docNo}`}>
                  打印条码
                </Button>
                <Button
                  type="link"
                  size="small"
                  loading={printing === `${r.id}:hangtag`}
                  onClick={() => void printReceipt(r, 'hangtag')}
                  data-testid={`po-receipt-hangtag-${r.docNo}`}
                >
                  打印吊牌
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const lineColumns: TableColumnType<ReceiptLine>[] = [
    { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 110 },
    { key: 'name', title: '名称', dataIndex: 'productName', width: 150 },
    { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 80 },
    { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 70 },
    { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 140 },
    { key: 'quantity', title: '数量', dataIndex: 'quantity', width: 80, align: 'right' },
  ];

  return (
    <Table<PurchaseReceiptRecord>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={receipts.data ?? []}
      loading={receipts.isFetching}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: receipts.isError ? `加载失败：${receipts.error.message}` : '暂无收货记录' }}
      expandable={{
        expandedRowRender: (r) => <Table<ReceiptLine> size="small" rowKey={(l) => l.barcode} columns={lineColumns} dataSource={r.lines} pagination={false} />,
      }}
      data-testid="po-receipts"
    />
  );
}

/** 退货记录: the purchase refunds made from the order, each linking to its details. */
export function PurchaseRefundsTab({ order }: { order: PurchaseOrderDetail }) {
  const navigate = useNavigate();
  const refunds = usePurchaseOrderRefunds(order.id);
  const columns: TableColumnType<PurchaseRefundRecord>[] = [
    {
      key: 'refundNo',
      title: '退货单号',
      dataIndex: 'refundNo',
      width: 170,
      render: (v: string, r) => (
        <ActionLink onClick={() => navigate(`${PURCHASE_ORDER_PATHS.refundInfo}?id=${r.id}`)} data-testid={`po-refund-link-${v}`}>
          {v}
        </ActionLink>
      ),
    },
    { key: 'status', title: '状态', dataIndex: 'statusLabel', width: 130, render: (v: string, r) => <Tag color={STATUS_COLOURS[r.status] ?? 'default'}>{v}</Tag> },
    { key: 'warehouse', title: '出库仓库', dataIndex: 'warehouseName', width: 140 },
    { key: 'quantity', title: '退货数量', dataIndex: 'totalQuantity', width: 90, align: 'right' },
    { key: 'returned', title: '已出库', dataIndex: 'returnedQuantity', width: 80, align: 'right' },
    moneyColumn({ key: 'amount', title: '金额', dataIndex: 'totalAmountFen', width: 110 }),
    { key: 'reason', title: '退货原因', dataIndex: 'reason', width: 160, ellipsis: true, render: displayOrEmpty },
    { key: 'outboundNo', title: '出库单号', dataIndex: 'outboundNo', width: 170, render: displayOrEmpty },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', width: 170, render: formatDateTime },
  ];
  return (
    <Table<PurchaseRefundRecord>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={refunds.data?.records ?? []}
      loading={refunds.isFetching}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: refunds.isError ? `加载失败：${refunds.error.message}` : '暂无退货记录' }}
      data-testid="po-refunds"
    />
  );
}
