import { Form, Input, InputNumber, Switch } from 'antd';
import { DICT_CODE_MAX, DICT_NAME_MAX, DICT_REMARK_MAX, DICT_SORT_MAX, DictMessages, type DictRecord } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { dictApi } from './dict-api.ts';
import { dictFormInitial, dictFormRules, toDictInput, type DictFormValues } from './dict-rules.ts';

export interface DictFormTarget {
  /** null: a new dictionary */
  record: DictRecord | null;
  nextSort: number;
}

interface DictFormModalProps {
  /** null closes the dialog */
  target: DictFormTarget | null;
  onClose: () => void;
  /** `created`: the new dictionary's id */
  onSaved: (created: number | null) => void;
}

/** 新增字典 / 编辑字典. The code is locked once the dictionary has items (the server refuses it too). */
export function DictFormModal({ target, onClose, onSaved }: DictFormModalProps) {
  const record = target?.record ?? null;
  const codeLocked = !!record && record.itemCount > 0;

  const save = async (values: DictFormValues) => {
    const input = toDictInput(values);
    if (!record) return (await dictApi.create(input)).id;
    await dictApi.update(record.id, input);
    return null;
  };

  return (
    <FormModal
      open={target !== null}
      title={record ? '编辑字典' : '新增字典'}
      width={520}
      testId="dict-form-dialog"
      formName="dictForm"
      initialValues={target && dictFormInitial(record, target.nextSort)}
      onSubmit={save}
      savedMessage={record ? DictMessages.updated : DictMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item
        name="dictCode"
        label="字典编码"
        required
        rules={dictFormRules.dictCode}
        extra={codeLocked ? '已有字典项，编码不能修改' : '字母开头，可含字母、数字和下划线，如 season'}
      >
        <Input maxLength={DICT_CODE_MAX} disabled={codeLocked} placeholder="如 payment_method" data-testid="dict-form-code" />
      </Form.Item>
      <Form.Item name="name" label="字典名称" required rules={dictFormRules.name}>
        <Input maxLength={DICT_NAME_MAX} placeholder="如 支付方式" data-testid="dict-form-name" />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={dictFormRules.sort} extra="数字越小越靠前">
        <InputNumber min={0} max={DICT_SORT_MAX} precision={0} style={{ width: 160 }} data-testid="dict-form-sort" />
      </Form.Item>
      <Form.Item name="enabled" label="状态" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="停用" data-testid="dict-form-enabled" />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={dictFormRules.remark}>
        <Input.TextArea rows={3} maxLength={DICT_REMARK_MAX} showCount placeholder="用途说明" data-testid="dict-form-remark" />
      </Form.Item>
    </FormModal>
  );
}
