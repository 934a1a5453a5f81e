import { useMemo, useState } from 'react';
import { Card, Col, Form } from 'antd';
import { StockKindMessages, type StockDocRecord } from '@erp/shared';
import { ShopSelect } from '../base/ShopSelect.tsx';
import { useWarehouseOptions } from '../../../api/use-warehouse-options.ts';
import { clearShelves } from '../../../ui/document/lines-rules.ts';
import { DocDraftForm, DocWarehouseField } from '../docs/DocDraftForm.tsx';
import { DocLinesEditor } from '../../../ui/document/DocLinesEditor.tsx';
import { useDocDraft } from '../docs/use-doc-draft.ts';
import '../../../ui/document/stock-docs.css';
import { exchangeLinesProblem, exchangeQuantitiesProblem, isHqSide, splitLegs, toExchangeInputs, type ExchangeLegs } from './exchange-rules.ts';

interface HeaderValues {
  warehouseId?: number;
  shopId?: number | null;
  remark?: string;
}

const EMPTY: ExchangeLegs = { in: [], out: [] };

/**
 * 新建/编辑换货单: the HQ-side warehouse (shelves on lines are its shelves), the shop (its warehouse
 * is the other side), 退回 lines (shop → HQ) and 换出 lines (HQ → shop); 保存草稿 or 保存并提交.
 * A failed save keeps every input and shows the server's message.
 */
export function ExchangeEditForm({ docId, onSaved }: { docId: number | null; onSaved: (record: StockDocRecord) => void }) {
  const [form] = Form.useForm<HeaderValues>();
  const warehouses = useWarehouseOptions();
  const [legs, setLegs] = useState<ExchangeLegs>(EMPTY);
  const warehouseId = Form.useWatch('warehouseId', form) ?? null;
  const draft = useDocDraft<HeaderValues>({
    kind: 'exchange',
    docId,
    form,
    fill: (doc) => {
      form.setFieldsValue({ warehouseId: doc.warehouseId, shopId: doc.shopId, remark: doc.remark });
      setLegs(splitLegs(doc.lines));
    },
    check: () => exchangeLinesProblem(legs),
    body: (values) => ({ header: { warehouseId: values.warehouseId, shopId: values.shopId ?? null, remark: (values.remark ?? '').trim() }, lines: toExchangeInputs(legs) }),
    reset: () => setLegs(EMPTY),
    onSaved,
  });
  const { current } = draft;

  const options = useMemo(() => warehouses.options.filter((o) => isHqSide(o.type)), [warehouses.options]);

  return (
    <DocDraftForm
      draft={draft}
      testId="exchange-form"
      blocked={exchangeQuantitiesProblem(legs)}
      addVerb="新建"
      onValuesChange={(changed) => {
        // shelves are the HQ warehouse's: another warehouse clears them
        if ('warehouseId' in changed) setLegs((l) => ({ in: clearShelves(l.in), out: clearShelves(l.out) }));
      }}
      fields={
        <>
          <DocWarehouseField
            label="总部仓库"
            extra="退回的货品入到这里，换出的货品从这里发出"
            options={options}
            loading={warehouses.isFetching}
            xl={8}
            testId="exchange-form-warehouse"
          />
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="shopId" label="门店" rules={[{ required: true, message: StockKindMessages.exchangeShopRequired }]} extra="门店的店仓为换货的另一方">
              <ShopSelect current={current?.shopId ? { id: current.shopId, name: current.shopName } : null} data-testid="exchange-form-shop" />
            </Form.Item>
          </Col>
        </>
      }
    >
      <Card title="退回明细（门店 → 总部；货架为总部仓库的上架货架，可不选）" data-testid="exchange-in">
        <DocLinesEditor value={legs.in} onChange={(lines) => setLegs((l) => ({ ...l, in: lines }))} warehouseId={warehouseId} quantityTitle="退回数量" />
      </Card>
      <Card title="换出明细（总部 → 门店；货架为总部仓库的拣货货架，可不选）" data-testid="exchange-out">
        <DocLinesEditor
          value={legs.out}
          onChange={(lines) => setLegs((l) => ({ ...l, out: lines }))}
          warehouseId={warehouseId}
          stockWarehouseId={warehouseId}
          quantityTitle="换出数量"
        />
      </Card>
    </DocDraftForm>
  );
}
