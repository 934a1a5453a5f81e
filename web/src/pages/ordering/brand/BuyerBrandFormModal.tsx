import { Alert, Form, Select } from 'antd';
import { BUYER_BRANDS_BATCH_MAX, BuyerBrandMessages, buyerBrandsAddedText, type BuyerBrandsAdded } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { useBrandOptions } from '../../../api/product-form-options.ts';
import { parseBuyerKey } from '../../../api/quotas.ts';
import { BuyerKeySelect } from '../quota/quota-selects.tsx';
import { buyerBrandApi } from './buyer-brands-api.ts';

interface BuyerBrandFormValues {
  /** `agent:1` or `shop:3` */
  buyer?: string;
  brandIds: number[];
}

const EMPTY: BuyerBrandFormValues = { brandIds: [] };

/** 新增可订品牌 (HQ): one buyer and one or more enabled brands; brands it has already are ignored. */
export function BuyerBrandFormModal({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const brands = useBrandOptions();
  const save = async (values: BuyerBrandFormValues, options: Parameters<typeof buyerBrandApi.add>[1]) => {
    const buyer = parseBuyerKey(values.buyer);
    if (!buyer) throw new Error(BuyerBrandMessages.buyerRequired);
    return buyerBrandApi.add({ ...buyer, brandIds: values.brandIds }, options);
  };

  return (
    <FormModal<BuyerBrandFormValues, BuyerBrandsAdded>
      open={open}
      title="新增可订品牌"
      width={560}
      testId="buyer-brand-form-dialog"
      formName="buyerBrandForm"
      layout="vertical"
      initialValues={EMPTY}
      onSubmit={save}
      savedMessage={buyerBrandsAddedText}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="订货方设置了可订品牌后，只能查看和订购这些品牌的款式；没有设置的订货方可订全部品牌。"
        data-testid="buyer-brand-form-note"
      />
      <Form.Item name="buyer" label="订货方" required rules={[checkRule((v) => (v ? null : BuyerBrandMessages.buyerRequired))]}>
        <BuyerKeySelect testId="buyer-brand-form-buyer" />
      </Form.Item>
      <Form.Item
        name="brandIds"
        label="品牌"
        required
        extra={`可多选，一次最多${BUYER_BRANDS_BATCH_MAX}个；只列出启用的品牌`}
        rules={[checkRule((v) => (Array.isArray(v) && v.length > 0 ? null : BuyerBrandMessages.brandsRequired))]}
      >
        <Select<number[]>
          mode="multiple"
          allowClear
          maxCount={BUYER_BRANDS_BATCH_MAX}
          placeholder="请选择品牌"
          loading={brands.isFetching}
          options={(brands.data ?? []).map((b) => ({ value: b.id, label: `${b.name}（${b.code}）` }))}
          optionFilterProp="label"
          data-testid="buyer-brand-form-brands"
        />
      </Form.Item>
    </FormModal>
  );
}
