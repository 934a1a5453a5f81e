import { useMemo, useState } from 'react';
import { Card, Col, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { StockDocRecord, StockDocKind } from '@erp/shared';
import { SupplierSelect } from '../../../ui/SupplierSelect.tsx';
import { ShopSelect } from '../base/ShopSelect.tsx';
import { useWarehouseOptions } from '../../../api/use-warehouse-options.ts';
import { fromDetailLines, toLineInputs } from './doc-rules.ts';
import { clearShelves, editorLinesProblem, editorQuantitiesProblem, type EditorLine } from '../../../ui/document/lines-rules.ts';
import { DocDraftForm, DocWarehouseField } from './DocDraftForm.tsx';
import { DocLinesEditor } from '../../../ui/document/DocLinesEditor.tsx';
import type { DocHeaderInput } from '../../../api/stock-docs.ts';
import { useDocDraft } from './use-doc-draft.ts';
import '../../../ui/document/stock-docs.css';

export type DocParty = 'supplier' | 'shop' | null;

export interface DocEditFormProps {
  kind: StockDocKind;
  /** biz type → label; the first is the default of a new document */
  bizTypes: Readonly<Record<string, string>>;
  /** which party a biz type names (采购入库 → supplier, 配货出库 → shop) */
  partyOf?: (bizType: string) => DocParty;
  /** the types a user may choose (default: all of bizTypes); the others show only on documents their source made */
  offered?: readonly string[];
  /** a draft to edit; null: a new document */
  docId: number | null;
  /** after a save: the document as stored, and whether it was also submitted */
  onSaved: (record: StockDocRecord, submitted: boolean) => void;
  /** the line editor's 货架 column (default true) */
  showShelf?: boolean;
}

interface HeaderValues {
  warehouseId?: number;
  bizType?: string;
  supplierId?: number | null;
  shopId?: number | null;
  expectedDate?: Dayjs | null;
  remark?: string;
}

const headerOf = (values: HeaderValues, party: DocParty): DocHeaderInput => ({
  warehouseId: values.warehouseId,
  bizType: values.bizType,
  supplierId: party === 'supplier' ? (values.supplierId ?? null) : null,
  shopId: party === 'shop' ? (values.shopId ?? null) : null,
  expectedDate: values.expectedDate ? values.expectedDate.format('YYYY-MM-DD') : null,
  remark: (values.remark ?? '').trim(),
});

/**
 * 新增/编辑 of a stock document (inbound, outbound…): header (warehouse, type, supplier or shop,
 * expected date, remark) and lines; 保存草稿 or 保存并提交. A failed save keeps every input and
 * shows the server's message; a save that created the draft but failed to submit edits that draft.
 */
export function DocEditForm({ kind, bizTypes, partyOf = () => null, offered = Object.keys(bizTypes), docId, onSaved, showShelf = true }: DocEditFormProps) {
  const [form] = Form.useForm<HeaderValues>();
  const warehouses = useWarehouseOptions();
  const [lines, setLines] = useState<EditorLine[]>([]);
  const bizType = Form.useWatch('bizType', form) ?? offered[0]!;
  const warehouseId = Form.useWatch('warehouseId', form) ?? null;
  const party = partyOf(bizType);
  const draft = useDocDraft<HeaderValues>({
    kind,
    docId,
    form,
    fill: (doc) => {
      form.setFieldsValue({
        warehouseId: doc.warehouseId,
        bizType: doc.bizType,
        supplierId: doc.supplierId,
        shopId: doc.shopId,
        expectedDate: doc.expectedDate ? dayjs(doc.expectedDate) : null,
        remark: doc.remark,
      });
      setLines(fromDetailLines(doc.lines));
    },
    check: () => editorLinesProblem(lines),
    body: (values) => ({ header: headerOf(values, party), lines: toLineInputs(lines) }),
    reset: () => setLines([]),
    onSaved,
  });
  const { current } = draft;

  const warehouseOptions = useMemo(() => warehouses.options.filter((o) => o.type !== 'transit'), [warehouses.options]);

  return (
    <DocDraftForm
      draft={draft}
      testId="doc-form"
      blocked={editorQuantitiesProblem(lines)}
      initialValues={{ bizType: offered[0] }}
      onValuesChange={(changed) => {
        // shelves belong to a warehouse: a new warehouse clears them
        if ('warehouseId' in changed && lines.some((l) => l.shelfId !== null)) setLines(clearShelves(lines));
      }}
      fields={
        <>
          <DocWarehouseField label="仓库" options={warehouseOptions} loading={warehouses.isFetching} xl={6} testId="doc-form-warehouse" />
          <Col xs={24} md={12} xl={6}>
            <Form.Item name="bizType" label="类型" rules={[{ required: true, message: '请选择类型' }]}>
              <Select
                options={Object.entries(bizTypes)
                  .filter(([value]) => offered.includes(value) || value === current?.bizType)
                  .map(([value, label]) => ({ value, label, disabled: !offered.includes(value) }))}
                disabled={Boolean(current?.sourceType)}
                data-testid="doc-form-type"
              />
            </Form.Item>
          </Col>
          {party === 'supplier' ? (
            <Col xs={24} md={12} xl={6}>
              <Form.Item name="supplierId" label="供应商">
                <SupplierSelect current={current?.supplierId ? { id: current.supplierId, name: current.supplierName } : null} data-testid="doc-form-supplier" />
              </Form.Item>
            </Col>
          ) : null}
          {party === 'shop' ? (
            <Col xs={24} md={12} xl={6}>
              <Form.Item name="shopId" label="门店">
                <ShopSelect current={current?.shopId ? { id: current.shopId, name: current.shopName } : null} data-testid="doc-form-shop" />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} md={12} xl={6}>
            <Form.Item name="expectedDate" label="预计日期">
              <DatePicker style={{ width: '100%' }} data-testid="doc-form-date" />
            </Form.Item>
          </Col>
        </>
      }
    >
      <Card title="明细">
        <DocLinesEditor value={lines} onChange={setLines} warehouseId={warehouseId} stockWarehouseId={kind === 'outbound' ? warehouseId : null} showShelf={showShelf} />
      </Card>
    </DocDraftForm>
  );
}
