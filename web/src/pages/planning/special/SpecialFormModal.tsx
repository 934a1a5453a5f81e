import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Switch, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  PLANNING_REMARK_MAX,
  PlanningMessages,
  PRICE_MAX_FEN,
  SPECIAL_MODE_LABELS,
  SPECIAL_MODES,
  SPECIAL_NAME_MAX,
  SPECIAL_TARGET_LABELS,
  shanghaiToday,
  type SpecialRecord,
  type SpecialTargetType,
  type TagGroupRecord,
} from '@erp/shared';
import { http } from '../../../api/request.ts';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { YuanInput } from '../../../ui/money/index.ts';
import { useBrandOptions, useCategoryPickTree } from '../../../api/product-form-options.ts';
import { planningApi } from '../planning-api.ts';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { percentRule, specialFormProblem, specialFormValues, specialInputOf, fixedPriceRule, type SpecialFormValues } from '../planning-form.ts';
import { PlanningPicker } from '../PlanningPicker.tsx';

interface SpecialFormModalProps {
  targetType: SpecialTargetType;
  open: boolean;
  /** null adds a new special */
  record: SpecialRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** A yyyy-mm-dd field on a DatePicker: the form keeps the text the server takes. */
const dayField = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

const nameRule = checkRule((value) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return PlanningMessages.nameRequired;
  return text.length > SPECIAL_NAME_MAX ? PlanningMessages.nameTooLong : null;
});

function useProductTagOptions() {
  const query = useQuery({
    queryKey: ['tags', 'groups', 'product'],
    queryFn: ({ signal }) => http.get<TagGroupRecord[]>('/admin/api/v1/tag-groups', { targetType: 'product' }, { signal }),
    staleTime: 5 * 60_000,
  });
  return useMemo(() => (query.data ?? []).map((group) => ({ label: group.name, options: group.tags.map((tag) => ({ value: tag.id, label: tag.name })) })), [query.data]);
}

/** 新增 / 编辑特价 of one target type (its page decides which). */
export function SpecialFormModal({ targetType, open, record, onClose, onSaved }: SpecialFormModalProps) {
  const brands = useBrandOptions();
  const { tree: categories } = useCategoryPickTree(record?.categoryId ?? undefined);
  const tags = useProductTagOptions();
  const label = SPECIAL_TARGET_LABELS[targetType];

  const save = async (values: SpecialFormValues) => {
    // what no single field shows: a condition special with no condition, a range the wrong way round
    const problem = specialFormProblem(targetType, values);
    if (problem) throw new Error(problem);
    const input = specialInputOf(targetType, values);
    if (record) await planningApi.updateSpecial(record.id, input);
    else await planningApi.createSpecial(input);
  };

  return (
    <FormModal
      open={open}
      title={record ? `编辑${label}` : `新增${label}`}
      width={760}
      testId="special-form-dialog"
      formName="specialForm"
      layout="vertical"
      initialValues={specialFormValues(record, shanghaiToday())}
      onSubmit={save}
      savedMessage={record ? PlanningMessages.updated : PlanningMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label="特价名称" required rules={[nameRule]}>
            <Input maxLength={SPECIAL_NAME_MAX} placeholder="如 冬装季初特价" data-testid="special-form-name" />
          </Form.Item>
        </Col>
        <Col span={12}>
          {targetType === 'agent' ? (
            <Form.Item name="agentId" label="代理商" required rules={[checkRule((v) => (v ? null : PlanningMessages.agentRequired))]} extra="对该代理商及其下属门店的订货生效">
              <PlanningPicker kind="agents" current={record?.agentId ? { id: record.agentId, name: record.agentName } : null} data-testid="special-form-agent" />
            </Form.Item>
          ) : targetType === 'shop' ? (
            <Form.Item name="shopId" label="门店" required rules={[checkRule((v) => (v ? null : PlanningMessages.shopRequired))]}>
              <PlanningPicker kind="shops" current={record?.shopId ? { id: record.shopId, name: record.shopName } : null} data-testid="special-form-shop" />
            </Form.Item>
          ) : (
            <Form.Item label="适用条件" extra="条件特价须至少设置一项；设置多项时须同时满足">
              <span className="planning-hint">品牌、商品分类（含下级）、季节、标签、款式</span>
            </Form.Item>
          )}
        </Col>
        <Col span={8}>
          <Form.Item name="brandId" label="品牌">
            <Select
              allowClear
              placeholder="不限"
              options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              loading={brands.isLoading}
              data-testid="special-form-brand"
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="categoryId" label="商品分类">
            <TreeSelect allowClear placeholder="不限" treeData={categories} treeDefaultExpandAll data-testid="special-form-category" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="season" label="季节">
            <DictSelect code="season" placeholder="不限" data-testid="special-form-season" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="tagId" label="商品标签">
            <Select allowClear placeholder="不限" options={tags} data-testid="special-form-tag" />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item name="productId" label="款式">
            <PlanningPicker
              kind="products"
              placeholder="不限，输入款号或名称搜索"
              current={record?.productId ? { id: record.productId, name: `${record.productName}（${record.productStyleNo}）` } : null}
              data-testid="special-form-product"
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="mode" label="特价方式" required>
            <Radio.Group optionType="button" options={SPECIAL_MODES.map((mode) => ({ value: mode, label: SPECIAL_MODE_LABELS[mode] }))} data-testid="special-form-mode" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item noStyle dependencies={['mode']}>
            {({ getFieldValue }) =>
              getFieldValue('mode') === 'fixed' ? (
                <Form.Item name="fixedFen" label="一口价（元）" required rules={[fixedPriceRule]} extra="不会高于政策折扣后的价格">
                  <YuanInput minFen={0} maxFen={PRICE_MAX_FEN} data-testid="special-form-fixed" />
                </Form.Item>
              ) : (
                <Form.Item
                  name="ratePercent"
                  label="折扣率（%）"
                  required
                  rules={[percentRule(PlanningMessages.rateRequired, PlanningMessages.rateInvalid)]}
                  extra="作用于政策折扣后的价格，90 即九折"
                >
                  <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} data-testid="special-form-rate" />
                </Form.Item>
              )
            }
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch data-testid="special-form-enabled" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="validFrom" label="开始日期" required rules={[checkRule((v) => (v ? null : PlanningMessages.validFromRequired))]} {...dayField}>
            <DatePicker style={{ width: '100%' }} data-testid="special-form-from" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="validTo"
            label="结束日期"
            required
            dependencies={['validFrom']}
            rules={[
              ({ getFieldValue }) =>
                checkRule((v) => {
                  if (!v) return PlanningMessages.validToRequired;
                  const from = getFieldValue('validFrom') as string | undefined;
                  return from && from > (v as string) ? PlanningMessages.rangeInvalid : null;
                }),
            ]}
            {...dayField}
          >
            <DatePicker style={{ width: '100%' }} data-testid="special-form-to" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="remark"
            label="备注"
            rules={[checkRule((v) => ((typeof v === 'string' ? v.trim() : '').length > PLANNING_REMARK_MAX ? PlanningMessages.remarkTooLong : null))]}
          >
            <Input.TextArea rows={2} maxLength={PLANNING_REMARK_MAX} showCount data-testid="special-form-remark" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
