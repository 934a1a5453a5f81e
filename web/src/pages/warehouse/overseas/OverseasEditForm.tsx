import { useMemo, useState } from 'react';
import { Card, Col, Form, Radio, Table } from 'antd';
import { OVERSEAS_TYPE_LABELS, StockDocMessages, type OverseasType, type StockDocRecord } from '@erp/shared';
import { useWarehouseOptions } from '../../../api/use-warehouse-options.ts';
import { fromDetailLines, toLineInputs } from '../docs/doc-rules.ts';
import { editorLinesProblem, editorQuantitiesProblem, type EditorLine } from '../../../ui/document/lines-rules.ts';
import { DocDraftForm, DocWarehouseField } from '../docs/DocDraftForm.tsx';
import { DocLinesEditor } from '../../../ui/document/DocLinesEditor.tsx';
import { useDocDraft } from '../docs/use-doc-draft.ts';
import '../../../ui/document/stock-docs.css';
import { snapshotFromDetail, snapshotFromImport, snapshotInputs, type SnapshotLine } from './overseas-rules.ts';
import { OVERSEAS_IMPORT_COLUMNS } from './stock-import-file.ts';
import { stockImportApi } from './stock-import-api.ts';
import { StockImportPanel } from './StockImportPanel.tsx';

interface HeaderValues {
  warehouseId?: number;
  bizType?: OverseasType;
  remark?: string;
}

const SNAPSHOT_COLUMNS = [
  { key: 'no', title: '#', width: 56, render: (_: unknown, __: SnapshotLine, i: number) => i + 1 },
  { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 120 },
  { key: 'name', title: '名称', dataIndex: 'productName', width: 160, ellipsis: true },
  { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 90 },
  { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 80 },
  { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 160 },
  { key: 'counted', title: '快照数量', dataIndex: 'counted', width: 100, align: 'right' as const },
];

/**
 * 新增/编辑海外仓单据: an overseas warehouse and the type — 海外仓收货 (lines entered, +q on posting)
 * or 库存快照 (the warehouse's own counts imported from an .xlsx/.csv; posting adjusts the book to
 * them). 保存草稿 or 保存并提交; a failed save keeps every input.
 */
export function OverseasEditForm({ docId, onSaved }: { docId: number | null; onSaved: (record: StockDocRecord) => void }) {
  const [form] = Form.useForm<HeaderValues>();
  const warehouses = useWarehouseOptions();
  const [lines, setLines] = useState<EditorLine[]>([]);
  const [snapshot, setSnapshot] = useState<SnapshotLine[]>([]);
  const bizType: OverseasType = Form.useWatch('bizType', form) ?? 'snapshot';
  const warehouseId = Form.useWatch('warehouseId', form) ?? null;
  const draft = useDocDraft<HeaderValues>({
    kind: 'overseas',
    docId,
    form,
    fill: (doc) => {
      form.setFieldsValue({ warehouseId: doc.warehouseId, bizType: doc.bizType as OverseasType, remark: doc.remark });
      if (doc.bizType === 'snapshot') setSnapshot(snapshotFromDetail(doc.lines));
      else setLines(fromDetailLines(doc.lines));
    },
    check: () => (bizType === 'snapshot' ? (snapshot.length ? null : '请导入校验通过的快照文件') : editorLinesProblem(lines)),
    body: (values) => ({
      header: { warehouseId: values.warehouseId, bizType, remark: (values.remark ?? '').trim() },
      lines: bizType === 'snapshot' ? snapshotInputs(snapshot) : toLineInputs(lines),
    }),
    reset: () => {
      setLines([]);
      setSnapshot([]);
    },
    onSaved,
  });
  const { current } = draft;

  const options = useMemo(() => warehouses.options.filter((o) => o.type === 'overseas'), [warehouses.options]);

  return (
    <DocDraftForm
      draft={draft}
      testId="overseas-form"
      blocked={bizType === 'snapshot' ? null : editorQuantitiesProblem(lines)}
      initialValues={{ bizType: 'snapshot' }}
      fields={
        <>
          <DocWarehouseField label="海外仓" options={options} loading={warehouses.isFetching} xl={8} notFoundContent="没有可用的海外仓" testId="overseas-form-warehouse" />
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="bizType" label="类型" rules={[{ required: true, message: StockDocMessages.bizTypeInvalid }]}>
              <Radio.Group
                optionType="button"
                options={(['snapshot', 'receipt'] as const).map((value) => ({ value, label: OVERSEAS_TYPE_LABELS[value] }))}
                disabled={current !== null}
                data-testid="overseas-form-type"
              />
            </Form.Item>
          </Col>
        </>
      }
    >
      {bizType === 'snapshot' ? (
        <Card title="库存快照（导入海外仓提供的库存数量；审核时按当时账面计算差异并调整）">
          <StockImportPanel
            columns={OVERSEAS_IMPORT_COLUMNS}
            templateName="海外仓库存快照"
            templateExample={['6901234567890', 12]}
            check={(rows) => stockImportApi.overseasCheck('snapshot', rows)}
            onLines={(checked) => setSnapshot(checked ? snapshotFromImport(checked) : [])}
            testId="overseas-import"
          />
          {snapshot.length ? (
            <Table<SnapshotLine>
              style={{ marginTop: 12 }}
              size="small"
              rowKey="skuId"
              columns={SNAPSHOT_COLUMNS}
              dataSource={snapshot}
              scroll={{ x: 'max-content' }}
              pagination={snapshot.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
              data-testid="overseas-snapshot-lines"
              footer={() => `共 ${snapshot.length} 行，合计 ${snapshot.reduce((s, l) => s + l.counted, 0)} 件`}
            />
          ) : null}
        </Card>
      ) : (
        <Card title="收货明细">
          <DocLinesEditor value={lines} onChange={setLines} warehouseId={warehouseId} showShelf={false} quantityTitle="收货数量" />
        </Card>
      )}
    </DocDraftForm>
  );
}
