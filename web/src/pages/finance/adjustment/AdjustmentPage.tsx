import { useCallback, useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Select, Tag } from 'antd';
import { ADJUSTMENT_STATUS_LABELS, ADJUSTMENT_STATUSES, displayOrEmpty, FINANCE_PARTY_LABELS, FINANCE_TEXT_MAX, formatYuan, Permissions, type AdjustmentRecord } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { usePermission } from '../../../access/route-meta.ts';
import { DocumentActionBar } from '../../../ui/document/DocumentActionBar.tsx';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlCode, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { financeApi, financeKeys, type AdjustmentFilters } from '../../../api/finance.ts';
import { PartyKeySelect } from '../finance-selects.tsx';
import { AdjustmentFormModal } from './AdjustmentFormModal.tsx';
import { moneyColumn } from '../../../ui/money/index.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const URL_FILTERS: ListUrlFilters<AdjustmentFilters> = { status: urlOneOf(ADJUSTMENT_STATUSES), party: urlCode, keyword: urlText };

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '单号', input: <Input allowClear placeholder="单号、原因或单位名称" data-testid="adjustment-keyword" /> },
  { name: 'party', label: '往来单位', input: <PartyKeySelect types={['agent', 'shop', 'supplier']} allowClear testId="adjustment-party" /> },
  {
    name: 'status',
    label: '状态',
    input: (
      <Select allowClear placeholder="全部状态" options={ADJUSTMENT_STATUSES.map((s) => ({ value: s, label: ADJUSTMENT_STATUS_LABELS[s] }))} data-testid="adjustment-status" />
    ),
  },
];

/** 调整单 (finance/adjustment): HQ corrects an account with a reason; a wrong one is voided by reversal, never deleted. */
export function AdjustmentPage() {
  const client = useQueryClient();
  const can = usePermission();
  const [creating, setCreating] = useState(false);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: financeKeys.all }), [client]);
  const mayEdit = can(Permissions.financeAdjustmentEdit);
  const columns = useMemo<ListColumn<AdjustmentRecord>[]>(
    () => [
      { key: 'docNo', title: '单号', dataIndex: 'docNo', sortable: true, width: 160 },
      {
        key: 'status',
        title: '状态',
        dataIndex: 'status',
        width: 90,
        render: (_, row) => <Tag color={row.status === 'posted' ? 'green' : 'default'}>{ADJUSTMENT_STATUS_LABELS[row.status]}</Tag>,
        exportValue: (row) => ADJUSTMENT_STATUS_LABELS[row.status],
      },
      { key: 'partyName', title: '往来单位', dataIndex: 'partyName', width: 200, render: (_, row) => `${row.partyName} · ${FINANCE_PARTY_LABELS[row.partyType]}` },
      moneyColumn<AdjustmentRecord>({ title: '调整金额', dataIndex: 'amountFen', sortable: true, width: 130, signed: true }),
      { key: 'reason', title: '原因', dataIndex: 'reason', width: 220, ellipsis: { showTitle: true } },
      { key: 'createdByName', title: '制单人', dataIndex: 'createdByName', width: 100 },
      dateTimeColumn('createdAt', '入账时间'),
      { key: 'voidReason', title: '冲销原因', dataIndex: 'voidReason', width: 160, render: displayOrEmpty },
      { key: 'voidedByName', title: '冲销人', dataIndex: 'voidedByName', width: 100, render: displayOrEmpty, defaultHidden: true },
      actionColumn(90, (row) => (
        <DocumentActionBar<'void'>
          docNo={row.docNo}
          open={row.status === 'posted' && mayEdit ? ['void'] : []}
          order={['void']}
          label={() => '冲销'}
          dialog={() => ({
            confirm: `冲销后 ${row.partyName} 的账户反向调整 ${formatYuan(-row.amountFen)}（追加冲销分录，原单保留）。`,
            reason: { title: '冲销原因', required: true, max: FINANCE_TEXT_MAX },
          })}
          danger={() => true}
          variant="row"
          run={async (_action, { reason }) => {
            await financeApi.voidAdjustment(row.id, reason, INLINE_ERROR);
            toast().success('冲销成功');
            void refresh();
          }}
          testIds={{
            bar: `adjustment-actions-${row.docNo}`,
            button: () => `adjustment-void-${row.docNo}`,
            confirm: 'adjustment-action-confirm',
            reason: 'adjustment-action-reason',
            error: 'adjustment-action-error',
          }}
        />
      )),
    ],
    [refresh, mayEdit],
  );
  return (
    <>
      <ListPage<AdjustmentRecord, AdjustmentFilters>
        listId="finance-adjustments"
        title="调整单"
        testId="adjustments"
        queryKey={financeKeys.adjustments}
        fetchPage={financeApi.adjustments}
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
            label: '新增调整',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.financeAdjustmentEdit,
            onClick: () => setCreating(true),
            testId: 'adjustment-add',
          },
        ]}
      />
      <AdjustmentFormModal
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          void refresh();
        }}
      />
    </>
  );
}
