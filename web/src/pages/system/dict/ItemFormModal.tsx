import { Form, Input, InputNumber, Switch, Typography } from 'antd';
import { DICT_NAME_MAX, DICT_REMARK_MAX, DICT_SORT_MAX, DICT_VALUE_MAX, DictMessages, type DictItemRecord, type DictRecord } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { dictApi } from './dict-api.ts';
import { itemFormInitial, itemFormRules, toItemInput, toItemUpdate, type ItemFormValues } from './dict-rules.ts';

export interface ItemFormTarget {
  /** null: a new item */
  record: DictItemRecord | null;
  nextSort: number;
}

interface ItemFormModalProps {
  dict: DictRecord;
  /** null closes the dialog */
  target: ItemFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增字典项 / 编辑字典项 of one dictionary. The value is fixed once created: other records store it. */
export function ItemFormModal({ dict, target, onClose, onSaved }: ItemFormModalProps) {
  const record = target?.record ?? null;

  const save = async (values: ItemFormValues) => {
    if (record) await dictApi.updateItem(record.id, toItemUpdate(values));
    else await dictApi.createItem(toItemInput(dict.dictCode, values));
  };

  return (
    <FormModal
      open={target !== null}
      title={record ? '编辑字典项' : '新增字典项'}
      width={520}
      testId="dict-item-form-dialog"
      formName="dictItemForm"
      initialValues={target && itemFormInitial(record, target.nextSort)}
      onSubmit={save}
      savedMessage={record ? DictMessages.updated : DictMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item label="所属字典">
        <span className="erp-dict__form-static">{dict.name}</span>
        <Typography.Text type="secondary" code style={{ marginLeft: 8 }}>
          {dict.dictCode}
        </Typography.Text>
      </Form.Item>
      <Form.Item name="name" label="名称" required rules={itemFormRules.name} extra="下拉框中显示的文字">
        <Input maxLength={DICT_NAME_MAX} placeholder="如 微信支付" data-testid="dict-item-form-name" />
      </Form.Item>
      <Form.Item
        name="value"
        label="值"
        rules={record ? [] : itemFormRules.value}
        extra={record ? '字典项值创建后不能修改' : '单据中保存的编码，字母或数字开头，创建后不能修改；留空则使用字典项编号'}
      >
        <Input maxLength={DICT_VALUE_MAX} disabled={!!record} placeholder="如 wechat，可留空" data-testid="dict-item-form-value" />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={itemFormRules.sort} extra="数字越小越靠前">
        <InputNumber min={0} max={DICT_SORT_MAX} precision={0} style={{ width: 160 }} data-testid="dict-item-form-sort" />
      </Form.Item>
      <Form.Item name="enabled" label="状态" valuePropName="checked" extra="停用的字典项不再出现在下拉框中">
        <Switch checkedChildren="启用" unCheckedChildren="停用" data-testid="dict-item-form-enabled" />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={itemFormRules.remark}>
        <Input.TextArea rows={3} maxLength={DICT_REMARK_MAX} showCount data-testid="dict-item-form-remark" />
      </Form.Item>
    </FormModal>
  );
}
