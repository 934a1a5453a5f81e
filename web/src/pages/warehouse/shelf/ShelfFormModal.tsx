import { Form, Input, InputNumber } from 'antd';
import { SHELF_NAME_MAX, SHELF_SORT_MAX, ShelfMessages, type ShelfRecord } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import type { CallOptions } from '../../../api/request.ts';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { shelfApi } from '../warehouse-api.ts';
import { shelfFieldProblems, shelfFormValuesOf, shelfInputOf, type ShelfFormValues } from './shelf-rules.ts';

interface ShelfFormModalProps {
  /** the warehouse a new shelf goes into */
  warehouse: { id: number; name: string } | null;
  open: boolean;
  /** null adds a new shelf */
  record: ShelfRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** A taken code is also shown under the code field. */
const ERROR_FIELDS = { code: '货架编码' };

/** 新增货架 / 编辑货架. */
export function ShelfFormModal({ warehouse, open, record, onClose, onSaved }: ShelfFormModalProps) {
  const save = async (values: ShelfFormValues, options: CallOptions) => {
    const input = shelfInputOf(values);
    if (record) await shelfApi.update(record.id, input, options);
    else if (warehouse) await shelfApi.create(warehouse.id, input, options);
  };

  return (
    <FormModal
      open={open}
      title={record ? `编辑货架 · ${record.code}` : `新增货架 · ${warehouse?.name ?? ''}`}
      width={480}
      testId="shelf-form-dialog"
      formName="shelfForm"
      layout="vertical"
      initialValues={warehouse && shelfFormValuesOf(record)}
      onSubmit={save}
      savedMessage={record ? ShelfMessages.updated : ShelfMessages.created}
      onSaved={onSaved}
      onClose={onClose}
      errorFields={ERROR_FIELDS}
    >
      <Form.Item name="code" label="货架编码" required rules={[checkRule(shelfFieldProblems.code)]} extra="同一仓库内唯一，如 A-01-03（排-层）">
        <Input maxLength={32} placeholder="如 A-01-03" data-testid="shelf-form-code" />
      </Form.Item>
      <Form.Item name="name" label="货架名称" rules={[checkRule(shelfFieldProblems.name)]}>
        <Input maxLength={SHELF_NAME_MAX} placeholder="可不填，如 男装区第一排" data-testid="shelf-form-name" />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={[checkRule(shelfFieldProblems.sort)]} extra="越小越靠前；不填为 0">
        <InputNumber min={0} max={SHELF_SORT_MAX} precision={0} style={{ width: '100%' }} data-testid="shelf-form-sort" />
      </Form.Item>
    </FormModal>
  );
}
