import { Col, Form, Input, Radio, Row, Switch } from 'antd';
import { AGENT_LEVEL_DICT, REBATE_BASES, REBATE_BASIS_LABELS, REBATE_REMARK_MAX, RebateMessages, type RebateBasis, type RebateRuleRecord } from '@erp/shared';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { SeasonSelect } from '../../../ui/SeasonSelect.tsx';
import { rebateApi } from './rebate-api.ts';
import { ruleFormValues, ruleInputOf, type RebateRuleFormValues } from './rebate-form.ts';
import { RebateTiersEditor } from './RebateTiersEditor.tsx';

const BASIS_HELP = {
  ordered: '本季已审核订单（含部分发货、已发货、已关闭）按实际发货件数 × 单价合计；审核减量、关闭未发和尚未发货的不计',
  paid: '订货季开始至结束日期内、已审核入账的收款单合计',
} as const;

/** 返利口径 with what it counts, under the form's own instance. */
function BasisField() {
  const form = Form.useFormInstance<RebateRuleFormValues>();
  const basis: RebateBasis = Form.useWatch('basis', form) ?? 'ordered';
  return (
    <Form.Item name="basis" label="返利口径" required extra={BASIS_HELP[basis]}>
      <Radio.Group options={REBATE_BASES.map((b) => ({ value: b, label: REBATE_BASIS_LABELS[b] }))} data-testid="rebate-rule-basis" />
    </Form.Item>
  );
}

/** 新增 / 编辑返利规则 (HQ). A rule with posted rebates cannot change: the server refuses it. */
export function RebateRuleFormModal({ open, record, onClose, onSaved }: { open: boolean; record: RebateRuleRecord | null; onClose: () => void; onSaved: () => void }) {
  const save = async (values: RebateRuleFormValues, options: Parameters<typeof rebateApi.createRule>[1]) => {
    const input = ruleInputOf(values);
    if (record) await rebateApi.updateRule(record.id, input, options);
    else await rebateApi.createRule(input, options);
  };
  return (
    <FormModal<RebateRuleFormValues>
      open={open}
      title={record ? '编辑返利规则' : '新增返利规则'}
      width={680}
      testId="rebate-rule-dialog"
      formName="rebateRuleForm"
      layout="vertical"
      initialValues={ruleFormValues(record)}
      onSubmit={save}
      savedMessage={RebateMessages.saved}
      onSaved={onSaved}
      onClose={onClose}
      errorFields={{ seasonId: '订货季' }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="seasonId" label="订货季" required rules={[checkRule((v) => (v ? null : RebateMessages.seasonRequired))]}>
            <SeasonSelect testId="rebate-rule-season" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="agentLevel" label="代理级别" extra="留空：所有级别的代理商">
            <DictSelect code={AGENT_LEVEL_DICT} placeholder="所有级别" data-testid="rebate-rule-level" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <BasisField />
        </Col>
        <Col span={24}>
          <Form.Item label="返利档位" required>
            <RebateTiersEditor />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch data-testid="rebate-rule-enabled" />
          </Form.Item>
        </Col>
        <Col span={18}>
          <Form.Item name="remark" label="备注">
            <Input maxLength={REBATE_REMARK_MAX} showCount data-testid="rebate-rule-remark" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
