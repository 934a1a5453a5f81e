import { useMemo } from 'react';
import { Alert, Col, Form, Select } from 'antd';
import type { StockDocRecord } from '@erp/shared';
import { useShelfOptions, useWarehouseOptions } from '../../../api/use-warehouse-options.ts';
import { DocDraftForm, DocWarehouseField } from '../docs/DocDraftForm.tsx';
import { useDocDraft } from '../docs/use-doc-draft.ts';
import '../../../ui/document/stock-docs.css';
import { startCountConfirm } from './stocktake-rules.ts';

interface Values {
  warehouseId?: number;
  shelfIds?: number[];
  remark?: string;
}

export interface StocktakeFormProps {
  /** a draft to edit; null: a new count */
  docId: number | null;
  onSaved: (record: StockDocRecord) => void;
}

/**
 * 新增/编辑盘点单: the warehouse and, optionally, the shelves to count (none = the whole warehouse).
 * The lines come from the book when counting starts. 保存 or 保存并开始盘点 (freezes the scope).
 */
export function StocktakeForm({ docId, onSaved }: StocktakeFormProps) {
  const [form] = Form.useForm<Values>();
  const warehouses = useWarehouseOptions();
  const warehouseId = Form.useWatch('warehouseId', form) ?? null;
  const shelves = useShelfOptions(warehouseId);
  const draft = useDocDraft<Values>({
    kind: 'stocktake',
    docId,
    form,
    fill: (doc) => form.setFieldsValue({ warehouseId: doc.warehouseId, shelfIds: doc.shelfIds, remark: doc.remark }),
    body: (values) => ({ header: { warehouseId: values.warehouseId, shelfIds: values.shelfIds ?? [], remark: (values.remark ?? '').trim() }, lines: [] }),
    action: 'startCount',
    actionFailed: (msg) => `盘点单已保存，但开始盘点失败：${msg}`,
    onSaved,
  });
  const options = useMemo(() => warehouses.options.filter((o) => o.type !== 'transit'), [warehouses.options]);

  return (
    <DocDraftForm
      draft={draft}
      testId="stocktake-form"
      noun="盘点单"
      actionLabel="保存并开始盘点"
      actionTestId="stocktake-save-start"
      confirmAction={(values) => {
        const warehouse = warehouses.options.find((o) => o.value === values.warehouseId)?.label ?? '';
        return startCountConfirm(warehouse, values.shelfIds ?? [], (id) => shelves.options.find((o) => o.value === id)?.label);
      }}
      onValuesChange={(changed) => {
        // shelves belong to the warehouse: another warehouse clears them
        if ('warehouseId' in changed) form.setFieldValue('shelfIds', []);
      }}
      fields={
        <>
          <DocWarehouseField label="盘点仓库" placeholder="请选择仓库" options={options} loading={warehouses.isFetching} xl={8} testId="stocktake-form-warehouse" />
          <Col xs={24} md={12} xl={16}>
            <Form.Item name="shelfIds" label="盘点货架" extra="不选则盘点整个仓库（含未上架的库存）；选择货架则只盘这些货架">
              <Select<number[]>
                mode="multiple"
                allowClear
                placeholder={warehouseId ? (shelves.options.length ? '整仓（可选择货架）' : '该仓库没有货架：盘点整仓') : '先选择仓库'}
                disabled={!warehouseId || shelves.options.length === 0}
                options={shelves.options}
                loading={shelves.isFetching}
                showSearch={{ optionFilterProp: 'label' }}
                maxTagCount="responsive"
                data-testid="stocktake-form-shelves"
              />
            </Form.Item>
          </Col>
        </>
      }
      headerNote={<Alert type="info" showIcon title="开始盘点时按账面库存生成盘点明细，并冻结盘点范围：盘点期间该范围内不能出入库，审核过账或作废后解冻。" />}
    />
  );
}
