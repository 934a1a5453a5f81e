import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Drawer, Tag } from 'antd';
import type { AccountEntryRecord, FinanceAccountRecord } from '@erp/shared';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import { entryDocumentPath, entryOriginPath } from '../entry-links.ts';
import { financeApi, financeKeys, type EntryFilters } from '../../../api/finance.ts';
import { moneyColumn } from '../../../ui/money/index.ts';
import { dateTimeColumn } from '../../../ui/list-page/columns.tsx';

/** 账户流水: every entry of one account with the balance after it, each opening its document. */
export function AccountEntriesDrawer({ account, onClose }: { account: FinanceAccountRecord | null; onClose: () => void }) {
  const navigate = useNavigate();
  const supplier = account?.partyType === 'supplier';
  const columns = useMemo<ListColumn<AccountEntryRecord>[]>(() => {
    const link = (path: string | null, text: string, testId: string) =>
      path && text ? (
        <ActionLink onClick={() => navigate(path)} data-testid={testId}>
          {text}
        </ActionLink>
      ) : (
        text || '—'
      );
    return [
      { key: 'businessDay', title: '日期', dataIndex: 'businessDay', width: 110 },
      {
        key: 'entryLabel',
        title: '类型',
        dataIndex: 'entryLabel',
        width: 110,
        render: (_, row) => <Tag color={row.reversal ? 'default' : row.amountFen > 0 ? 'orange' : 'green'}>{row.entryLabel}</Tag>,
        exportValue: (row) => row.entryLabel,
      },
      {
        key: 'documentNo',
        title: '单据',
        dataIndex: 'documentNo',
        width: 170,
        render: (_, row) => link(entryDocumentPath(row), row.documentNo, `entry-doc-${row.id}`),
      },
      {
        key: 'originNo',
        title: '业务单据',
        dataIndex: 'originNo',
        width: 170,
        render: (_, row) => link(entryOriginPath(row), row.originNo, `entry-origin-${row.id}`),
      },
      moneyColumn<AccountEntryRecord>({ title: supplier ? '应付变动' : '应收变动', dataIndex: 'amountFen', width: 130, signed: true }),
      moneyColumn<AccountEntryRecord>({ title: supplier ? '应付余额' : '应收余额', dataIndex: 'runningFen', width: 130 }),
      { key: 'quantity', title: '件数', dataIndex: 'quantity', width: 70, align: 'right', kind: 'quantity', defaultHidden: true },
      { key: 'memo', title: '摘要', dataIndex: 'memo', width: 220, ellipsis: { showTitle: true } },
      { key: 'createdByName', title: '操作人', dataIndex: 'createdByName', width: 100 },
      dateTimeColumn('createdAt', '记账时间', { sortable: false, defaultHidden: true }),
    ];
  }, [navigate, supplier]);
  return (
    <Drawer
      open={account !== null}
      onClose={onClose}
      size="large"
      styles={{ wrapper: { width: 1100 } }}
      title={account ? `账户流水 · ${account.partyName}（${account.partyCode}）` : ''}
      destroyOnHidden
      data-testid="account-entries-drawer"
    >
      {account ? (
        <ListPage<AccountEntryRecord, EntryFilters>
          listId="finance-account-entries"
          title={`账户流水-${account.partyName}`}
          testId="account-entries"
          queryKey={financeKeys.entries(account.partyType, account.partyId)}
          fetchPage={(params, signal) => financeApi.entries(account.partyType, account.partyId, params, signal)}
          columns={columns}
          rowKey="id"
          initialFilters={{}}
          urlFilters={false}
          defaultSort={{ field: 'id', order: 'desc' }}
          tableProps={{ scroll: { x: 'max-content' } }}
        />
      ) : null}
    </Drawer>
  );
}
