import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch, type RadioGroupProps } from 'antd';
import { AGENT_LEVEL_DICT, PLANNING_REMARK_MAX, PlanningMessages, POLICY_TARGET_LABELS, POLICY_TARGET_TYPES, SHOP_KIND_LABELS, SHOP_KINDS, type PolicyRecord } from '@erp/shared';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { planningApi } from '../planning-api.ts';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { percentRule, policyFormValues, policyInputOf, type PolicyFormValues } from '../planning-form.ts';

const TARGET_OPTIONS = POLICY_TARGET_TYPES.map((type) => ({ value: type, label: POLICY_TARGET_LABELS[type] }));

const remarkRule = checkRule((v) => ((typeof v === 'string' ? v.trim() : '').length > PLANNING_REMARK_MAX ? PlanningMessages.remarkTooLong : null));
const targetValueRule = checkRule((v) => (v ? null : PlanningMessages.levelRequired));

/** 政策对象: another kind of target clears the level or shop kind chosen for the one before. */
function TargetTypeRadio(props: RadioGroupProps) {
  const form = Form.useFormInstance();
  return (
    <Radio.Group
      {...props}
      optionType="button"
      options={TARGET_OPTIONS}
      onChange={(e) => {
        props.onChange?.(e);
        form.setFieldValue('targetValue', undefined);
      }}
      data-testid="policy-form-target-type"
    />
  );
}

/** 新增 / 编辑政策: the target is chosen once; rates are typed as percents (90 = 九折). */
export function PolicyFormModal({ record, open, onClose, onSaved }: { record: PolicyRecord | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const save = async (values: PolicyFormValues) => {
    const input = policyInputOf(values);
    if (record) await planningApi.updatePolicy(record.id, input);
    else await planningApi.createPolicy(input);
  };
  return (
    <FormModal
      open={open}
      title={record ? '编辑政策' : '新增政策'}
      width={640}
      testId="policy-form-dialog"
      formName="policyForm"
      layout="vertical"
      initialValues={policyFormValues(record)}
      onSubmit={save}
      savedMessage={record ? PlanningMessages.updated : PlanningMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="targetType" label="政策对象" required>
            <TargetTypeRadio disabled={!!record} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item noStyle dependencies={['targetType']}>
            {({ getFieldValue }) => (
              <Form.Item name="targetValue" label={getFieldValue('targetType') === 'shop_kind' ? '门店类型' : '代理级别'} required rules={[targetValueRule]}>
                {getFieldValue('targetType') === 'shop_kind' ? (
                  <Select disabled={!!record} options={SHOP_KINDS.map((kind) => ({ value: kind, label: SHOP_KIND_LABELS[kind] }))} data-testid="policy-form-shop-kind" />
                ) : (
                  <DictSelect code={AGENT_LEVEL_DICT} disabled={!!record} data-testid="policy-form-level" />
                )}
              </Form.Item>
            )}
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="ratePercent"
            label="折扣率（%）"
            required
            rules={[percentRule(PlanningMessages.rateRequired, PlanningMessages.rateInvalid)]}
            extra="按批发价结算的比例，90 即九折"
          >
            <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} data-testid="policy-form-rate" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="returnPercent" label="退货率（%）" rules={[percentRule(null, PlanningMessages.returnRateInvalid)]} extra="售后可退货的订货金额比例">
            <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} data-testid="policy-form-return" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="swapPercent" label="换货率（%）" rules={[percentRule(null, PlanningMessages.swapRateInvalid)]} extra="售后可换货的订货金额比例">
            <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} data-testid="policy-form-swap" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="windowDays"
            label="退换期限（天）"
            rules={[
              {
                validator: async (_, v) =>
                  v === null || v === undefined || (Number.isInteger(v) && v >= 0 && v <= 3650) ? undefined : Promise.reject(new Error(PlanningMessages.returnWindowInvalid)),
              },
            ]}
            extra="收货后多少天内可退换"
          >
            <InputNumber min={0} max={3650} precision={0} style={{ width: '100%' }} data-testid="policy-form-window" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="remark" label="备注" rules={[remarkRule]}>
            <Input maxLength={PLANNING_REMARK_MAX} data-testid="policy-form-remark" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch data-testid="policy-form-enabled" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
