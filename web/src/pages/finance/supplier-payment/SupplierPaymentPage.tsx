import { useCallback, useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Select } from 'antd';
import { FINANCE_TEXT_MAX, formatYuan, PAYMENT_ACTION_LABELS, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, Permissions, type PaymentAction, type PaymentRecord } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { DocumentActionBar } from '../../../ui/document/DocumentActionBar.tsx';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlCode, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { financeApi, financeKeys, type PaymentFilters } from '../../../api/finance.ts';
import { PartyKeySelect } from '../finance-selects.tsx';
import { paymentColumns } from '../payment/payment-columns.tsx';
import { SupplierPaymentFormModal } from './SupplierPaymentFormModal.tsx';
import { actionColumn } from '../../../ui/list-page/columns.tsx';

const URL_FILTERS: ListUrlFilters<PaymentFilters> = { status: urlOneOf(PAYMENT_STATUSES), party: urlCode, keyword: urlText };
const STATUSES = ['posted', 'voided'] as const;

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '单号', input: <Input allowClear placeholder="单号、流水号或供应商" data-testid="supplier-payment-keyword" /> },
  { name: 'party', label: '供应商', input: <PartyKeySelect types={['supplier']} allowClear testId="supplier-payment-party" /> },
  {
    name: 'status',
    label: '状态',
    input: <Select allowClear placeholder="全部状态" options={STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))} data-testid="supplier-payment-status" />,
  },
];

/** 付款单 (finance/supplier-payment): HQ pays suppliers against their payables, per purchase order or on account. */
export function SupplierPaymentPage() {
  const client = useQueryClient();
  const [recording, setRecording] = useState(false);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: financeKeys.all }), [client]);
  const columns = useMemo<ListColumn<PaymentRecord>[]>(
    () => [
      ...paymentColumns('out'),
      actionColumn(90, (row) => (
        <DocumentActionBar<PaymentAction>
          docNo={row.docNo}
          open={row.actions}
          order={['void']}
          label={(a) => PAYMENT_ACTION_LABELS[a]}
          dialog={() => ({
            confirm: `冲销后 ${row.partyName} 的应付恢复 ${formatYuan(row.amountFen)}（追加冲销分录，原单保留）。`,
            reason: { title: '冲销原因', required: true, max: FINANCE_TEXT_MAX },
          })}
          danger={() => true}
          variant="row"
          run={async (action, { reason }) => {
            await financeApi.act('out', row.id, action, { reason }, INLINE_ERROR);
            toast().success('冲销成功');
            void refresh();
          }}
          testIds={{
            bar: `supplier-payment-actions-${row.docNo}`,
            button: (a) => `supplier-payment-${a}-${row.docNo}`,
            confirm: 'supplier-payment-action-confirm',
            reason: 'supplier-payment-action-reason',
            error: 'supplier-payment-action-error',
          }}
        />
      )),
    ],
    [refresh],
  );
  return (
    <>
      <ListPage<PaymentRecord, PaymentFilters>
        listId="finance-supplier-payments"
        title="付款单"
        testId="supplier-payments"
        queryKey={financeKeys.payments('out')}
        fetchPage={(params, signal) => financeApi.payments('out', params, signal)}
        columns={columns}
        rowKey="id"
        initialFilters={{}}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        tableProps={{ scroll: { x: 'max-content' } }}
        toolbar={[
          {
            key: 'add',
            label: '登记付款',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.financeSupplierPaymentEdit,
            onClick: () => setRecording(true),
            testId: 'supplier-payment-add',
          },
        ]}
      />
      <SupplierPaymentFormModal
        open={recording}
        onClose={() => setRecording(false)}
        onSaved={() => {
          setRecording(false);
          void refresh();
        }}
      />
    </>
  );
}
