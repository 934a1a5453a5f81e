import { Alert, Checkbox, Col, Form, Input, Row } from 'antd';
import { CREDIT_LIMIT_MAX_FEN, creditLoweringWarning, formatYuan, FINANCE_TEXT_MAX, FinanceMessages, type FinanceAccountRecord } from '@erp/shared';
import type { CallOptions } from '../../../api/request.ts';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { YuanInput } from '../../../ui/money/index.ts';
import { financeApi } from '../../../api/finance.ts';

interface CreditValues {
  /** fen, typed in 元; empty: no credit control */
  limitFen: number | null;
  memo: string;
  /** ticked to lower the limit below what is committed */
  confirmLower?: boolean;
}

/** 设置授信额度: a limit in 元, or empty for no credit control; the figures it changes are shown first. */
export function CreditLimitModal({ account, onClose, onSaved }: { account: FinanceAccountRecord | null; onClose: () => void; onSaved: () => void }) {
  const save = async (values: CreditValues, options: CallOptions) => {
    if (!account) return;
    await financeApi.setCredit(account.partyType, account.partyId, { creditLimitFen: values.limitFen ?? null, memo: values.memo?.trim() ?? '' }, options);
  };
  return (
    <FormModal<CreditValues>
      open={account !== null}
      title={account ? `授信额度 · ${account.partyName}` : ''}
      width={520}
      testId="credit-dialog"
      formName="creditForm"
      layout="vertical"
      initialValues={{ limitFen: account?.creditLimitFen ?? null, memo: account?.creditMemo ?? '' }}
      onSubmit={save}
      savedMessage={FinanceMessages.creditSaved}
      onSaved={onSaved}
      onClose={onClose}
      errorFields={{ limitFen: '授信额度', memo: '备注' }}
    >
      {account ? (
        <p data-testid="credit-figures">
          应收 {formatYuan(account.receivableFen)}，预付款 {formatYuan(account.prepaymentFen)}，未发货订单 {formatYuan(account.unshippedFen)}
        </p>
      ) : null}
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="limitFen" label="授信额度（元）" extra="可用额度 = 授信额度 + 预付款 − 应收 − 未发货订单；留空：不做额度控制">
            <YuanInput minFen={0} maxFen={CREDIT_LIMIT_MAX_FEN} placeholder="不控制" data-testid="credit-yuan" />
          </Form.Item>
        </Col>
        <Form.Item noStyle shouldUpdate={(before, after) => before.limitFen !== after.limitFen}>
          {({ getFieldValue }) => {
            // a limit below what is committed asks first (issue 26)
            const warning = account ? creditLoweringWarning(account, getFieldValue('limitFen') ?? null) : null;
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
