import { useState } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { SHELF_NAME_MAX, SHELF_SORT_MAX, ShelfMessages, type ShelfRecord } from '@erp/shared';
import { ApiError } from '../../../api/request.ts';
import { toast } from '../../../ui/feedback.ts';
import { checkRule } from '../base/warehouse-rules.ts';
import { shelfApi } from '../warehouse-api.ts';
import { shelfFieldProblems, shelfFormValuesOf, shelfInputOf, type ShelfFormValues } from './shelf-rules.ts';

const FORM_ID = 'shelf-form';

interface ShelfFormModalProps {
  /** the warehouse a new shelf goes into */
  warehouse: { id: number; name: string } | null;
  open: boolean;
  /** null adds a new shelf */
  record: ShelfRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增货架 / 编辑货架. */
export function ShelfFormModal({ warehouse, open, record, onClose, onSaved }: ShelfFormModalProps) {
  const [saving, setSaving] = useState(false);

  return (
    <Modal
      title={record ? `编辑货架 · ${record.code}` : `新增货架 · ${warehouse?.name ?? ''}`}
      open={open}
      onCancel={onClose}
      okText="保存"
      okButtonProps={{ htmlType: 'submit', form: FORM_ID }}
      confirmLoading={saving}
      destroyOnHidden
      width={480}
      data-testid="shelf-form-dialog"
    >
      {open && warehouse ? <ShelfForm warehouseId={warehouse.id} record={record} onSaving={setSaving} onSaved={onSaved} /> : null}
    </Modal>
  );
}

interface ShelfFormProps {
  warehouseId: number;
  record: ShelfRecord | null;
  onSaving: (saving: boolean) => void;
  onSaved: () => void;
}

/** Mounted per opening: its own form instance, so no opening carries the last one's values. */
function ShelfForm({ warehouseId, record, onSaving, onSaved }: ShelfFormProps) {
  const [form] = Form.useForm<ShelfFormValues>();

  const submit = async (values: ShelfFormValues) => {
    onSaving(true);
    try {
      const input = shelfInputOf(values);
      if (record) await shelfApi.update(record.id, input);
      else await shelfApi.create(warehouseId, input);
      toast().success(record ? ShelfMessages.updated : ShelfMessages.created);
      onSaved();
    } catch (error) {
      // shown by the request client; a taken code goes under the field too, the input stays
      if (error instanceof ApiError && error.msg.startsWith('货架编码')) form.setFields([{ name: 'code', errors: [error.msg] }]);
    } finally {
      onSaving(false);
    }
  };

  return (
    <Form<ShelfFormValues>
      form={form}
      id={FORM_ID}
      name="shelfForm"
      layout="vertical"
      initialValues={shelfFormValuesOf(record)}
      onFinish={submit}
      preserve={false}
      autoComplete="off"
      style={{ marginTop: 16 }}
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
    </Form>
  );
}
