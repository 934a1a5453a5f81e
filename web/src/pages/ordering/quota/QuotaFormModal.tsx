import { Col, Form, Input, InputNumber, Row } from 'antd';
import { formatYuan, QUOTA_LIMIT_FEN_MAX, QUOTA_LIMIT_PIECES_MAX, QUOTA_REMARK_MAX, QuotaMessages, type QuotaRecord } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { YuanInput } from '../../../ui/money/index.ts';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { BuyerKeySelect } from './quota-selects.tsx';
import { SeasonSelect } from '../../../ui/SeasonSelect.tsx';
import { buyerKey, parseBuyerKey, quotaApi } from '../../../api/quotas.ts';

interface QuotaFormValues {
  seasonId?: number;
  buyer?: string;
  /** fen, typed in 元; empty: not limited */
  limitFen?: number | null;
  limitPieces?: number | null;
  remark: string;
}

const valuesOf = (record: QuotaRecord | null): QuotaFormValues =>
  record
    ? {
        seasonId: record.seasonId,
        buyer: buyerKey({ type: record.buyerType, id: record.buyerId }),
        limitFen: record.limitFen,
        limitPieces: record.limitPieces,
        remark: record.remark,
      }
    : { remark: '', limitFen: null, limitPieces: null };

/** 新增 / 编辑订货额度: the season and buyer are fixed once created; only the limits and the remark change. */
export function QuotaFormModal({ open, record, onClose, onSaved }: { open: boolean; record: QuotaRecord | null; onClose: () => void; onSaved: () => void }) {
  const save = async (values: QuotaFormValues) => {
    const limits = { limitFen: values.limitFen ?? null, limitPieces: values.limitPieces ?? null, remark: values.remark?.trim() ?? '' };
    if (limits.limitFen === null && limits.limitPieces === null) throw new Error(QuotaMessages.limitRequired);
    if (record) await quotaApi.update(record.id, limits);
    else await quotaApi.create({ seasonId: values.seasonId, ...(parseBuyerKey(values.buyer) ?? {}), ...limits });
  };
  const used = record ? `已占用 ${record.reservedPieces} 件 / ${formatYuan(record.reservedFen)}，已扣减 ${record.consumedPieces} 件 / ${formatYuan(record.consumedFen)}` : '';

  return (
    <FormModal<QuotaFormValues>
      open={open}
      title={record ? '编辑订货额度' : '新增订货额度'}
      width={600}
      testId="quota-form-dialog"
      formName="quotaForm"
      layout="vertical"
      initialValues={valuesOf(record)}
      onSubmit={save}
      savedMessage={record ? QuotaMessages.updated : QuotaMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="seasonId" label="订货季" required rules={[checkRule((v) => (v ? null : QuotaMessages.seasonRequired))]}>
            <SeasonSelect disabled={!!record} testId="quota-form-season" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="buyer" label="订货方" required rules={[checkRule((v) => (v ? null : QuotaMessages.buyerRequired))]}>
            <BuyerKeySelect disabled={!!record} testId="quota-form-buyer" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="limitFen" label="金额额度（元）" extra="留空：不限金额">
            <YuanInput minFen={0} maxFen={QUOTA_LIMIT_FEN_MAX} placeholder="不限" data-testid="quota-form-yuan" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="limitPieces" label="件数额度（件）" extra="留空：不限件数">
            <InputNumber style={{ width: '100%' }} min={0} max={QUOTA_LIMIT_PIECES_MAX} precision={0} placeholder="不限" data-testid="quota-form-pieces" />
          </Form.Item>
        </Col>
        {record ? (
          <Col span={24}>
            <p data-testid="quota-form-used">{used}；额度不能低于占用与扣减之和</p>
          </Col>
        ) : null}
        <Col span={24}>
          <Form.Item name="remark" label="备注">
            <Input.TextArea maxLength={QUOTA_REMARK_MAX} rows={2} showCount data-testid="quota-form-remark" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
