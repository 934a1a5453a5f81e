import { useState } from 'react';
import { Alert, Button, Drawer, Modal, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { displayOrEmpty, PARTY_KIND_LABELS, PartyMessages, Permissions, type PartyAccountRecord, type PartyKind, type PartyStatus } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { AccountActions, AccountStatus, type AccountCalls, type AccountTexts } from '../../../ui/account/AccountActions.tsx';
import { AccountFormModal } from './AccountFormModal.tsx';
import { partyApi, partyKeys } from './party-api.ts';

export interface AccountsTarget {
  id: number;
  code: string;
  name: string;
  status: PartyStatus;
}

interface PartyAccountsDrawerProps {
  kind: PartyKind;
  /** null closes the drawer */
  party: AccountsTarget | null;
  onClose: () => void;
  /** the party list shows account counts */
  onChanged: () => void;
}

/** 账号: the sign-in accounts of one party, with 新增账号, 重置密码 and 停用/启用 for the 账号 button. */
export function PartyAccountsDrawer({ kind, party, onClose, onChanged }: PartyAccountsDrawerProps) {
  return (
    <Drawer
      title={party ? `登录账号 · ${party.name}（${party.code}）` : '登录账号'}
      open={party !== null}
      onClose={onClose}
      size={960}
      destroyOnHidden
      data-testid="party-accounts-drawer"
    >
      {party ? <AccountsList key={`${kind}-${party.id}`} kind={kind} party={party} onChanged={onChanged} /> : null}
    </Drawer>
  );
}

const ACCOUNT_TEXTS: AccountTexts = {
  noun: '账号',
  resetConfirm: '将生成临时密码并结束该账号的全部登录会话',
  disableConfirm: '停用后该账号将无法登录，已登录的会话随即失效',
  passwordReset: PartyMessages.passwordReset,
  enabled: PartyMessages.accountEnabled,
  disabled: PartyMessages.accountDisabled,
};

const ACCOUNT_CALLS: AccountCalls = { resetPassword: partyApi.resetPassword, enable: partyApi.enableAccount, disable: partyApi.disableAccount };

function AccountsList({ kind, party, onChanged }: { kind: PartyKind; party: AccountsTarget; onChanged: () => void }) {
  const can = usePermission();
  const manage = can(Permissions.partyAccounts);
  const [adding, setAdding] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const query = useQuery({ queryKey: partyKeys.accounts(kind, party.id), queryFn: ({ signal }) => partyApi.accounts(kind, party.id, signal) });
  const partyDisabled = party.status === 'disabled';

  const refresh = async () => {
    await query.refetch();
    onChanged();
  };

  const columns: TableColumnsType<PartyAccountRecord> = [
    { key: 'account', title: '登录账号', dataIndex: 'account', width: 124, render: (value: string) => <Typography.Text strong>{value}</Typography.Text> },
    { key: 'name', title: '姓名', dataIndex: 'name', width: 96, render: displayOrEmpty },
    { key: 'phone', title: '手机号', dataIndex: 'phone', width: 120, render: displayOrEmpty },
    { key: 'status', title: '状态', width: 128, render: (_, row) => <AccountStatus status={row.status} active={row.active} /> },
    { key: 'lastLoginAt', title: '最近登录', dataIndex: 'lastLoginAt', width: 160, render: formatDateTime },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', width: 160, render: formatDateTime },
  ];
  if (manage) {
    columns.push({
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 130,
      render: (_, row) => (
        <AccountActions
          row={row}
          texts={ACCOUNT_TEXTS}
          calls={ACCOUNT_CALLS}
          testIdPrefix="account"
          modal={modal}
          onDone={refresh}
          enableBlockedBy={partyDisabled ? PartyMessages.accountPartyDisabled : undefined}
        />
      ),
    });
  }

  return (
    <>
      {modalHolder}
      {partyDisabled ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`该${PARTY_KIND_LABELS[kind]}已停用，其账号均无法登录；启用单位后可逐个启用账号。`} />
      ) : null}
      <div className="erp-list__toolbar" style={{ marginBottom: 12 }}>
        <Space>
          <span className="erp-list__title">账号列表</span>
          <Typography.Text type="secondary">共 {query.data?.length ?? 0} 个</Typography.Text>
        </Space>
        {manage ? (
          <Tooltip title={partyDisabled ? PartyMessages.accountPartyDisabled : undefined}>
            <Button type="primary" icon={<PlusOutlined />} disabled={partyDisabled} onClick={() => setAdding(true)} data-testid="account-add">
              新增账号
            </Button>
          </Tooltip>
        ) : null}
      </div>
      <Table<PartyAccountRecord>
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={query.data}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: query.isError ? '账号加载失败' : '暂无账号' }}
        data-testid="party-accounts-table"
      />
      <AccountFormModal
        kind={kind}
        party={party}
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          void refresh();
        }}
      />
    </>
  );
}
