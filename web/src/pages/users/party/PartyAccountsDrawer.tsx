import { useState } from 'react';
import { Alert, Button, Drawer, Modal, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { displayOrEmpty, PARTY_KIND_LABELS, PartyMessages, Permissions, type PartyAccountRecord, type PartyKind, type PartyStatus } from '@erp/shared';
import { usePermission } from '../../../router/route-meta.ts';
import { toast } from '../../../ui/feedback.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { AccountFormModal } from './AccountFormModal.tsx';
import { partyApi, partyKeys } from './party-api.ts';
import { PartyStatusTag } from './PartyStatusTag.tsx';

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

  const resetPassword = async (row: PartyAccountRecord) => {
    try {
      const { password } = await partyApi.resetPassword(row.id);
      toast().success(PartyMessages.passwordReset);
      modal.success({
        title: '临时密码',
        width: 460,
        okText: '我已记下',
        content: (
          <div data-testid="temporary-password">
            <p>
              账号 <Typography.Text strong>{row.account}</Typography.Text> 的临时密码如下，只显示这一次，请立即告知使用人。使用人登录后须设置新密码。
            </p>
            <Typography.Paragraph copyable={{ text: password, tooltips: ['复制', '已复制'] }} code style={{ fontSize: 18, marginBottom: 0 }}>
              {password}
            </Typography.Paragraph>
          </div>
        ),
      });
    } catch {
      // the request client has shown why
    }
    await refresh();
  };

  const toggle = async (row: PartyAccountRecord) => {
    const enabling = row.status === 'disabled';
    try {
      await (enabling ? partyApi.enableAccount(row.id) : partyApi.disableAccount(row.id));
      toast().success(enabling ? PartyMessages.accountEnabled : PartyMessages.accountDisabled);
    } catch {
      // the request client has shown why
    }
    await refresh();
  };

  const columns: TableColumnsType<PartyAccountRecord> = [
    { key: 'account', title: '登录账号', dataIndex: 'account', width: 124, render: (value: string) => <Typography.Text strong>{value}</Typography.Text> },
    { key: 'name', title: '姓名', dataIndex: 'name', width: 96, render: displayOrEmpty },
    { key: 'phone', title: '手机号', dataIndex: 'phone', width: 120, render: displayOrEmpty },
    {
      key: 'status',
      title: '状态',
      width: 128,
      render: (_, row) => (
        <Space size={4}>
          <PartyStatusTag status={row.status} />
          {row.active ? null : (
            <Tooltip title="下次登录须设置新密码">
              <Tag color="gold">待改密</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
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
        <Space size={0}>
          <Popconfirm
            title={`重置账号“${row.account}”的密码？`}
            description="将生成临时密码并结束该账号的全部登录会话"
            okText="重置"
            onConfirm={() => resetPassword(row)}
            placement="topRight"
          >
            <Button type="link" size="small" data-testid={`account-reset-${row.account}`}>
              重置密码
            </Button>
          </Popconfirm>
          {row.status === 'enabled' ? (
            <Popconfirm
              title={`停用账号“${row.account}”？`}
              description="停用后该账号将无法登录，已登录的会话随即失效"
              okText="停用"
              okButtonProps={{ danger: true }}
              onConfirm={() => toggle(row)}
              placement="topRight"
            >
              <Button type="link" size="small" danger data-testid={`account-disable-${row.account}`}>
                停用
              </Button>
            </Popconfirm>
          ) : (
            <Tooltip title={partyDisabled ? PartyMessages.accountPartyDisabled : undefined}>
              <Button type="link" size="small" disabled={partyDisabled} onClick={() => toggle(row)} data-testid={`account-enable-${row.account}`}>
                启用
              </Button>
            </Tooltip>
          )}
        </Space>
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
