import { useMemo, useState } from 'react';
import { Alert, Button, Form, Modal, Select, Space, Statistic } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { formatYuan, type StockDocRecord, type StockImportLine } from '@erp/shared';
import { ApiError, INLINE_ERROR } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { keepDocAnswer, newIdempotencyKey, stockDocsApi } from '../../../api/stock-docs.ts';
import { OPENING_IMPORT_COLUMNS } from '../overseas/stock-import-file.ts';
import { stockImportApi } from '../overseas/stock-import-api.ts';
import { StockImportPanel } from '../overseas/StockImportPanel.tsx';
import { openingInputs, openingTotals, type OpeningRow } from './opening-rules.ts';

const api = stockDocsApi('opening');

export interface ImportOpeningModalProps {
  open: boolean;
  rows: readonly OpeningRow[];
  /** the warehouse picked from its row, if any */
  warehouseId: number | null;
  onClose: () => void;
  /** the opening was created and submitted: 审核锁定 comes next */
  onCreated: (record: StockDocRecord) => void;
}

/**
 * 导入期初: choose a warehouse still without an opening, download the template, choose the file
 * (.xlsx/.csv); the server checks every row and lists the bad ones. When all pass, 创建期初单
 * creates the document and submits it for 审核锁定.
 */
export function ImportOpeningModal({ open, rows, warehouseId: initial, onClose, onCreated }: ImportOpeningModalProps) {
  const client = useQueryClient();
  const [warehouseId, setWarehouseId] = useState<number | null>(initial);
  const [lines, setLines] = useState<StockImportLine[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = useMemo(
    () =>
      rows.map((r) => ({
        value: r.warehouse.id,
        label: `${r.warehouse.name}（${r.warehouse.code}）${r.doc ? (r.doc.status === 'posted' ? ' · 已锁定' : ' · 已有期初单') : ''}`,
        disabled: r.doc !== null,
      })),
    [rows],
  );
  const totals = lines ? openingTotals(lines) : null;

  const create = async () => {
    if (!warehouseId || !lines) return;
    setBusy(true);
    setError(null);
    try {
      let detail = await api.create({ header: { warehouseId }, lines: openingInputs(lines) }, newIdempotencyKey(), INLINE_ERROR);
      detail = await api.action(detail.id, 'submit', {}, newIdempotencyKey(), INLINE_ERROR);
      keepDocAnswer(client, detail);
      toast().success(`期初单${detail.docNo}已创建，请审核锁定`);
      onCreated(detail);
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="导入期初库存"
      width={760}
      onCancel={busy ? undefined : onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button type="primary" disabled={!lines || !warehouseId} loading={busy} onClick={() => void create()} data-testid="opening-create">
            创建期初单
          </Button>
        </Space>
      }
      data-testid="opening-import-modal"
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title="每个仓库只能导入一次期初，且须在仓库有任何库存流水之前；审核锁定后不能修改或作废。" />
      <Form layout="vertical">
        <Form.Item label="仓库" required>
          <Select<number>
            placeholder="请选择要导入期初的仓库"
            value={warehouseId ?? undefined}
            options={options}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(id) => {
              setWarehouseId(id);
              setLines(null);
              setError(null);
            }}
            data-testid="opening-import-warehouse"
          />
        </Form.Item>
      </Form>
      <StockImportPanel
        key={warehouseId ?? 0}
        columns={OPENING_IMPORT_COLUMNS}
        templateName="期初库存导入"
        templateExample={['6901234567890', 10, '128.00', '']}
        check={(rows) => stockImportApi.openingCheck(warehouseId!, rows)}
        onLines={setLines}
        disabled={!warehouseId}
        testId="opening-import"
      />
      {totals ? (
        <Space size={48} style={{ marginTop: 12 }} data-testid="opening-import-totals">
          <Statistic title="行数" value={lines!.length} />
          <Statistic title="数量合计" value={totals.quantity} />
          <Statistic title="成本合计" value={formatYuan(totals.amountFen)} />
        </Space>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} data-testid="opening-create-error" /> : null}
    </Modal>
  );
}
