import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Row, Table } from 'antd';
import { FinanceMessages, type PayableOrderOption } from '@erp/shared';
import type { CallOptions } from '../../../api/request.ts';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { moneyColumn, YuanInput } from '../../../ui/money/index.ts';
import { AmountMethodDayFields, newPaymentValues, PAYMENT_ERROR_FIELDS, paymentInputOf, ReferenceFields, type PaymentFieldValues } from '../payment/payment-fields.tsx';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { financeApi, financeKeys, parsePartyKey } from '../../../api/finance.ts';
import { PartyKeySelect } from '../finance-selects.tsx';

/** Fen per purchase order, typed in yuan (empty: not paid against that order). */
type Shares = Record<number, number | null | undefined>;

/** The shares as sent, and what is wrong with them as typed (the server checks again). */
export function sharesOf(
  orders: readonly PayableOrderOption[],
  shares: Shares,
  amountFen: number,
): { orders: { purchaseOrderId: number; amountFen: number }[]; problem: string | null } {
  const chosen = orders
    .filter((o) => typeof shares[o.purchaseOrderId] === 'number' && shares[o.purchaseOrderId]! > 0)
    .map((o) => ({ purchaseOrderId: o.purchaseOrderId, amountFen: shares[o.purchaseOrderId]! }));
  for (const c of chosen) {
    const order = orders.find((o) => o.purchaseOrderId === c.purchaseOrderId)!;
    if (c.amountFen > order.payableFen) return { orders: chosen, problem: FinanceMessages.orderShareOver(order.orderNo, order.payableFen) };
  }
  const total = chosen.reduce((s, c) => s + c.amountFen, 0);
  return { orders: chosen, problem: Number.isFinite(amountFen) && total > amountFen ? FinanceMessages.orderSharesOver : null };
}

/** 登记付款: HQ pays a supplier, optionally against chosen purchase orders (each within what is still owed on it). */
export function SupplierPaymentFormModal({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const [supplier, setSupplier] = useState<number | null>(null);
  const [shares, setShares] = useState<Shares>({});
  const orders = useQuery({
    queryKey: financeKeys.payableOrders(supplier ?? 0),
    queryFn: ({ signal }) => financeApi.payableOrders(supplier!, signal),
    enabled: open && supplier !== null,
  });
  const save = async (values: PaymentFieldValues, options: CallOptions) => {
    const party = parsePartyKey(values.party);
    const input = paymentInputOf(values);
    const { orders: chosen, problem } = sharesOf(orders.data ?? [], shares, input.amountFen);
    if (problem) throw new Error(problem);
    await financeApi.record('out', { ...(party ?? {}), ...input, orders: chosen }, options);
  };
  const close = () => {
    setSupplier(null);
    setShares({});
    onClose();
  };
  return (
    <FormModal<PaymentFieldValues>
      open={open}
      title="登记付款"
      width={760}
      testId="supplier-payment-form-dialog"
      formName="supplierPaymentForm"
      layout="vertical"
      initialValues={newPaymentValues()}
      onSubmit={save}
      savedMessage="已登记，应付已冲减"
      onSaved={() => {
        setSupplier(null);
        setShares({});
        onSaved();
      }}
      onClose={close}
      errorFields={PAYMENT_ERROR_FIELDS}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="party" label="供应商" required rules={[checkRule((v) => (v ? null : FinanceMessages.partyRequired))]}>
            <PartyKeySelect
              types={['supplier']}
              testId="supplier-payment-form-party"
              placeholder="选择供应商"
              onChange={(key) => {
                setShares({});
                setSupplier(parsePartyKey(key)?.partyId ?? null);
              }}
            />
          </Form.Item>
        </Col>
        <AmountMethodDayFields testPrefix="supplier-payment-form" span={8} />
        {supplier !== null ? (
          <Col span={24}>
            <Form.Item label="付哪些采购订单（可不选：计入供应商账上）">
              <Table<PayableOrderOption>
                size="small"
                rowKey="purchaseOrderId"
                pagination={false}
                scroll={{ y: 200 }}
                loading={orders.isFetching}
                dataSource={orders.data ?? []}
                locale={{ emptyText: '该供应商没有尚欠款的采购订单' }}
                data-testid="supplier-payment-form-orders"
                columns={[
                  { key: 'orderNo', title: '采购订单', dataIndex: 'orderNo', width: 180 },
                  moneyColumn<PayableOrderOption>({ title: '应付余额', dataIndex: 'payableFen', width: 140 }),
                  {
                    key: 'share',
                    title: '本次付款(元)',
                    width: 160,
                    render: (_, o) => (
                      <YuanInput
                        minFen={0}
                        maxFen={o.payableFen}
                        style={{ width: 140 }}
                        value={shares[o.purchaseOrderId] ?? null}
                        onChange={(fen) => setShares((prev) => ({ ...prev, [o.purchaseOrderId]: fen }))}
                        aria-label={`${o.orderNo} 本次付款`}
                        data-testid={`supplier-payment-share-${o.orderNo}`}
                      />
                    ),
                  },
                ]}
              />
            </Form.Item>
          </Col>
        ) : null}
        <ReferenceFields testPrefix="supplier-payment-form" voucherRequired={false} voucherHint="png、jpg、bmp，5MB 以内" />
      </Row>
    </FormModal>
  );
}
