import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select, Tag } from 'antd';
import {
  displayOrEmpty,
  FINANCE_TEXT_MAX,
  FinanceMessages,
  formatYuan,
  Permissions,
  REBATE_BASIS_LABELS,
  REBATE_STATUS_LABELS,
  REBATE_STATUSES,
  rebateRateText,
  type RebateRecord,
} from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlId, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { SeasonSelect } from '../../../ui/SeasonSelect.tsx';
import { rebateApi, rebateKeys, type RebateFilters } from './rebate-api.ts';
import { moneyColumn } from '../../../ui/money/index.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: RebateFilters = {};
const URL_FILTERS: ListUrlFilters<RebateFilters> = { status: urlOneOf(REBATE_STATUSES), seasonId: urlId, keyword: urlText };
const DEFAULT_SORT = { field: 'createdAt', order: 'desc' } as const;
const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear placeholder="单号、代理商或订货季" data-testid="rebates-keyword" /> },
  { name: 'seasonId', label: '订货季', input: <SeasonSelect allowClear testId="rebates-season" /> },
  {
    name: 'status',
    label: '状态',
    input: <Select allowClear placeholder="全部" options={REBATE_STATUSES.map((s) => ({ value: s, label: REBATE_STATUS_LABELS[s] }))} data-testid="rebates-status" />,
  },
];

const money = (key: 'basisFen' | 'amountFen' | 'thresholdFen', title: string): ListColumn<RebateRecord> =>
  moneyColumn<RebateRecord>({ title, dataIndex: key, width: 130, sortable: key === 'amountFen' });

/** 冲销 for HQ: the column is left out for an agent, who only reads. */
const voidColumn = (onVoid: (row: RebateRecord) => void): ListColumn<RebateRecord> =>
  actionColumn(80, (row) =>
    row.status === 'posted' ? (
      <Permission code={Permissions.financeRebateEdit}>
        <Button type="link" size="small" danger onClick={() => onVoid(row)} data-testid={`rebate-void-${row.id}`}>
          冲销
        </Button>
      </Permission>
    ) : null,
  );

/** 返利单: HQ every agent's, an agent its own; 冲销 (HQ, `canVoid`) asks for the reason. */
export function RebateList({ canVoid }: { canVoid: boolean }) {
  const client = useQueryClient();
  const [voiding, setVoiding] = useState<RebateRecord | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['finance'] }), [client]);

  const columns = useMemo<ListColumn<RebateRecord>[]>(
    () => [
      { key: 'docNo', title: '单号', dataIndex: 'docNo', sortable: true, width: 160 },
      { key: 'agentName', title: '代理商', dataIndex: 'agentName', sortable: true, width: 200, render: (_, row) => `${row.agentName}（${row.agentCode}）` },
      { key: 'seasonName', title: '订货季', dataIndex: 'seasonName', width: 160, ellipsis: { showTitle: true } },
      { key: 'basis', title: '口径', dataIndex: 'basis', width: 100, render: (_, row) => REBATE_BASIS_LABELS[row.basis], exportValue: (row) => REBATE_BASIS_LABELS[row.basis] },
      money('basisFen', '口径金额'),
      { ...money('thresholdFen', '门槛'), defaultHidden: true },
      {
        key: 'rateBp',
        title: '比例',
        dataIndex: 'rateBp',
        width: 80,
        align: 'right',
        render: (_, row) => rebateRateText(row.rateBp),
        exportValue: (row) => rebateRateText(row.rateBp),
      },
      money('amountFen', '返利金额'),
      {
        key: 'status',
        title: '状态',
        dataIndex: 'status',
        width: 90,
        render: (_, row) => <Tag color={row.status === 'posted' ? 'green' : 'default'}>{REBATE_STATUS_LABELS[row.status]}</Tag>,
        exportValue: (row) => REBATE_STATUS_LABELS[row.status],
      },
      { key: 'voidReason', title: '冲销原因', dataIndex: 'voidReason', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      { key: 'createdByName', title: '入账人', dataIndex: 'createdByName', width: 100 },
      dateTimeColumn('createdAt', '入账时间'),
      ...(canVoid ? [voidColumn(setVoiding)] : []),
    ],
    [canVoid],
  );
  return (
    <>
      <ListPage<RebateRecord, RebateFilters>
        listId="finance-rebates"
        title="返利单"
        testId="rebates"
        queryKey={rebateKeys.rebates}
        fetchPage={rebateApi.rebates}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      <FormModal<{ reason: string }, RebateRecord>
        open={voiding !== null}
        title={voiding ? `冲销返利单 ${voiding.docNo}（${voiding.agentName}，${formatYuan(voiding.amountFen)}）` : ''}
        width={520}
        testId="rebate-void-dialog"
        formName="rebateVoidForm"
        layout="vertical"
        initialValues={{ reason: '' }}
        onSubmit={(values, options) => rebateApi.voidRebate(voiding!.id, values.reason.trim(), options)}
        savedMessage={FinanceMessages.voided}
        onSaved={() => {
          setVoiding(null);
          void refresh();
        }}
        onClose={() => setVoiding(null)}
      >
        <p>冲销将追加反向分录，代理商账户减少该笔返利；原单保留，之后可按规则重新入账。</p>
        <Form.Item name="reason" label="冲销原因" required rules={[checkRule((v) => (typeof v === 'string' && v.trim() ? null : FinanceMessages.reasonRequired))]}>
          <Input.TextArea rows={3} maxLength={FINANCE_TEXT_MAX} showCount data-testid="rebate-void-reason" />
        </Form.Item>
      </FormModal>
    </>
  );
}
