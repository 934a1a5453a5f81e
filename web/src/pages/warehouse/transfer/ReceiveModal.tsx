import { useEffect, useState } from 'react';
import { Alert, Input, Modal, Table, type ButtonProps, type TableColumnType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { STOCK_DOC_REASON_MAX, StockDocMessages, type StockDocDetail, type StockDocLineRecord } from '@erp/shared';
import { ApiError, INLINE_ERROR } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { DifferenceText } from '../../../ui/document/DifferenceText.tsx';
import { keepDocAnswer, newIdempotencyKey, stockDocKeys, stockDocsApi } from '../../../api/stock-docs.ts';
import { QuantityInput, SaveBlockedHint } from '../../../ui/quantity/QuantityInput.tsx';
import { initialReceived, RECEIVED_RULE, receiptDiffers, receiptTotals, receiveBody, receivedProblem, type ReceivedInput } from './transfer-rules.ts';

const api = stockDocsApi('transfer');

export interface ReceiveModalProps {
  doc: StockDocDetail;
  open: boolean;
  onClose: () => void;
}

/**
 * 收货: the received quantity per line (starting from the scanned quantities once scanning started,
 * else the shipped ones) and, when anything differs, the reason. Posts into the destination.
 */
export function ReceiveModal({ doc, open, onClose }: ReceiveModalProps) {
  const client = useQueryClient();
  const [received, setReceived] = useState<ReceivedInput>(() => initialReceived(doc));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // each opening starts from what the document says now (scans may have arrived meanwhile);
  // a refetch while open must not overwrite what is typed, hence only `open`
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on opening only; depending on `doc` would reset the typed quantities and reason on every refetch
  useEffect(() => {
    if (!open) return;
    // the cache holds the document as last read (the page reads it once more before opening); the
    // prop may still be the render before that read reached this component
    const now = client.getQueryData<StockDocDetail>(stockDocKeys.detail('transfer', doc.id)) ?? doc;
    setReceived(initialReceived(now));
    setReason(now.differenceReason);
    setError(null);
  }, [open]);

  const differs = receiptDiffers(doc, received);
  const totals = receiptTotals(doc, received);
  // a bad 实收 stays as typed, red, and blocks 确认收货 until it is mended
  const blocked = receivedProblem(doc, received);

  const submit = async () => {
    const problem = receivedProblem(doc, received);
    if (problem) return setError(problem);
    if (differs && !reason.trim()) return setError(StockDocMessages.reasonRequired);
    setBusy(true);
    setError(null);
    try {
      const detail = await api.action(doc.id, 'receive', receiveBody(doc, received, differs ? reason : ''), newIdempotencyKey(), INLINE_ERROR);
      keepDocAnswer(client, detail);
      toast().success('收货成功');
      onClose();
    } catch (e) {
      // the quantities and the reason stay as typed
      setError(e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnType<StockDocLineRecord>[] = [
    { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 48 },
    { key: 'item', title: '商品', width: 220, render: (_, l) => (l.styleNo ? `${l.styleNo} ${l.colourName} ${l.sizeName}` : `${l.materialCode} ${l.materialName}`) },
    { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 140 },
    { key: 'shipped', title: '发货', dataIndex: 'quantity', width: 70, align: 'right' },
    {
      key: 'received',
      title: '实收',
      width: 150,
      render: (_, l) => (
        <QuantityInput
          rule={RECEIVED_RULE}
          value={received[l.id]}
          onChange={(q) => setReceived((r) => ({ ...r, [l.id]: q }))}
          aria-label={`第${l.lineNo}行 实收`}
          testId={`receive-qty-${l.lineNo}`}
        />
      ),
    },
    { key: 'difference', title: '差异', width: 70, align: 'right', render: (_, l) => <DifferenceText value={receiptTotals({ lines: [l] }, received).received - l.quantity} /> },
  ];

  return (
    <Modal
      title={`收货 ${doc.docNo}：${doc.toWarehouseName}`}
      open={open}
      width={760}
      onCancel={() => (busy ? undefined : onClose())}
      onOk={() => void submit()}
      okText="确认收货"
      cancelText="取消"
      okButtonProps={{ loading: busy, disabled: !!blocked, 'data-testid': 'receive-confirm' } as ButtonProps}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <p>
        {doc.scanStarted ? '实收数量按扫描结果预填，' : '实收数量按发货数量预填，'}
        可逐行修改。收货后货品从在途仓转入「{doc.toWarehouseName}」。
      </p>
      <Table<StockDocLineRecord>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={doc.lines}
        pagination={doc.lines.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        rowClassName={(l) => ((received[l.id] ?? 0) !== l.quantity ? 'doc-row--differs' : '')}
        scroll={{ x: 'max-content', y: 360 }}
        data-testid="receive-lines"
      />
      <p style={{ marginTop: 8, fontWeight: 600 }} data-testid="receive-totals">
        发货 {totals.shipped} 件，实收 {totals.received} 件{differs ? `（短少 ${totals.short}，多出 ${totals.over}）` : ''}
      </p>
      <SaveBlockedHint problem={blocked} />
      {differs ? (
        <Input.TextArea
          rows={2}
          maxLength={STOCK_DOC_REASON_MAX}
          showCount
          placeholder="差异原因（必填），如：运输破损、少发"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          status={error && !reason.trim() ? 'error' : undefined}
          data-testid="receive-reason"
        />
      ) : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} data-testid="receive-error" /> : null}
    </Modal>
  );
}
