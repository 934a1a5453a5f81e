import { useMemo, useState } from 'react';
import { Card, Col, DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { StockDocRecord } from '@erp/shared';
import { useWarehouseOptions } from '../../../api/use-warehouse-options.ts';
import { fromDetailLines, toLineInputs } from '../docs/doc-rules.ts';
import { clearShelves, editorLinesProblem, editorQuantitiesProblem, type EditorLine } from '../../../ui/document/lines-rules.ts';
import { DocDraftForm, DocWarehouseField } from '../docs/DocDraftForm.tsx';
import { DocLinesEditor } from '../../../ui/document/DocLinesEditor.tsx';
import { useDocDraft } from '../docs/use-doc-draft.ts';
import '../../../ui/document/stock-docs.css';
import { transferHeaderProblem } from './transfer-rules.ts';

interface HeaderValues {
  warehouseId?: number;
  toWarehouseId?: number;
  expectedDate?: Dayjs | null;
  remark?: string;
}

export interface TransferEditFormProps {
  /** a draft to edit; null: a new transfer */
  docId: number | null;
  onSaved: (record: StockDocRecord, submitted: boolean) => void;
}

/**
 * 新增/编辑调拨单: 调出仓库 (lines may name its shelves), 调入仓库, expected date, remark and the
 * lines; 保存草稿 or 保存并提交. A failed save keeps every input and shows the server's message.
 */
export function TransferEditForm({ docId, onSaved }: TransferEditFormProps) {
  const [form] = Form.useForm<HeaderValues>();
  const warehouses = useWarehouseOptions();
  const [lines, setLines] = useState<EditorLine[]>([]);
  const warehouseId = Form.useWatch('warehouseId', form) ?? null;
  const toWarehouseId = Form.useWatch('toWarehouseId', form) ?? null;
  const draft = useDocDraft<HeaderValues>({
    kind: 'transfer',
    docId,
    form,
    fill: (doc) => {
      form.setFieldsValue({
        warehouseId: doc.warehouseId,
        toWarehouseId: doc.toWarehouseId ?? undefined,
        expectedDate: doc.expectedDate ? dayjs(doc.expectedDate) : null,
        remark: doc.remark,
      });
      setLines(fromDetailLines(doc.lines));
    },
    check: (values) => transferHeaderProblem(values.warehouseId, values.toWarehouseId) ?? editorLinesProblem(lines),
    body: (values) => ({
      header: {
        warehouseId: values.warehouseId,
        toWarehouseId: values.toWarehouseId,
        expectedDate: values.expectedDate ? values.expectedDate.format('YYYY-MM-DD') : null,
        remark: (values.remark ?? '').trim(),
      },
      lines: toLineInputs(lines),
    }),
    reset: () => setLines([]),
    onSaved,
  });

  // the transit warehouse is where goods wait, never a side of a transfer
  const options = useMemo(() => warehouses.options.filter((o) => o.type !== 'transit'), [warehouses.options]);
  const sourceOptions = useMemo(() => options.map((o) => ({ ...o, disabled: o.value === toWarehouseId })), [options, toWarehouseId]);
  const targetOptions = useMemo(() => options.map((o) => ({ ...o, disabled: o.value === warehouseId })), [options, warehouseId]);

  return (
    <DocDraftForm
      draft={draft}
      testId="transfer-form"
      blocked={editorQuantitiesProblem(lines)}
      onValuesChange={(changed) => {
        // shelves are the source's: another source clears them
        if ('warehouseId' in changed && lines.some((l) => l.shelfId !== null)) setLines(clearShelves(lines));
      }}
      fields={
        <>
          <DocWarehouseField label="调出仓库" options={sourceOptions} loading={warehouses.isFetching} xl={6} testId="transfer-form-from" />
          <DocWarehouseField name="toWarehouseId" label="调入仓库" options={targetOptions} loading={warehouses.isFetching} xl={6} testId="transfer-form-to" />
          <Col xs={24} md={12} xl={6}>
            <Form.Item name="expectedDate" label="预计到货">
              <DatePicker style={{ width: '100%' }} data-testid="transfer-form-date" />
            </Form.Item>
          </Col>
        </>
      }
    >
      <Card title="调拨明细（货架为调出仓库的拣货货架，可不选）">
        <DocLinesEditor value={lines} onChange={setLines} warehouseId={warehouseId} stockWarehouseId={warehouseId} quantityTitle="调拨数量" />
      </Card>
    </DocDraftForm>
  );
}
