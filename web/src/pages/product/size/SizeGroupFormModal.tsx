import { Form, Input, InputNumber, Switch } from 'antd';
import { MASTER_CODE_MAX, MASTER_NAME_MAX, MASTER_SORT_MAX, ProductMasterMessages, sizeNamesProblem } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { sizeGroupApi, type SizeGroup, type SizeGroupInput } from '../../../api/product-master.ts';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { masterFormRules } from '../master-rules.ts';
import { SizeListEditor } from './SizeListEditor.tsx';

export interface SizeGroupFormTarget {
  /** null: a new group */
  record: SizeGroup | null;
  nextSort: number;
}

interface SizeGroupFormModalProps {
  target: SizeGroupFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

const initialOf = (target: SizeGroupFormTarget): SizeGroupInput =>
  target.record
    ? { code: target.record.code, name: target.record.name, sort: target.record.sort, enabled: target.record.enabled, sizes: target.record.sizes.map((s) => s.name) }
    : { code: '', name: '', sort: target.nextSort, enabled: true, sizes: [] };

const sizesRules = [checkRule(sizeNamesProblem)];

/** 新增尺码组 / 编辑尺码组: the sizes are saved as one ordered list in one go. */
export function SizeGroupFormModal({ target, onClose, onSaved }: SizeGroupFormModalProps) {
  const record = target?.record ?? null;

  const save = async (values: SizeGroupInput) => {
    const input = { ...values, code: values.code.trim(), name: values.name.trim() };
    if (record) await sizeGroupApi.update(record.id, input);
    else await sizeGroupApi.create(input);
  };

  return (
    <FormModal
      open={target !== null}
      title={record ? '编辑尺码组' : '新增尺码组'}
      width={640}
      testId="size-group-form-dialog"
      formName="sizeGroupForm"
      initialValues={target && initialOf(target)}
      wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
      onSubmit={save}
      savedMessage={record ? ProductMasterMessages.updated : ProductMasterMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="code" label="编码" required rules={masterFormRules.code}>
        <Input maxLength={MASTER_CODE_MAX} placeholder="如 DEFAULT" data-testid="size-group-form-code" />
      </Form.Item>
      <Form.Item name="name" label="名称" required rules={masterFormRules.name}>
        <Input maxLength={MASTER_NAME_MAX} placeholder="如 常规尺码" data-testid="size-group-form-name" />
      </Form.Item>
      <Form.Item name="sizes" label="尺码" required rules={sizesRules} extra="拖动或用 ‹ › 调整顺序；已被商品使用的尺码不能移除">
        <SizeListEditor />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={masterFormRules.sort}>
        <InputNumber min={0} max={MASTER_SORT_MAX} precision={0} style={{ width: 160 }} data-testid="size-group-form-sort" />
      </Form.Item>
      <Form.Item name="enabled" label="状态" valuePropName="checked" extra={record?.isDefault ? '默认尺码组不能停用' : undefined}>
        <Switch checkedChildren="启用" unCheckedChildren="停用" disabled={record?.isDefault} data-testid="size-group-form-enabled" />
      </Form.Item>
    </FormModal>
  );
}
