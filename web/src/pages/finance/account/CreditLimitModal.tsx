import { Alert, Checkbox, Col, Form, Input, InputNumber, Row } from 'antd';
import { CREDIT_LIMIT_MAX_FEN, creditLoweringWarning, fenToYuan, FINANCE_TEXT_MAX, FinanceMessages, type FinanceAccountRecord } from '@erp/shared';
import type { CallOptions } from '../../../api/request.ts';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { financeApi } from '../finance-api.ts';

interface CreditValues {
  /** 元; empty: no credit control */
  limitYuan: number | null;
  memo: string;
  /** ticked to lower the limit below what is committed */
  confirmLower?: boolean;
}

const fenOf = (yuan: unknown) => (typeof yuan === 'number' && Number.isFinite(yuan) ? Math.round(yuan * 100) : null);

/** 设置授信额度: a limit in 元, or empty for no credit control; the figures it changes are shown first. */
export function CreditLimitModal({ account, onClose, onSaved }: { account: FinanceAccountRecord | null; onClose: () => void; onSaved: () => void }) {
  const save = async (values: CreditValues, options: CallOptions) => {
    if (!account) return;
    const limit = values.limitYuan === null || values.limitYuan === undefined ? null : Math.round(values.limitYuan * 100);
    await financeApi.setCredit(account.partyType, account.partyId, { creditLimitFen: limit, memo: values.memo?.trim() ?? '' }, options);
  };
  return (
    <FormModal<CreditValues>
      open={account !== null}
      title={account ? `授信额度 · ${account.partyName}` : ''}
      width={520}
      testId="credit-dialog"
      formName="creditForm"
      layout="vertical"
      initialValues={{ limitYuan: account?.creditLimitFen === null || !account ? null : account.creditLimitFen / 100, memo: account?.creditMemo ?? '' }}
      onSubmit={save}
      savedMessage={FinanceMessages.creditSaved}
      onSaved={onSaved}
      onClose={onClose}
      errorFields={{ limitYuan: '授信额度', memo: '备注' }}
    >
      {account ? (
        <p data-testid="credit-figures">
          应收 {fenToYuan(account.receivableFen)} 元，预付款 {fenToYuan(account.prepaymentFen)} 元，未发货订单 {fenToYuan(account.unshippedFen)} 元
        </p>
      ) : null}
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="limitYuan" label="授信额度（元）" extra="可用额度 = 授信额度 + 预付款 − 应收 − 未发货订单；留空：不做额度控制">
            <InputNumber style={{ width: '100%' }} min={0} max={CREDIT_LIMIT_MAX_FEN / 100} precision={2} placeholder="不控制" data-testid="credit-yuan" />
          </Form.Item>
        </Col>
        <Form.Item noStyle shouldUpdate={(before, after) => before.limitYuan !== after.limitYuan}>
          {({ getFieldValue }) => {
            // a limit below what is committed asks first (issue 26)
            const warning = account ? creditLoweringWarning(account, fenOf(getFieldValue('limitYuan'))) : null;
            return warning ? (
              <Col span={24}>
                <Alert type="warning" showIcon title={warning} style={{ marginBottom: 12 }} data-testid="credit-lowering" />
                <Form.Item
                  name="confirmLower"
                  valuePropName="checked"
                  rules={[{ validator: (_, checked) => (checked ? Promise.resolve() : Promise.reject(new Error('请确认降低授信额度'))) }]}
                >
                  <Checkbox data-testid="credit-confirm-lower">我已知悉，确定降低授信额度</Checkbox>
                </Form.Item>
              </Col>
            ) : null;
          }}
        </Form.Item>
        <Col span={24}>
          <Form.Item name="memo" label="备注">
            <Input.TextArea rows={2} maxLength={FINANCE_TEXT_MAX} showCount data-testid="credit-memo" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
