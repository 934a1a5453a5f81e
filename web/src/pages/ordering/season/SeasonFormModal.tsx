import { Col, DatePicker, Form, Input, Radio, Row, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  OrderingMessages,
  SEASON_CODE_MAX,
  SEASON_KIND_LABELS,
  SEASON_KINDS,
  SEASON_NAME_MAX,
  SEASON_REMARK_MAX,
  seasonCodeProblem,
  seasonInputProblem,
  shanghaiToday,
  type SeasonInput,
  type SeasonKind,
  type SeasonRecord,
} from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { orderingApi } from '../../../api/ordering.ts';

interface SeasonFormValues {
  code: string;
  name: string;
  kind: SeasonKind;
  opensOn: string;
  closesOn: string;
  remark: string;
  enabled: boolean;
}

/** A yyyy-mm-dd field on a DatePicker: the form keeps the text the server takes. */
const dayField = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

const valuesOf = (record: SeasonRecord | null): SeasonFormValues =>
  record
    ? { code: record.code, name: record.name, kind: record.kind, opensOn: record.opensOn, closesOn: record.closesOn, remark: record.remark, enabled: record.enabled }
    : { code: '', name: '', kind: 'spot', opensOn: shanghaiToday(), closesOn: '', remark: '', enabled: true };

const nameRule = checkRule((value) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return OrderingMessages.nameRequired;
  return text.length > SEASON_NAME_MAX ? OrderingMessages.nameTooLong : null;
});

/** 新增 / 编辑订货季. The kind cannot change once the season offers styles (the server says so too). */
export function SeasonFormModal({ open, record, onClose, onSaved }: { open: boolean; record: SeasonRecord | null; onClose: () => void; onSaved: () => void }) {
  const save = async (values: SeasonFormValues) => {
    const input: SeasonInput = { ...values, code: values.code.trim(), name: values.name.trim(), remark: values.remark?.trim() ?? '' };
    // what no single field shows: the dates the wrong way round
    const problem = seasonInputProblem(input);
    if (problem) throw new Error(problem);
    if (record) await orderingApi.updateSeason(record.id, input);
    else await orderingApi.createSeason(input);
  };
  const kindLocked = !!record && record.styleCount > 0;

  return (
    <FormModal<SeasonFormValues>
      open={open}
      title={record ? '编辑订货季' : '新增订货季'}
      width={640}
      testId="season-form-dialog"
      formName="seasonForm"
      layout="vertical"
      initialValues={valuesOf(record)}
      onSubmit={save}
      savedMessage={record ? OrderingMessages.updated : OrderingMessages.created}
      onSaved={onSaved}
      onClose={onClose}
      errorFields={{ code: '订货季编码' }}
    >
      <Row gutter={16}>
        <Col span={10}>
          <Form.Item name="code" label="订货季编码" required rules={[checkRule(seasonCodeProblem)]}>
            <Input maxLength={SEASON_CODE_MAX} placeholder="如 FW26-SPOT" data-testid="season-form-code" />
          </Form.Item>
        </Col>
        <Col span={14}>
          <Form.Item name="name" label="订货季名称" required rules={[nameRule]}>
            <Input maxLength={SEASON_NAME_MAX} placeholder="如 2026 秋冬现货订货" data-testid="season-form-name" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="kind" label="订货类型" required extra={kindLocked ? '订货季已有款式，不能修改订货类型' : '现货按总部库存订货；期货在货品到仓前先订'}>
            <Radio.Group disabled={kindLocked} options={SEASON_KINDS.map((k) => ({ value: k, label: SEASON_KIND_LABELS[k] }))} data-testid="season-form-kind" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="opensOn" label="开始日期" required {...dayField} rules={[checkRule((v) => (v ? null : OrderingMessages.opensOnRequired))]}>
            <DatePicker style={{ width: '100%' }} data-testid="season-form-opens" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="closesOn" label="结束日期" required {...dayField} rules={[checkRule((v) => (v ? null : OrderingMessages.closesOnRequired))]} extra="含当日，北京时间">
            <DatePicker style={{ width: '100%' }} data-testid="season-form-closes" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注">
            <Input.TextArea maxLength={SEASON_REMARK_MAX} rows={2} showCount data-testid="season-form-remark" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch data-testid="season-form-enabled" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
