import { Form, Input, InputNumber, Switch, TreeSelect } from 'antd';
import { MASTER_CODE_MAX, MASTER_NAME_MAX, MASTER_SORT_MAX, ProductMasterMessages } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { categoryApi, type Category, type CategoryInput } from '../../../api/product-master.ts';
import { masterFormRules, parentChoices } from '../master-rules.ts';

export interface CategoryFormTarget {
  /** null: a new category under `parentId` */
  record: Category | null;
  parentId: number | null;
  nextSort: number;
}

interface CategoryFormModalProps {
  target: CategoryFormTarget | null;
  tree: readonly Category[];
  onClose: () => void;
  onSaved: () => void;
}

interface FormValues extends Omit<CategoryInput, 'parentId'> {
  parentId?: number;
}

const initialOf = (target: CategoryFormTarget): FormValues => {
  const r = target.record;
  return r
    ? { parentId: r.parentId ?? undefined, code: r.code, name: r.name, sort: r.sort, enabled: r.enabled }
    : { parentId: target.parentId ?? undefined, code: '', name: '', sort: target.nextSort, enabled: true };
};

/** 新增分类 / 编辑分类; changing 上级分类 moves the category with its children (three levels at most). */
export function CategoryFormModal({ target, tree, onClose, onSaved }: CategoryFormModalProps) {
  const record = target?.record ?? null;

  const save = async (values: FormValues) => {
    const input: CategoryInput = { ...values, parentId: values.parentId ?? null, code: values.code.trim(), name: values.name.trim() };
    if (record) await categoryApi.update(record.id, input);
    else await categoryApi.create(input);
  };

  return (
    <FormModal
      open={target !== null}
      title={record ? '编辑分类' : '新增分类'}
      width={540}
      testId="category-form-dialog"
      formName="categoryForm"
      initialValues={target && initialOf(target)}
      onSubmit={save}
      savedMessage={record ? ProductMasterMessages.updated : ProductMasterMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="parentId" label="上级分类" extra="不选即为一级分类；商品分类最多三级">
        <TreeSelect allowClear treeDefaultExpandAll placeholder="无（一级分类）" treeData={parentChoices(tree, record?.id ?? null)} data-testid="category-form-parent" />
      </Form.Item>
      <Form.Item name="code" label="分类编码" required rules={masterFormRules.code}>
        <Input maxLength={MASTER_CODE_MAX} placeholder="如 010101" data-testid="category-form-code" />
      </Form.Item>
      <Form.Item name="name" label="分类名称" required rules={masterFormRules.name}>
        <Input maxLength={MASTER_NAME_MAX} placeholder="如 大衣" data-testid="category-form-name" />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={masterFormRules.sort} extra="同级内数字越小越靠前">
        <InputNumber min={0} max={MASTER_SORT_MAX} precision={0} style={{ width: 160 }} data-testid="category-form-sort" />
      </Form.Item>
      <Form.Item name="enabled" label="状态" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="停用" data-testid="category-form-enabled" />
      </Form.Item>
    </FormModal>
  );
}
