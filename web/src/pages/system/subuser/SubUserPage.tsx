import { useCallback, useMemo, useState } from 'react';
import { Button, Input, Modal, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { displayOrEmpty, PARTY_STATUS_LABELS, PARTY_STATUSES, Permissions, SubUserMessages, type SubUserRecord } from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { usePermission } from '../../../access/route-meta.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { AccountActions, AccountStatus, type AccountTexts } from '../../../ui/account/AccountActions.tsx';
import { SubUserDrawer, type SubUserTarget } from './SubUserDrawer.tsx';
import { subUserApi, subUserKeys, type SubUserFilters } from './subuser-api.ts';
import './subuser-page.css';
import { urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: SubUserFilters = {};
const URL_FILTERS: ListUrlFilters<SubUserFilters> = { keyword: urlText, status: urlOneOf(PARTY_STATUSES) };
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
    render: (_, row) => <AccountStatus status={row.status} active={row.active} />,
    exportValue: (row) => PARTY_STATUS_LABELS[row.status] + (row.active ? '' : '（待改密）'),
  },
  dateTimeColumn('createdAt', '创建时间', { width: 170 }),
  dateTimeColumn('lastLoginAt', '上次登录', { width: 170 }),
];

const SUB_USER_TEXTS: AccountTexts = {
  noun: '子账号',
  resetConfirm: SubUserMessages.resetConfirm,
  disableConfirm: SubUserMessages.disableConfirm,
  passwordReset: SubUserMessages.passwordReset,
  enabled: SubUserMessages.enabled,
  disabled: SubUserMessages.disabled,
};

/** 子账号: accounts the signed-in account created under itself, with a subset of its own permissions. */
export function SubUserPage() {
  const client = useQueryClient();
  const can = usePermission();
  const [modal, modalHolder] = Modal.useModal();
  const [target, setTarget] = useState<SubUserTarget | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: subUserKeys.page }), [client]);

  const columns = useMemo<ListColumn<SubUserRecord>[]>(() => {
    if (!can(Permissions.subUserEdit) && !can(Permissions.subUserDisable)) return BASE_COLUMNS;
    const actions: ListColumn<SubUserRecord> = actionColumn(190, (row) => (
      <AccountActions
        row={row}
        texts={SUB_USER_TEXTS}
        calls={subUserApi}
        testIdPrefix="subuser"
        modal={modal}
        onDone={refresh}
        resetCode={Permissions.subUserEdit}
        toggleCode={Permissions.subUserDisable}
        enableConfirm="启用后该子账号可以重新登录"
      >
        <Permission code={Permissions.subUserEdit}>
          <Button type="link" size="small" onClick={() => setTarget({ mode: 'edit', id: row.id, account: row.account })} data-testid={`subuser-edit-${row.account}`}>
            编辑
          </Button>
        </Permission>
      </AccountActions>
    ));
    return [...BASE_COLUMNS, actions];
    // refresh and modal are stable; the columns follow the permissions alone
  }, [can, modal, refresh]);

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
        urlFilters={URL_FILTERS}
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
