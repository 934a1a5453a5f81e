import { Checkbox, Form, Input, InputNumber, Radio, Switch } from 'antd';
import { TAG_GROUP_NAME_MAX, TAG_REMARK_MAX, TAG_SORT_MAX, TAG_TARGET_LABELS, TAG_TARGET_TYPES, TagMessages, type TagGroupRecord } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { tagApi } from './tag-api.ts';
import { groupFormInitial, groupFormRules, toGroupInput, type GroupFormValues } from './tag-rules.ts';

export interface GroupFormTarget {
  /** null: a new group */
  record: TagGroupRecord | null;
  nextSort: number;
}

interface GroupFormModalProps {
  /** null closes the dialog */
  target: GroupFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

const TARGET_OPTIONS = TAG_TARGET_TYPES.map((type) => ({ value: type, label: TAG_TARGET_LABELS[type] }));

/** 新增分组 / 编辑分组. A target type or multiple choice its tags rely on is refused by the server with the count. */
export function GroupFormModal({ target, onClose, onSaved }: GroupFormModalProps) {
  const record = target?.record ?? null;

  const save = async (values: GroupFormValues) => {
    const input = toGroupInput(values);
    if (record) await tagApi.updateGroup(record.id, input);
    else await tagApi.createGroup(input);
  };

  return (
    <FormModal
      open={target !== null}
      title={record ? '编辑标签分组' : '新增标签分组'}
      width={540}
      testId="tag-group-form-dialog"
      formName="tagGroupForm"
      initialValues={target && groupFormInitial(record, target.nextSort)}
      onSubmit={save}
      savedMessage={record ? TagMessages.updated : TagMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="name" label="分组名称" required rules={groupFormRules.name}>
        <Input maxLength={TAG_GROUP_NAME_MAX} placeholder="如 商品风格" data-testid="tag-group-form-name" />
      </Form.Item>
      <Form.Item name="appliesTo" label="适用对象" required rules={groupFormRules.appliesTo} extra="该分组的标签可以打在哪些对象上">
        <Checkbox.Group options={TARGET_OPTIONS} data-testid="tag-group-form-applies" />
      </Form.Item>
      <Form.Item name="multiple" label="选择方式" extra="单选：每个对象在该分组中只能有一个标签，如门店等级">
        <Radio.Group
          optionType="button"
          options={[
            { value: true, label: '多选' },
            { value: false, label: '单选' },
          ]}
          data-testid="tag-group-form-multiple"
        />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={groupFormRules.sort} extra="数字越小越靠前">
        <InputNumber min={0} max={TAG_SORT_MAX} precision={0} style={{ width: 160 }} data-testid="tag-group-form-sort" />
      </Form.Item>
      <Form.Item name="enabled" label="状态" valuePropName="checked" extra="停用后不能再选用该分组的标签，已打上的保留">
        <Switch checkedChildren="启用" unCheckedChildren="停用" data-testid="tag-group-form-enabled" />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={groupFormRules.remark}>
        <Input.TextArea rows={3} maxLength={TAG_REMARK_MAX} showCount placeholder="用途说明" data-testid="tag-group-form-remark" />
      </Form.Item>
    </FormModal>
  );
}
