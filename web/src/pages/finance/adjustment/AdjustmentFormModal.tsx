import { Col, Form, Input, Radio, Row } from 'antd';
import { FINANCE_AMOUNT_MAX_FEN, FINANCE_TEXT_MAX, FinanceMessages } from '@erp/shared';
import type { CallOptions } from '../../../api/request.ts';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { YuanInput } from '../../../ui/money/index.ts';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { financeApi, parsePartyKey } from '../../../api/finance.ts';
import { PartyKeySelect } from '../finance-selects.tsx';

interface AdjustmentValues {
  party?: string;
  /** raise: the party owes more (应收 up) / is owed more (应付 up); lower: the opposite */
  direction: 'raise' | 'lower';
  /** fen, typed in yuan */
  amountFen?: number | null;
  reason: string;
}

/** 新增调整单: a signed correction of one account, with its reason; posted at once. */
export function AdjustmentFormModal({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const save = async (values: AdjustmentValues, options: CallOptions) => {
    const party = parsePartyKey(values.party);
    if (!party) throw new Error(FinanceMessages.partyRequired);
    const fen = values.amountFen ?? 0;
    await financeApi.createAdjustment({ ...party, amountFen: values.direction === 'raise' ? fen : -fen, reason: values.reason?.trim() ?? '' }, options);
  };
  return (
    <FormModal<AdjustmentValues>
      open={open}
      title="新增调整单"
      width={560}
      testId="adjustment-form-dialog"
      formName="adjustmentForm"
      layout="vertical"
      initialValues={{ direction: 'raise', reason: '' }}
      onSubmit={save}
      savedMessage={FinanceMessages.adjustmentCreated}
      onSaved={onSaved}
      onClose={onClose}
      errorFields={{ amountFen: '调整金额', reason: '请填写原因', party: '往来单位' }}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="party" label="往来单位" required rules={[checkRule((v) => (v ? null : FinanceMessages.partyRequired))]}>
            <PartyKeySelect types={['agent', 'shop', 'supplier']} testId="adjustment-form-party" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="direction" label="方向" extra="供应商：增加即增加应付（总部欠得更多）">
            <Radio.Group
              options={[
                { value: 'raise', label: '增加应收/应付' },
                { value: 'lower', label: '减少应收/应付' },
              ]}
              data-testid="adjustment-form-direction"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="amountFen"
            label="调整金额（元）"
            required
            rules={[checkRule((v) => (typeof v === 'number' && v > 0 && v <= FINANCE_AMOUNT_MAX_FEN ? null : FinanceMessages.adjustmentAmountInvalid))]}
          >
            <YuanInput minFen={1} maxFen={FINANCE_AMOUNT_MAX_FEN} data-testid="adjustment-form-amount" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="reason" label="原因" required rules={[checkRule((v) => (typeof v === 'string' && v.trim() ? null : FinanceMessages.reasonRequired))]}>
            <Input.TextArea rows={3} maxLength={FINANCE_TEXT_MAX} showCount placeholder="如：代垫运费、对账差异" data-testid="adjustment-form-reason" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
