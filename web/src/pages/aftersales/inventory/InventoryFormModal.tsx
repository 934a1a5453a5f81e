import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { SHOP_INVENTORY_QUANTITY_MAX, SHOP_INVENTORY_TEXT_MAX, ShopInventoryMessages, shanghaiToday, type QuantityRule, type ShopInventoryDetail } from '@erp/shared';
import { ApiError, type CallOptions } from '../../../api/request.ts';
import { LinesEditor } from '../../../ui/document/LinesEditor.tsx';
import { editorQuantitiesProblem, lineKey, type EditorLine, type PickedSku } from '../../../ui/document/lines-rules.ts';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { SizeGridModal } from '../../../ui/document/SizeGridModal.tsx';
import { inventoryApi, inventoryKeys } from './inventory-api.ts';

/** A counted quantity: 0 (counted none of a SKU) up to the limit, required. */
export const COUNT_RULE: QuantityRule = { min: 0, max: SHOP_INVENTORY_QUANTITY_MAX, required: true, label: '盘点数' };

interface InventoryValues {
  warehouseId?: number;
  countDate?: Dayjs;
  remark: string;
  lines: EditorLine[];
}

/** A scanned barcode as a line takes it, looked up by the server as stock documents' scanning does. */
async function lookup(code: string): Promise<PickedSku> {
  try {
    return await inventoryApi.barcode(code);
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.msg);
    throw error;
  }
}

/** The report's lines as the editor holds them. */
export function editorLinesOf(report: ShopInventoryDetail): EditorLine[] {
  return report.lines.filter((l) => l.counted).map((l) => ({ ...l, key: lineKey(l.skuId, null), shelfId: null, quantity: l.countedQuantity, boxNo: '', remark: '' }));
}

export function linesProblem(lines: readonly EditorLine[] | undefined): string | null {
  if (!lines || lines.length === 0) return ShopInventoryMessages.linesRequired;
  return editorQuantitiesProblem(lines, COUNT_RULE);
}

/**
 * 新增/编辑库存上报: the shop warehouse, the count date and the counted lines — scanned (one piece per
 * beep) or typed into a style's colour × size grid; a SKU counted none may stay with 0.
 */
export function InventoryFormModal({
  open,
  report,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** the report being edited; null: a new one */
  report: ShopInventoryDetail | null;
  onClose: () => void;
  onSaved: (saved: ShopInventoryDetail) => void;
}) {
  const warehouses = useQuery({ queryKey: inventoryKeys.warehouses, queryFn: ({ signal }) => inventoryApi.warehouses(signal), enabled: open });
  const options = warehouses.data ?? [];
  const initial: InventoryValues = report
    ? { warehouseId: report.warehouseId, countDate: dayjs(report.countDate), remark: report.remark, lines: editorLinesOf(report) }
    : { warehouseId: options.length === 1 ? options[0]!.id : undefined, countDate: dayjs(shanghaiToday()), remark: '', lines: [] };
  const save = (values: InventoryValues, callOptions: CallOptions) => {
    const body = {
      warehouseId: values.warehouseId!,
      countDate: values.countDate!.format('YYYY-MM-DD'),
      remark: values.remark?.trim() ?? '',
      lines: values.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity ?? 0 })),
    };
    return report ? inventoryApi.update(report.id, body, callOptions) : inventoryApi.create(body, callOptions);
  };
  return (
    <FormModal<InventoryValues, ShopInventoryDetail>
      open={open && !warehouses.isPending}
      title={report ? `编辑库存上报 ${report.docNo}` : '新增库存上报'}
      width={1000}
      testId="inventory-form-dialog"
      formName="inventoryForm"
      initialValues={initial}
      onSubmit={save}
      savedMessage={report ? ShopInventoryMessages.saved : ShopInventoryMessages.created}
      onSaved={onSaved}
      onClose={onClose}
      errorFields={{ warehouseId: '仓库', countDate: '盘点日期', remark: '备注', lines: '第' }}
    >
      <Row gutter={16}>
        <Col span={13}>
          <Form.Item name="warehouseId" label="上报仓库" required rules={[checkRule((v) => (v ? null : ShopInventoryMessages.warehouseRequired))]}>
            <Select
              placeholder="选择门店仓库"
              showSearch={{ optionFilterProp: 'label' }}
              options={options.map((w) => ({ value: w.id, label: `${w.name}（${w.shopName}）` }))}
              notFoundContent="没有可上报的门店仓库"
              data-testid="inventory-form-warehouse"
            />
          </Form.Item>
        </Col>
        <Col span={11}>
          <Form.Item name="countDate" label="盘点日期" required rules={[checkRule((v) => (v ? null : ShopInventoryMessages.countDateInvalid))]}>
            <DatePicker style={{ width: '100%' }} allowClear={false} disabledDate={(d) => d.format('YYYY-MM-DD') > shanghaiToday()} data-testid="inventory-form-date" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注">
            <Input maxLength={SHOP_INVENTORY_TEXT_MAX} placeholder="选填" data-testid="inventory-form-remark" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="lines" label="盘点明细" required rules={[checkRule((v) => linesProblem(v as EditorLine[] | undefined))]}>
        <LinesEditor
          value={[]}
          onChange={() => {}}
          lookup={lookup}
          quantityTitle="盘点数"
          quantityRule={COUNT_RULE}
          styleGrid={(slot) => <SizeGridModal open={slot.open} onClose={slot.onClose} returnFocus={slot.returnFocus} onAdd={(skus, grid) => slot.onAdd(skus, grid)} />}
        />
      </Form.Item>
    </FormModal>
  );
}
