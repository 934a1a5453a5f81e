import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BANK_REF_MAX,
  FINANCE_AMOUNT_MAX_FEN,
  FINANCE_TEXT_MAX,
  FinanceMessages,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  paidOnProblem,
  shanghaiToday,
  type PaymentMethod,
} from '@erp/shared';
import type { CallOptions } from '../../../api/request.ts';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { ImageUpload } from '../../../ui/upload/ImageUpload.tsx';
import { checkRule } from '../../planning/planning-form.ts';
import { financeApi, parsePartyKey } from '../finance-api.ts';
import { PartyKeySelect } from '../finance-selects.tsx';

interface PaymentValues {
  party?: string;
  amountYuan?: number | null;
  method?: PaymentMethod;
  paidOn?: Dayjs | null;
  bankRef: string;
  voucherImage?: string;
  memo: string;
}

const toFen = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? Number.NaN : Math.round(yuan * 100));

/**
 * 登记收款: HQ picks the paying agent or shop (posted at once when it may audit); an agent or a
 * shop records its own, with the voucher HQ checks before auditing.
 */
export function PaymentFormModal({ open, hq, onClose, onSaved }: { open: boolean; hq: boolean; onClose: () => void; onSaved: () => void }) {
  const save = async (values: PaymentValues, options: CallOptions) => {
    const party = hq ? parsePartyKey(values.party) : null;
    await financeApi.record(
      'in',
      {
        ...(party ?? {}),
        amountFen: toFen(values.amountYuan),
        method: values.method!,
        paidOn: values.paidOn ? values.paidOn.format('YYYY-MM-DD') : '',
        bankRef: values.bankRef?.trim() ?? '',
        voucherImage: values.voucherImage ?? '',
        memo: values.memo?.trim() ?? '',
      },
      options,
    );
  };
  return (
    <FormModal<PaymentValues>
      open={open}
      title="登记收款"
      width={640}
      testId="payment-form-dialog"
      formName="paymentForm"
      layout="vertical"
      initialValues={{ bankRef: '', memo: '', method: 'bank', paidOn: dayjs(shanghaiToday()) }}
      onSubmit={save}
      savedMessage={hq ? '已登记' : '已登记，等待总部审核'}
      onSaved={onSaved}
      onClose={onClose}
      errorFields={{ amountYuan: '金额', paidOn: '付款日期', voucherImage: '付款凭证', method: '请选择付款方式', bankRef: '银行流水号', memo: '备注', party: '往来单位' }}
    >
      <Row gutter={16}>
        {hq ? (
          <Col span={24}>
            <Form.Item name="party" label="付款单位" required rules={[checkRule((v) => (v ? null : FinanceMessages.partyRequired))]}>
              <PartyKeySelect types={['agent', 'shop']} testId="payment-form-party" placeholder="代理商或总部直属加盟店" />
            </Form.Item>
          </Col>
        ) : null}
        <Col span={12}>
          <Form.Item
            name="amountYuan"
            label="金额（元）"
            required
            rules={[checkRule((v) => (typeof v === 'number' && v > 0 && v * 100 <= FINANCE_AMOUNT_MAX_FEN ? null : FinanceMessages.amountInvalid))]}
          >
            <InputNumber style={{ width: '100%' }} min={0.01} max={FINANCE_AMOUNT_MAX_FEN / 100} precision={2} data-testid="payment-form-amount" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="method" label="付款方式" required rules={[checkRule((v) => (v ? null : FinanceMessages.methodInvalid))]}>
            <Select options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))} data-testid="payment-form-method" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="paidOn" label="付款日期" required rules={[checkRule((v) => paidOnProblem(dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : '', shanghaiToday()))]}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') > shanghaiToday()} data-testid="payment-form-day" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="bankRef" label="银行流水号">
            <Input maxLength={BANK_REF_MAX} data-testid="payment-form-ref" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="voucherImage" label="付款凭证" required={!hq} rules={hq ? [] : [checkRule((v) => (v ? null : FinanceMessages.voucherRequired))]}>
            <ImageUpload category="cashier/voucherImage" hint="转账截图或回单照片：png、jpg、bmp，5MB 以内" data-testid="payment-form-voucher" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="memo" label="备注">
            <Input.TextArea rows={2} maxLength={FINANCE_TEXT_MAX} showCount data-testid="payment-form-memo" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
