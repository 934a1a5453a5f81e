import { useCallback, useMemo, useState } from 'react';
import { Badge, Button, Input, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { EMPTY_DISPLAY, Permissions, ROLE_TYPE_LABELS, RoleMessages, type RoleRecord } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { GrantDrawer } from './GrantDrawer.tsx';
import { MembersDrawer } from './MembersDrawer.tsx';
import { roleApi, roleKeys, type RoleFilters } from './role-api.ts';
import { RoleFormModal } from './RoleFormModal.tsx';
import './role-page.css';
import { urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: RoleFilters = {};
const URL_FILTERS: ListUrlFilters<RoleFilters> = { keyword: urlText };
const DEFAULT_SORT = { field: 'id', order: 'asc' } as const;

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={64} placeholder="角色名称 / 编码 / 备注" data-testid="role-keyword" /> },
];

const BASE_COLUMNS: ListColumn<RoleRecord>[] = [
  {
    key: 'name',
    title: '角色名称',
    dataIndex: 'name',
    sortable: true,
    width: 180,
    render: (_, role) => (
      <Space size={6}>
        <span className="role-page__name">{role.name}</span>
        {role.builtin ? <Tag color="gold">内置</Tag> : null}
      </Space>
    ),
  },
  {
    key: 'code',
    title: '角色编码',
    dataIndex: 'code',
    sortable: true,
    width: 140,
    render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    exportValue: (r) => r.code,
  },
  {
    key: 'roleType',
    title: '适用用户',
    dataIndex: 'roleType',
    width: 96,
    render: (_, role) => ROLE_TYPE_LABELS[role.roleType],
    exportValue: (role) => ROLE_TYPE_LABELS[role.roleType],
  },
  { key: 'userCount', title: '成员数', dataIndex: 'userCount', width: 80, align: 'right' },
  {
    key: 'enabled',
    title: '状态',
    dataIndex: 'enabled',
    width: 80,
    render: (on: boolean) => <Badge status={on ? 'success' : 'default'} text={on ? '启用' : '停用'} />,
    exportValue: (role) => (role.enabled ? '启用' : '停用'),
  },
  {
    key: 'remark',
    title: '备注',
    dataIndex: 'remark',
    width: 240,
    ellipsis: { showTitle: true },
    render: (remark: string) => remark || EMPTY_DISPLAY,
  },
  dateTimeColumn('createdAt', '创建时间', { width: 168 }),
];

/** 角色管理: roles, their menus and buttons (权限分配) and their members. */
export function RolePage() {
  const client = useQueryClient();
  const can = usePermission();
  const [editing, setEditing] = useState<RoleRecord | null | undefined>(undefined);
  const [granting, setGranting] = useState<RoleRecord | null>(null);
  const [membersOf, setMembersOf] = useState<RoleRecord | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: roleKeys.page }), [client]);

  const remove = useCallback(
    async (role: RoleRecord) => {
      try {
        await roleApi.remove(role.id);
        toast().success(RoleMessages.deleted);
      } catch {
        // the request client has shown why (built-in, or members left)
      }
      await refresh();
    },
    [refresh],
  );

  const columns = useMemo<ListColumn<RoleRecord>[]>(() => {
    const buttons = [Permissions.roleEdit, Permissions.roleGrant, Permissions.roleUsers, Permissions.roleDelete].filter((code) => can(code));
    if (!buttons.length) return BASE_COLUMNS;
    const actions: ListColumn<RoleRecord> = actionColumn(56 + buttons.length * 52, (role) => (
      <Space size={0}>
        {can(Permissions.roleEdit) ? (
          <Button type="link" size="small" onClick={() => setEditing(role)} data-testid={`role-edit-${role.code}`}>
            编辑
          </Button>
        ) : null}
        {can(Permissions.roleGrant) ? (
          <Button type="link" size="small" onClick={() => setGranting(role)} data-testid={`role-grant-${role.code}`}>
            权限分配
          </Button>
        ) : null}
        {can(Permissions.roleUsers) ? (
          <Button type="link" size="small" onClick={() => setMembersOf(role)} data-testid={`role-users-${role.code}`}>
            成员
          </Button>
        ) : null}
        {can(Permissions.roleDelete) ? (
          role.builtin ? (
            <Tooltip title={RoleMessages.builtinDelete}>
              <Button type="link" size="small" disabled>
                删除
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={`确认删除角色「${role.name}」？`}
              description={role.userCount ? `该角色还有 ${role.userCount} 名成员，需先移除` : '其权限分配将一并删除'}
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(role)}
              placement="topRight"
            >
              <Button type="link" size="small" danger data-testid={`role-delete-${role.code}`}>
                删除
              </Button>
            </Popconfirm>
          )
        ) : null}
      </Space>
    ));
    return [...BASE_COLUMNS, actions];
    // `remove` uses only stable values (the query client)
  }, [can, remove]);

  return (
    <>
      <ListPage<RoleRecord, RoleFilters>
        listId="system-role"
        title="角色管理"
        testId="role"
        queryKey={roleKeys.page}
        fetchPage={roleApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        toolbar={[{ key: 'add', label: '新增角色', type: 'primary', icon: <PlusOutlined />, permission: Permissions.roleAdd, onClick: () => setEditing(null), testId: 'role-add' }]}
        tableProps={{ scroll: { x: 1180 } }}
      />
      <RoleFormModal
        role={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void refresh();
        }}
      />
      <GrantDrawer role={granting} onClose={() => setGranting(null)} />
      <MembersDrawer
        role={membersOf}
        onClose={() => {
          setMembersOf(null);
          void refresh();
        }}
      />
    </>
  );
}
