import { useState } from 'react';
import { Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { DIFFERENCE_TEXT_MAX, formatYuan, type DeliveryDifferenceRecord, type SalesOrderDetail } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { formatDateTime } from '../../../ui/format-time.ts';
import { allocationApi } from '../allocation/allocation-api.ts';
import { salesOrderKeys } from '../../../api/sales-orders.ts';
import { moneyColumn } from '../../../ui/money/index.ts';

// 收货差异 on the order (issue 26): what its 配货出库 delivered short. The billed party stays charged
// until HQ confirms (the short pieces are credited at the order price) or rejects with a note.

const STATUS_COLOURS: Record<DeliveryDifferenceRecord['status'], string> = { pending: 'orange', credited: 'green', rejected: 'red', void: 'default' };

interface Settling {
  docId: number;
  docNo: string;
  resolution: 'credit' | 'reject';
  amountFen: number;
}

export function DeliveryDifferencesCard({ order }: { order: SalesOrderDetail }) {
  const client = useQueryClient();
  const [settling, setSettling] = useState<Settling | null>(null);
  if (order.differences.length === 0) return null;
  const pendingDocs = [...new Map(order.differences.filter((d) => d.status === 'pending').map((d) => [d.docId, d.docNo])).entries()];
  const pendingFen = (docId: number) => order.differences.filter((d) => d.docId === docId && d.status === 'pending').reduce((s, d) => s + d.amountFen, 0);
  return (
    <Card
      title="收货差异"
      size="small"
      data-testid="so-differences"
      extra={
        order.canSettleDifferences && pendingDocs.length ? (
          <Space wrap>
            {pendingDocs.map(([docId, docNo]) => (
              <Space key={docId} size={4}>
                <Button
                  size="small"
                  type="primary"
                  onClick={() => setSettling({ docId, docNo, resolution: 'credit', amountFen: pendingFen(docId) })}
                  data-testid={`so-difference-credit-${docNo}`}
                >
                  确认短少并退款（{docNo}）
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() => setSettling({ docId, docNo, resolution: 'reject', amountFen: pendingFen(docId) })}
                  data-testid={`so-difference-reject-${docNo}`}
                >
                  不予认可
                </Button>
              </Space>
            ))}
          </Space>
        ) : null
      }
    >
      <Table<DeliveryDifferenceRecord>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={order.differences}
        columns={[
          { key: 'doc', title: '配货出库单', dataIndex: 'docNo', width: 170 },
          { key: 'sku', title: '款号 / 颜色 / 尺码', render: (_, d) => `${d.styleNo} ${d.colourName} ${d.sizeName}` },
          { key: 'shipped', title: '发货', dataIndex: 'shipped', width: 70, align: 'right' },
          { key: 'received', title: '实收', dataIndex: 'received', width: 70, align: 'right' },
          { key: 'short', title: '短少', dataIndex: 'short', width: 70, align: 'right' },
          moneyColumn({ key: 'amount', title: '短少金额', fen: (d) => d.amountFen, width: 120 }),
          {
            key: 'status',
            title: '处理',
            width: 130,
            render: (_, d) => (
              <Tag color={STATUS_COLOURS[d.status]} data-testid={`so-difference-status-${d.id}`}>
                {d.statusLabel}
              </Tag>
            ),
          },
          moneyColumn<DeliveryDifferenceRecord>({ key: 'credited', title: '已退款', fen: (d) => d.creditedFen || null, width: 110 }),
          {
            key: 'note',
            title: '承运商 / 说明',
            render: (_, d) => [d.carrier && `承运商：${d.carrier}`, d.note].filter(Boolean).join('；') || '--',
          },
          { key: 'resolved', title: '处理人 / 时间', width: 190, render: (_, d) => (d.resolvedAt ? `${d.resolvedByName} ${formatDateTime(d.resolvedAt)}` : '--') },
        ]}
      />
      <FormModal<{ carrier: string; note: string }, { settled: number; creditedFen: number }>
        open={settling !== null}
        title={settling?.resolution === 'credit' ? `确认短少 · ${settling.docNo}` : `不予认可 · ${settling?.docNo ?? ''}`}
        width={520}
        testId="so-difference-dialog"
        formName="differenceForm"
        layout="vertical"
        initialValues={settling ? { carrier: '', note: '' } : null}
        onSubmit={(values, options) => allocationApi.resolveDifferences({ docId: settling!.docId, resolution: settling!.resolution, ...values }, options)}
        savedMessage={(r) => (r.creditedFen ? `已确认，退还结算方 ${formatYuan(r.creditedFen)}` : '已处理')}
        onSaved={() => {
          setSettling(null);
          void client.invalidateQueries({ queryKey: salesOrderKeys.all });
        }}
        onClose={() => setSettling(null)}
      >
        {settling?.resolution === 'credit' ? (
          <>
            <p>按订货价退还结算方 {formatYuan(settling.amountFen)}，记入对账单（收货短少）。</p>
            <Form.Item name="carrier" label="承运商（向其索赔时填写）" rules={[{ max: DIFFERENCE_TEXT_MAX, message: `不能超过${DIFFERENCE_TEXT_MAX}个字` }]}>
              <Input data-testid="so-difference-carrier" />
            </Form.Item>
          </>
        ) : (
          <p>不予认可时结算方仍按发货数量结算，说明会显示在订货单上。</p>
        )}
        <Form.Item
          name="note"
          label="说明"
          rules={[
            { required: settling?.resolution === 'reject', whitespace: true, message: '不予认可须填写说明' },
            { max: DIFFERENCE_TEXT_MAX, message: `不能超过${DIFFERENCE_TEXT_MAX}个字` },
          ]}
        >
          <Input.TextArea rows={3} data-testid="so-difference-note" />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
