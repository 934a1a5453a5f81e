import { Col, DatePicker, Form, Input, Select } from 'antd';
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
import { YuanInput } from '../../../ui/money/index.ts';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import type { PaymentInput } from '../../../api/finance.ts';
import { VoucherUpload } from './voucher-image.tsx';

/** What 收款单 and 付款单 forms share: the money, how and when it was paid, its reference, voucher and memo. */
export interface PaymentFieldValues {
  party?: string;
  /** fen, typed in yuan */
  amountFen?: number | null;
  method?: PaymentMethod;
  paidOn?: Dayjs | null;
  bankRef: string;
  voucherImage?: string;
  memo: string;
}

/** A new form's values: bank transfer, today in Shanghai (the business day, whatever the browser's zone). */
export const newPaymentValues = (): PaymentFieldValues => ({ bankRef: '', memo: '', method: 'bank', paidOn: dayjs(shanghaiToday()) });

/** The typed fields as the API takes them (the server checks everything again). */
export function paymentInputOf(values: PaymentFieldValues): Omit<PaymentInput, 'partyType' | 'partyId' | 'orders'> {
  return {
    amountFen: values.amountFen ?? Number.NaN,
    method: values.method!,
    paidOn: values.paidOn ? values.paidOn.format('YYYY-MM-DD') : '',
    bankRef: values.bankRef?.trim() ?? '',
    voucherImage: values.voucherImage ?? '',
    memo: values.memo?.trim() ?? '',
  };
}

/** field → the start of the server messages shown under it */
export const PAYMENT_ERROR_FIELDS = { amountFen: '金额', paidOn: '付款日期', voucherImage: '付款凭证', bankRef: '银行流水号', memo: '备注', party: '往来单位' } as const;

/** 金额, 付款方式, 付款日期: three columns of `span` each. */
export function AmountMethodDayFields({ testPrefix, span }: { testPrefix: string; span: number }) {
  return (
    <>
      <Col span={span}>
        <Form.Item
          name="amountFen"
          label="金额（元）"
          required
          rules={[checkRule((v) => (typeof v === 'number' && v > 0 && v <= FINANCE_AMOUNT_MAX_FEN ? null : FinanceMessages.amountInvalid))]}
        >
          {/* no min/max: a clamp would turn a typed −5 into 0.01 silently; the rule above names the problem */}
          <YuanInput data-testid={`${testPrefix}-amount`} />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item name="method" label="付款方式" required rules={[checkRule((v) => (v ? null : FinanceMessages.methodInvalid))]}>
          <Select options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))} data-testid={`${testPrefix}-method`} />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item name="paidOn" label="付款日期" required rules={[checkRule((v) => paidOnProblem(dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : '', shanghaiToday()))]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') > shanghaiToday()} data-testid={`${testPrefix}-day`} />
        </Form.Item>
      </Col>
    </>
  );
}

/** 银行流水号, 付款凭证 (required when the party records it), 备注. */
export function ReferenceFields({ testPrefix, voucherRequired, voucherHint }: { testPrefix: string; voucherRequired: boolean; voucherHint: string }) {
  return (
    <>
      <Col span={12}>
        <Form.Item name="bankRef" label="银行流水号">
          <Input maxLength={BANK_REF_MAX} data-testid={`${testPrefix}-ref`} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="voucherImage" label="付款凭证" required={voucherRequired} rules={voucherRequired ? [checkRule((v) => (v ? null : FinanceMessages.voucherRequired))] : []}>
          <VoucherUpload hint={voucherHint} data-testid={`${testPrefix}-voucher`} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="memo" label="备注">
          <Input.TextArea rows={2} maxLength={FINANCE_TEXT_MAX} showCount data-testid={`${testPrefix}-memo`} />
        </Form.Item>
      </Col>
    </>
  );
}
