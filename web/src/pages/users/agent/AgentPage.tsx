import { useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { displayOrEmpty, Permissions, type AgentRecord } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { agentApi, partyKeys, type PartyFilters } from '../party/party-api.ts';
import { keywordField, partyColumns, statusField } from '../party/party-columns.tsx';
import { PartyAccountsDrawer, type AccountsTarget } from '../party/PartyAccountsDrawer.tsx';
import { PartyFormModal, type PartyFormTarget } from '../party/PartyFormModal.tsx';
import { PartyRowActions } from '../party/PartyRowActions.tsx';

const INITIAL_FILTERS: PartyFilters = {};
const DEFAULT_SORT = { field: 'code', order: 'asc' } as const;
const SEARCH_FIELDS: ListSearchField[] = [keywordField('编码 / 名称 / 联系人 / 电话', 'agent-keyword'), statusField('agent-status')];

/** 代理商 (users/agent): HQ's agents with their shops and sign-in accounts. */
export function AgentPage() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<PartyFormTarget | null>(null);
  const [accountsOf, setAccountsOf] = useState<AccountsTarget | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: partyKeys.page('agent') });

  const columns = useMemo<ListColumn<AgentRecord>[]>(() => {
    const c = partyColumns<AgentRecord>();
    return [
      c.code,
      c.name,
      c.contactName,
      c.phone,
      {
        key: 'region',
        title: '省市',
        width: 124,
        render: (_, row) => displayOrEmpty([row.province, row.city].filter(Boolean).join(' ')),
        exportValue: (row) => [row.province, row.city].filter(Boolean).join(' '),
      },
      c.address,
      { key: 'shopCount', title: '门店数', dataIndex: 'shopCount', width: 72, align: 'right' },
      c.accountCount,
      c.status,
      c.remark,
      c.createdAt,
      {
        key: 'actions',
        title: '操作',
        fixed: 'right',
        width: 150,
        hideable: false,
        exportable: false,
        render: (_, row) => (
          <PartyRowActions
            kind="agent"
            row={row}
            editCode={Permissions.agentEdit}
            disableCode={Permissions.agentDisable}
            onEdit={() => setEditing({ kind: 'agent', record: row })}
            onAccounts={() => setAccountsOf(row)}
            onChanged={() => void refresh()}
          />
        ),
      },
    ];
    // refresh only uses the query client, stable while the page lives
  }, []);

  return (
    <>
      <ListPage<AgentRecord, PartyFilters>
        listId="users-agent"
        title="代理商"
        testId="agent"
        queryKey={partyKeys.page('agent')}
        fetchPage={agentApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        tableProps={{ scroll: { x: 1140 } }}
        toolbar={[
          {
            key: 'add',
            label: '新增',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.agentAdd,
            onClick: () => setEditing({ kind: 'agent', record: null }),
            testId: 'agent-add',
          },
        ]}
      />
      <PartyFormModal
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <PartyAccountsDrawer kind="agent" party={accountsOf} onClose={() => setAccountsOf(null)} onChanged={() => void refresh()} />
    </>
  );
}
