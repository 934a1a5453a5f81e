import { Form, Input, InputNumber, Switch } from 'antd';
import { MASTER_SORT_MAX, ProductMasterMessages, SIZE_RUN_NAME_MAX, sizeRunNameProblem, sizeRunProblem } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import type { SizeGroup } from '../../../api/product-master.ts';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { masterFormRules } from '../master-rules.ts';
import { runOf, sizeRunApi, type SizeRunRecord } from '../../../api/size-runs.ts';
import { goodCounts, SizeRunCountsEditor, type TypedCounts } from './SizeRunCountsEditor.tsx';

export interface SizeRunFormTarget {
  group: SizeGroup;
  /** null: a new run */
  record: SizeRunRecord | null;
  nextSort: number;
}

interface SizeRunFormValues {
  name: string;
  sort: number;
  enabled: boolean;
  counts: TypedCounts;
}

interface SizeRunFormModalProps {
  target: SizeRunFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

const initialOf = ({ record, nextSort }: SizeRunFormTarget): SizeRunFormValues =>
  record ? { name: record.name, sort: record.sort, enabled: record.enabled, counts: runOf(record) } : { name: '', sort: nextSort, enabled: true, counts: {} };

/** Empty sizes are 0; what was typed wrong stays, so the shared rule names it. */
const countsToCheck = (counts: TypedCounts | undefined) => Object.fromEntries(Object.entries(counts ?? {}).map(([size, n]) => [size, n ?? 0]));

/** 新增配码 / 编辑配码: a name and one count per size of the group, with the run and its pieces shown live. */
export function SizeRunFormModal({ target, onClose, onSaved }: SizeRunFormModalProps) {
  const record = target?.record ?? null;
  const sizes = target?.group.sizes.map((s) => s.name) ?? [];

  const save = async (values: SizeRunFormValues) => {
    const input = { name: values.name.trim(), sort: values.sort, enabled: values.enabled, counts: goodCounts(values.counts) };
    if (record) await sizeRunApi.update(record.id, input);
    else await sizeRunApi.create({ ...input, groupId: target!.group.id });
  };

  return (
    <FormModal
      open={target !== null}
      title={`${record ? '编辑配码' : '新增配码'}${target ? ` · ${target.group.name}` : ''}`}
      width={640}
      testId="size-run-form-dialog"
      formName="sizeRunForm"
      initialValues={target && initialOf(target)}
      wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
      onSubmit={save}
      savedMessage={record ? ProductMasterMessages.updated : ProductMasterMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="name" label="名称" required rules={[checkRule(sizeRunNameProblem)]}>
        <Input maxLength={SIZE_RUN_NAME_MAX} placeholder="如 标准配码" data-testid="size-run-form-name" />
      </Form.Item>
      <Form.Item
        name="counts"
        label="每手件数"
        required
        rules={[checkRule((counts: TypedCounts | undefined) => sizeRunProblem(countsToCheck(counts), sizes))]}
        extra="每个尺码一手几件（0-999），不订的尺码留空"
      >
        <SizeRunCountsEditor sizes={sizes} />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={masterFormRules.sort}>
        <InputNumber min={0} max={MASTER_SORT_MAX} precision={0} style={{ width: 160 }} data-testid="size-run-form-sort" />
      </Form.Item>
      <Form.Item name="enabled" label="状态" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="停用" data-testid="size-run-form-enabled" />
      </Form.Item>
    </FormModal>
  );
}
