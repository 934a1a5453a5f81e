import { useCallback, useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Select } from 'antd';
import { FINANCE_TEXT_MAX, formatYuan, PAYMENT_ACTION_LABELS, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, Permissions, type PaymentAction, type PaymentRecord } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { getUserInfo } from '../../../auth/session.ts';
import { DocumentActionBar, type ActionDialog } from '../../../ui/document/DocumentActionBar.tsx';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlCode, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { financeApi, financeKeys, type PaymentFilters, type PaymentTotals } from '../../../api/finance.ts';
import { PartyKeySelect } from '../finance-selects.tsx';
import { paymentColumns } from './payment-columns.tsx';
import { AgentBilledNotice, useBilledByAgent } from '../billing.tsx';
import { totalsRow } from '../totals-row.tsx';
import { PaymentFormModal } from './PaymentFormModal.tsx';
import { MoneyText } from '../../../ui/money/index.ts';
import { actionColumn } from '../../../ui/list-page/columns.tsx';

const URL_FILTERS: ListUrlFilters<PaymentFilters> = { status: urlOneOf(PAYMENT_STATUSES), party: urlCode, keyword: urlText };
const ORDER: readonly PaymentAction[] = ['audit', 'reject', 'cancel', 'void'];

function dialogOf(row: PaymentRecord) {
  return (action: PaymentAction): ActionDialog => {
    const amount = `${row.partyName} ${formatYuan(row.amountFen)}`;
    if (action === 'audit') return { confirm: `核对凭证与到账无误后审核：${amount} 将计入其账户（冲减应收）。确定审核？` };
    if (action === 'reject') return { confirm: `驳回 ${amount} 的收款登记？`, reason: { title: '驳回原因', required: true, max: FINANCE_TEXT_MAX } };
    if (action === 'cancel') return { confirm: `撤销这笔待审核的收款登记？` };
    return { confirm: `冲销后 ${amount} 从其账户扣回（追加冲销分录，原单保留）。`, reason: { title: '冲销原因', required: true, max: FINANCE_TEXT_MAX } };
  };
}

/** 收款单 (finance/payment): agents and shops record what they paid; HQ finance audits, rejects or voids. */
export function PaymentPage() {
  const billing = useBilledByAgent();
  if (!billing.known) return null;
  // no 登记收款 for a shop its agent settles for: the server refuses it too
  return billing.byAgent ? <AgentBilledNotice page="payment" /> : <PaymentList />;
}

function PaymentList() {
  const client = useQueryClient();
  const hq = getUserInfo()?.roleType === 'manager';
  const [recording, setRecording] = useState(false);
  const [totals, setTotals] = useState<PaymentTotals | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: financeKeys.all }), [client]);

  const searchFields = useMemo<ListSearchField[]>(
    () => [
      { name: 'keyword', label: '单号', input: <Input allowClear placeholder="单号、流水号或单位名称" data-testid="payment-keyword" /> },
      {
        name: 'status',
        label: '状态',
        input: <Select allowClear placeholder="全部状态" options={PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))} data-testid="payment-status" />,
      },
      ...(hq ? [{ name: 'party', label: '付款单位', input: <PartyKeySelect types={['agent', 'shop']} allowClear testId="payment-party" /> }] : []),
    ],
    [hq],
  );

  const columns = useMemo<ListColumn<PaymentRecord>[]>(
    () => [
      ...paymentColumns('in'),
      actionColumn(160, (row) => (
        <DocumentActionBar<PaymentAction>
          docNo={row.docNo}
          open={row.actions}
          order={ORDER}
          label={(a) => PAYMENT_ACTION_LABELS[a]}
          dialog={dialogOf(row)}
          danger={(a) => a === 'reject' || a === 'void'}
          variant="row"
          run={async (action, { reason }) => {
            await financeApi.act('in', row.id, action, { reason }, INLINE_ERROR);
            toast().success(`${PAYMENT_ACTION_LABELS[action]}成功`);
            void refresh();
          }}
          testIds={{
            bar: `payment-actions-${row.docNo}`,
            button: (a) => `payment-${a}-${row.docNo}`,
            confirm: 'payment-action-confirm',
            reason: 'payment-action-reason',
            error: 'payment-action-error',
          }}
        />
      )),
    ],
    [refresh],
  );

  return (
    <>
      <ListPage<PaymentRecord, PaymentFilters>
        listId="finance-payments"
        title="收款单"
        testId="payments"
        queryKey={financeKeys.payments('in')}
        fetchPage={async (params, signal) => {
          const page = await financeApi.payments('in', params, signal);
          setTotals(page.totals ?? null);
          return page;
        }}
        summary={(_, shown) =>
          totalsRow(
            shown,
            totals && {
              amountFen: (
                <span title={`已入账 ${formatYuan(totals.postedFen)}，待审核 ${formatYuan(totals.waitingFen)}`}>
                  <MoneyText fen={totals.amountFen} />
                </span>
              ),
            },
            'payments-total',
          )
        }
        columns={columns}
        rowKey="id"
        initialFilters={{}}
        urlFilters={URL_FILTERS}
        searchFields={searchFields}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        tableProps={{ scroll: { x: 'max-content' } }}
        toolbar={[
          {
            key: 'add',
            label: '登记收款',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.financePaymentEdit,
            onClick: () => setRecording(true),
            testId: 'payment-add',
          },
        ]}
      />
      <PaymentFormModal
        open={recording}
        hq={hq}
        onClose={() => setRecording(false)}
        onSaved={() => {
          setRecording(false);
          void refresh();
        }}
      />
    </>
  );
}
