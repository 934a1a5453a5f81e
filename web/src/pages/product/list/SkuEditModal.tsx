import { useState } from 'react';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { barcodeProblem, ProductLimits, ProductMessages, SKU_STATUS_LABELS, SKU_STATUSES, type SkuStatus } from '@erp/shared';
import { ApiError, INLINE_ERROR } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { productApi, type SkuRecord } from '../../../api/products.ts';
import { ColourLabel } from './SkuGrid.tsx';

interface SkuFormValues {
  barcode: string;
  marketplaceGroup: string;
  sellerSku: string;
  status: SkuStatus;
}

const FORM_ID = 'sku-edit-form';

/** Which field a server answer is about. */
function fieldOf(message: string): keyof SkuFormValues | null {
  if (message.startsWith('条码')) return 'barcode';
  if (message.startsWith('平台分组“') || message === ProductMessages.sellerSkuTooLong || message === ProductMessages.sellerSkuNeedsGroup || message.startsWith('平台商家编码'))
    return 'sellerSku';
  if (message === ProductMessages.marketplaceGroupTooLong) return 'marketplaceGroup';
  return null;
}

export interface SkuEditModalProps {
  /** null closes the dialog */
  sku: SkuRecord | null;
  onClose: () => void;
  onSaved: (sku: SkuRecord) => void;
}

/** 修改 SKU: barcode, 平台分组 + 平台商家编码, 启用/停用. A refused save keeps the input and shows why. */
export function SkuEditModal({ sku, onClose, onSaved }: SkuEditModalProps) {
  const [form] = Form.useForm<SkuFormValues>();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (values: SkuFormValues) => {
    if (!sku) return;
    setSaving(true);
    setServerError(null);
    try {
      const saved = await productApi.updateSku(
        sku.id,
        {
          barcode: values.barcode.trim(),
          marketplaceGroup: values.marketplaceGroup.trim() || null,
          sellerSku: values.sellerSku.trim() || null,
          status: values.status,
        },
        INLINE_ERROR,
      );
      toast().success(ProductMessages.updated);
      onSaved(saved);
    } catch (error) {
      const message = error instanceof ApiError ? error.msg : '保存失败，请重试';
      setServerError(message);
      const field = fieldOf(message);
      if (field) form.setFields([{ name: field, errors: [message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改 SKU"
      open={sku !== null}
      onCancel={onClose}
      okText="保存"
      okButtonProps={{ htmlType: 'submit', form: FORM_ID }}
      confirmLoading={saving}
      destroyOnHidden
      afterOpenChange={(open) => (open ? undefined : setServerError(null))}
      width={520}
      data-testid="sku-edit-dialog"
    >
      {sku ? (
        <Form<SkuFormValues>
          id={FORM_ID}
          form={form}
          layout="vertical"
          preserve={false}
          autoComplete="off"
          initialValues={{ barcode: sku.barcode, marketplaceGroup: sku.marketplaceGroup ?? '', sellerSku: sku.sellerSku ?? '', status: sku.status }}
          onFinish={submit}
          onValuesChange={() => setServerError(null)}
          style={{ marginTop: 12 }}
        >
          <div className="sku-edit__head">
            <ColourLabel hex={sku.colourHex} code={sku.colourCode} name={sku.colourName} />
            <span className="sku-edit__size">尺码 {sku.sizeName}</span>
          </div>
          {serverError ? <Alert type="error" showIcon title={serverError} style={{ marginBottom: 12 }} data-testid="sku-edit-error" /> : null}
          <Form.Item
            name="barcode"
            label="条码"
            required
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const code = (value ?? '').trim();
                  if (!code) return Promise.reject(new Error('请输入条码'));
                  const problem = barcodeProblem(code);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input maxLength={32} className="sku-grid__barcode-input" data-testid="sku-edit-barcode" />
          </Form.Item>
          <Form.Item name="marketplaceGroup" label="平台分组" rules={[{ max: ProductLimits.marketplaceGroupMax, message: ProductMessages.marketplaceGroupTooLong }]}>
            <Input maxLength={ProductLimits.marketplaceGroupMax} placeholder="如 tmall、jd；填平台商家编码时必填" data-testid="sku-edit-group" />
          </Form.Item>
          <Form.Item
            name="sellerSku"
            label="平台商家编码"
            dependencies={['marketplaceGroup']}
            rules={[
              { max: ProductLimits.sellerSkuMax, message: ProductMessages.sellerSkuTooLong },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  (value ?? '').trim() && !String(getFieldValue('marketplaceGroup') ?? '').trim()
                    ? Promise.reject(new Error(ProductMessages.sellerSkuNeedsGroup))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input maxLength={ProductLimits.sellerSkuMax} placeholder="在平台分组内唯一，可不填" data-testid="sku-edit-seller" />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Radio.Group options={SKU_STATUSES.map((value) => ({ value, label: SKU_STATUS_LABELS[value] }))} optionType="button" data-testid="sku-edit-status" />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
