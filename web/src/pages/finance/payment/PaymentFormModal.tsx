import { Col, Form, Input, Row } from 'antd';
import { FinanceMessages } from '@erp/shared';
import type { CallOptions } from '../../../api/request.ts';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { financeApi, parsePartyKey } from '../../../api/finance.ts';
import { PartyKeySelect } from '../finance-selects.tsx';
import { AmountMethodDayFields, newPaymentValues, PAYMENT_ERROR_FIELDS, paymentInputOf, ReferenceFields, type PaymentFieldValues } from './payment-fields.tsx';

/**
 * 登记收款: HQ picks the paying agent or shop (posted at once when it may audit); an agent or a
 * shop records its own, with the voucher HQ checks before auditing.
 */
export function PaymentFormModal({ open, hq, onClose, onSaved }: { open: boolean; hq: boolean; onClose: () => void; onSaved: () => void }) {
  const save = async (values: PaymentFieldValues & { salesOrderNo?: string }, options: CallOptions) => {
    const party = hq ? parsePartyKey(values.party) : null;
    const salesOrderNo = values.salesOrderNo?.trim().toUpperCase();
    await financeApi.record('in', { ...(party ?? {}), ...paymentInputOf(values), ...(salesOrderNo ? { salesOrderNo } : {}) }, options);
  };
  return (
    <FormModal<PaymentFieldValues & { salesOrderNo?: string }>
      open={open}
      title="登记收款"
      width={640}
      testId="payment-form-dialog"
      formName="paymentForm"
      layout="vertical"
      initialValues={newPaymentValues()}
      onSubmit={save}
      savedMessage={hq ? '已登记' : '已登记，等待总部审核'}
      onSaved={onSaved}
      onClose={onClose}
      errorFields={{ ...PAYMENT_ERROR_FIELDS, method: '请选择付款方式', salesOrderNo: '订货单' }}
    >
      <Row gutter={16}>
        {hq ? (
          <Col span={24}>
            <Form.Item name="party" label="付款单位" required rules={[checkRule((v) => (v ? null : FinanceMessages.partyRequired))]}>
              <PartyKeySelect types={['agent', 'shop']} testId="payment-form-party" placeholder="代理商或总部直属加盟店" />
            </Form.Item>
          </Col>
        ) : null}
        <AmountMethodDayFields testPrefix="payment-form" span={8} />
        <Col span={24}>
          <Form.Item name="salesOrderNo" label="所付订货单（可选）" extra="填写订货单号，便于双方对账；须为该单位结算、已提交的订货单">
            <Input placeholder="如 DH20261129-0001" maxLength={20} data-testid="payment-form-order" />
          </Form.Item>
        </Col>
        <ReferenceFields testPrefix="payment-form" voucherRequired={!hq} voucherHint="转账截图或回单照片：png、jpg、bmp，5MB 以内" />
      </Row>
    </FormModal>
  );
}
