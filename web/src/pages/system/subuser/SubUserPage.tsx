import { useMemo, useState } from 'react';
import { Button, Input, Modal, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { displayOrEmpty, PARTY_STATUS_LABELS, PARTY_STATUSES, Permissions, SubUserMessages, type SubUserRecord } from '@erp/shared';
import { Permission } from '../../../router/Permission.tsx';
import { usePermission } from '../../../router/route-meta.ts';
import { toast } from '../../../ui/feedback.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { PartyStatusTag } from '../../users/party/PartyStatusTag.tsx';
import { SubUserDrawer, type SubUserTarget } from './SubUserDrawer.tsx';
import { subUserApi, subUserKeys, type SubUserFilters } from './subuser-api.ts';
import './subuser-page.css';

const INITIAL_FILTERS: SubUserFilters = {};
const DEFAULT_SORT = { field: 'createdAt', order: 'desc' } as const;

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={64} placeholder="账号 / 姓名 / 手机号" data-testid="subuser-keyword" /> },
  {
    name: 'status',
    label: '状态',
    input: <Select allowClear placeholder="全部" options={PARTY_STATUSES.map((value) => ({ value, label: PARTY_STATUS_LABELS[value] }))} data-testid="subuser-status" />,
  },
];

const BASE_COLUMNS: ListColumn<SubUserRecord>[] = [
  {
    key: 'account',
    title: '账号',
    dataIndex: 'account',
    sortable: true,
    width: 150,
    render: (value: string) => <span className="subuser-page__account">{value}</span>,
  },
  { key: 'name', title: '姓名', dataIndex: 'name', sortable: true, width: 120, render: displayOrEmpty },
  { key: 'phone', title: '手机号', dataIndex: 'phone', width: 130, render: displayOrEmpty },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 140,
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
    exportValue: (row) => PARTY_STATUS_LABELS[row.status] + (row.active ? '' : '（待改密）'),
  },
  { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', sortable: true, width: 170, render: formatDateTime, exportValue: (row) => formatDateTime(row.createdAt) },
  { key: 'lastLoginAt', title: '上次登录', dataIndex: 'lastLoginAt', sortable: true, width: 170, render: formatDateTime, exportValue: (row) => formatDateTime(row.lastLoginAt) },
];

/** 子账号: accounts the signed-in account created under itself, with a subset of its own permissions. */
export function SubUserPage() {
  const client = useQueryClient();
  const can = usePermission();
  const [modal, modalHolder] = Modal.useModal();
  const [target, setTarget] = useState<SubUserTarget | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: subUserKeys.page });

  const columns = useMemo<ListColumn<SubUserRecord>[]>(() => {
    const resetPassword = async (row: SubUserRecord) => {
      try {
        const { password } = await subUserApi.resetPassword(row.id);
        toast().success(SubUserMessages.passwordReset);
        modal.success({
          title: '临时密码',
          width: 460,
          okText: '我已记下',
          content: (
            <div data-testid="temporary-password">
              <p>
                子账号 <Typography.Text strong>{row.account}</Typography.Text> 的临时密码如下，只显示这一次，请立即告知使用人。使用人登录后须设置新密码。
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

    const toggle = async (row: SubUserRecord) => {
      const enabling = row.status === 'disabled';
      try {
        await (enabling ? subUserApi.enable(row.id) : subUserApi.disable(row.id));
        toast().success(enabling ? SubUserMessages.enabled : SubUserMessages.disabled);
      } catch {
        // the request client has shown why
      }
      await refresh();
    };

    if (!can(Permissions.subUserEdit) && !can(Permissions.subUserDisable)) return BASE_COLUMNS;
    const actions: ListColumn<SubUserRecord> = {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 190,
      hideable: false,
      exportable: false,
      render: (_, row) => (
        <Space size={0}>
          <Permission code={Permissions.subUserEdit}>
            <Button type="link" size="small" onClick={() => setTarget({ mode: 'edit', id: row.id, account: row.account })} data-testid={`subuser-edit-${row.account}`}>
              编辑
            </Button>
            <Popconfirm title={`重置子账号“${row.account}”的密码？`} description={SubUserMessages.resetConfirm} okText="重置" onConfirm={() => resetPassword(row)} placement="topRight">
              <Button type="link" size="small" data-testid={`subuser-reset-${row.account}`}>
                重置密码
              </Button>
            </Popconfirm>
          </Permission>
          <Permission code={Permissions.subUserDisable}>
            {row.status === 'enabled' ? (
              <Popconfirm
                title={`停用子账号“${row.account}”？`}
                description={SubUserMessages.disableConfirm}
                okText="停用"
                okButtonProps={{ danger: true }}
                onConfirm={() => toggle(row)}
                placement="topRight"
              >
                <Button type="link" size="small" danger data-testid={`subuser-disable-${row.account}`}>
                  停用
                </Button>
              </Popconfirm>
            ) : (
              <Popconfirm title={`启用子账号“${row.account}”？`} description="启用后该子账号可以重新登录" okText="启用" onConfirm={() => toggle(row)} placement="topRight">
                <Button type="link" size="small" data-testid={`subuser-enable-${row.account}`}>
                  启用
                </Button>
              </Popconfirm>
            )}
          </Permission>
        </Space>
      ),
    };
    return [...BASE_COLUMNS, actions];
    // refresh and modal are stable; the columns follow the permissions alone
  }, [can]);

  return (
    <>
      {modalHolder}
      <ListPage<SubUserRecord, SubUserFilters>
        listId="system-subuser"
        title="子账号"
        testId="subuser"
        queryKey={subUserKeys.page}
        fetchPage={subUserApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        toolbar={[
          {
            key: 'add',
            label: '新增',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.subUserAdd,
            onClick: () => setTarget({ mode: 'create' }),
            testId: 'subuser-add',
          },
        ]}
      />
      <SubUserDrawer
        target={target}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          void refresh();
        }}
      />
    </>
  );
}
