import { Col, Form, Input, Row } from 'antd';
import {
  MATERIAL_CATEGORY_DICT,
  MATERIAL_COST_MAX_FEN,
  MATERIAL_NAME_MAX,
  MATERIAL_REMARK_MAX,
  MATERIAL_SPEC_MAX,
  MATERIAL_UNIT_DICT,
  MaterialMessages,
  type MaterialRecord,
} from '@erp/shared';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { YuanInput } from '../../../ui/money/index.ts';
import { SupplierSelect } from '../../../ui/SupplierSelect.tsx';
import { ImageUpload } from '../../../ui/upload/ImageUpload.tsx';
import { materialApi } from './material-api.ts';
import { formValuesOf, inputOf, materialFormRules as rules, type MaterialFormValues } from './material-rules.ts';

interface MaterialFormModalProps {
  open: boolean;
  /** null adds a new material */
  record: MaterialRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增 / 编辑物料. */
export function MaterialFormModal({ open, record, onClose, onSaved }: MaterialFormModalProps) {
  const save = async (values: MaterialFormValues) => {
    const input = inputOf(values);
    if (record) await materialApi.update(record.id, input);
    else await materialApi.create(input);
  };

  return (
    <FormModal
      open={open}
      title={record ? '编辑物料' : '新增物料'}
      width={720}
      testId="material-form-dialog"
      formName="materialForm"
      layout="vertical"
      initialValues={formValuesOf(record)}
      onSubmit={save}
      savedMessage={record ? MaterialMessages.updated : MaterialMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={17}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="code" label="物料编码" required rules={rules.code}>
                <Input maxLength={32} placeholder="如 WL-BAG-L" data-testid="material-form-code" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="name" label="物料名称" required rules={rules.name}>
                <Input maxLength={MATERIAL_NAME_MAX} placeholder="如 购物袋 大号" data-testid="material-form-name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="category" label="物料类别" required rules={rules.category}>
                <DictSelect code={MATERIAL_CATEGORY_DICT} data-testid="material-form-category" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="unit" label="单位" required rules={rules.unit}>
                <DictSelect code={MATERIAL_UNIT_DICT} data-testid="material-form-unit" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="costFen" label="成本价（元）" rules={rules.costFen}>
                <YuanInput minFen={0} maxFen={MATERIAL_COST_MAX_FEN} step={1} placeholder="未定可不填" data-testid="material-form-cost" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="supplierId" label="供应商">
                <SupplierSelect current={record?.supplierId ? { id: record.supplierId, name: record.supplierName } : null} data-testid="material-form-supplier" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="specification" label="规格" rules={rules.specification}>
                <Input maxLength={MATERIAL_SPEC_MAX} placeholder="尺寸、材质、工艺等" data-testid="material-form-spec" />
              </Form.Item>
            </Col>
          </Row>
        </Col>
        <Col span={7}>
          <Form.Item name="imageUrl" label="物料图片">
            <ImageUpload category="product/baseimage" hint="png / jpg / bmp，5MB 以内" data-testid="material-form-image" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={rules.remark}>
            <Input.TextArea rows={2} maxLength={MATERIAL_REMARK_MAX} showCount data-testid="material-form-remark" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
