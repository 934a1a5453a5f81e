import { Form, Input, InputNumber, Switch } from 'antd';
import { MASTER_CODE_MAX, MASTER_NAME_MAX, MASTER_REMARK_MAX, MASTER_SORT_MAX, ProductMasterMessages } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { ImageUpload } from '../../../ui/upload/ImageUpload.tsx';
import { brandApi, type Brand, type BrandInput } from '../../../api/product-master.ts';
import { masterFormRules } from '../master-rules.ts';

export interface BrandFormTarget {
  /** null: a new brand */
  record: Brand | null;
  nextSort: number;
}

interface BrandFormModalProps {
  target: BrandFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

const initialOf = (target: BrandFormTarget): BrandInput =>
  target.record
    ? { code: target.record.code, name: target.record.name, logoUrl: target.record.logoUrl, sort: target.record.sort, enabled: target.record.enabled, remark: target.record.remark }
    : { code: '', name: '', logoUrl: '', sort: target.nextSort, enabled: true, remark: '' };

/** 新增品牌 / 编辑品牌. */
export function BrandFormModal({ target, onClose, onSaved }: BrandFormModalProps) {
  const record = target?.record ?? null;

  const save = async (values: BrandInput) => {
    const input = { ...values, code: values.code.trim(), name: values.name.trim(), logoUrl: values.logoUrl ?? '', remark: values.remark?.trim() ?? '' };
    if (record) await brandApi.update(record.id, input);
    else await brandApi.create(input);
  };

  return (
    <FormModal
      open={target !== null}
      title={record ? '编辑品牌' : '新增品牌'}
      width={560}
      testId="brand-form-dialog"
      formName="brandForm"
      initialValues={target && initialOf(target)}
      onSubmit={save}
      savedMessage={record ? ProductMasterMessages.updated : ProductMasterMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="code" label="品牌编码" required rules={masterFormRules.code}>
        <Input maxLength={MASTER_CODE_MAX} placeholder="如 YS" data-testid="brand-form-code" />
      </Form.Item>
      <Form.Item name="name" label="品牌名称" required rules={masterFormRules.name}>
        <Input maxLength={MASTER_NAME_MAX} placeholder="如 衣尚" data-testid="brand-form-name" />
      </Form.Item>
      <Form.Item name="logoUrl" label="品牌标志" rules={masterFormRules.logoUrl}>
        <ImageUpload category="product/baseimage" hint="png、jpg、bmp，小于 5MB" data-testid="brand-form-logo" />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={masterFormRules.sort} extra="数字越小越靠前">
        <InputNumber min={0} max={MASTER_SORT_MAX} precision={0} style={{ width: 160 }} data-testid="brand-form-sort" />
      </Form.Item>
      <Form.Item name="enabled" label="状态" valuePropName="checked" extra="停用后新建商品时不能再选该品牌">
        <Switch checkedChildren="启用" unCheckedChildren="停用" data-testid="brand-form-enabled" />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={masterFormRules.remark}>
        <Input.TextArea rows={3} maxLength={MASTER_REMARK_MAX} showCount data-testid="brand-form-remark" />
      </Form.Item>
    </FormModal>
  );
}
