import { Col, Form, Row } from 'antd';
import { FinanceMessages } from '@erp/shared';
import type { CallOptions } from '../../../api/request.ts';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { checkRule } from '../../planning/planning-form.ts';
import { financeApi, parsePartyKey } from '../finance-api.ts';
import { PartyKeySelect } from '../finance-selects.tsx';
import { AmountMethodDayFields, newPaymentValues, PAYMENT_ERROR_FIELDS, paymentInputOf, ReferenceFields, type PaymentFieldValues } from './payment-fields.tsx';

/**
 * 登记收款: HQ picks the paying agent or shop (posted at once when it may audit); an agent or a
 * shop records its own, with the voucher HQ checks before auditing.
 */
export function PaymentFormModal({ open, hq, onClose, onSaved }: { open: boolean; hq: boolean; onClose: () => void; onSaved: () => void }) {
  const save = async (values: PaymentFieldValues, options: CallOptions) => {
    const party = hq ? parsePartyKey(values.party) : null;
    await financeApi.record('in', { ...(party ?? {}), ...paymentInputOf(values) }, options);
  };
  return (
    <FormModal<PaymentFieldValues>
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
      errorFields={{ ...PAYMENT_ERROR_FIELDS, method: '请选择付款方式' }}
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
        <ReferenceFields testPrefix="payment-form" voucherRequired={!hq} voucherHint="转账截图或回单照片：png、jpg、bmp，5MB 以内" />
      </Row>
    </FormModal>
  );
}
