import { useEffect, useState } from 'react';
import { Badge, Button, Drawer, Empty, Input, Popconfirm, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { displayOrEmpty, Permissions, ROLE_TYPE_LABELS, RoleMessages, type RoleMember, type RoleRecord } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { roleApi, roleKeys } from './role-api.ts';

const PAGE_SIZE = 10;

/** Waits for typing to pause before searching. */
function useDebounced<T>(value: T, ms = 300): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

function MemberEditor({ role }: { role: RoleRecord }) {
  const client = useQueryClient();
  const can = usePermission();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const candidateKeyword = useDebounced(search.trim());

  const members = useQuery({
    queryKey: [...roleKeys.members(role.id), { keyword, page }],
    queryFn: ({ signal }) => roleApi.members(role.id, { keyword: keyword || undefined, page, limit: PAGE_SIZE, sort: 'account', order: 'asc' }, signal),
    placeholderData: keepPreviousData,
  });
  const candidates = useQuery({
    queryKey: [...roleKeys.members(role.id), 'candidates', candidateKeyword],
    queryFn: ({ signal }) => roleApi.candidates(role.id, candidateKeyword, signal),
  });

  const change = async (add: number[], remove: number[]) => {
    setSaving(true);
    try {
      await roleApi.changeMembers(role.id, { add, remove });
      toast().success(RoleMessages.membersSaved);
      setPicked([]);
      await Promise.all([client.invalidateQueries({ queryKey: roleKeys.members(role.id) }), client.invalidateQueries({ queryKey: roleKeys.page })]);
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<RoleMember> = [
    { key: 'account', title: '账号', dataIndex: 'account', width: 120, ellipsis: { showTitle: true } },
    { key: 'name', title: '姓名', dataIndex: 'name', width: 100, render: displayOrEmpty },
    { key: 'phone', title: '手机号', dataIndex: 'phone', width: 120, render: displayOrEmpty },
    { key: 'enabled', title: '状态', dataIndex: 'enabled', width: 72, render: (on: boolean) => <Badge status={on ? 'success' : 'default'} text={on ? '正常' : '停用'} /> },
    {
      key: 'actions',
      title: '操作',
      width: 64,
      render: (_, member) => (
        <Popconfirm
          title={`确认将 ${member.name || member.account} 移出该角色？`}
          okText="移除"
          okButtonProps={{ danger: true }}
          onConfirm={() => change([], [member.id])}
          placement="topRight"
        >
          <Button type="link" size="small" danger disabled={saving} data-testid={`member-remove-${member.account}`}>
            移除
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <div className="members-editor">
      {can(Permissions.roleUsers) ? (
        <div className="members-editor__add">
          <Select<number[]>
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            value={picked}
            onChange={setPicked}
            loading={candidates.isFetching}
            placeholder={`搜索${ROLE_TYPE_LABELS[role.roleType]}用户的账号、姓名或手机号`}
            notFoundContent={candidates.isFetching ? '搜索中…' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有可添加的用户" />}
            options={(candidates.data ?? []).map((u) => ({ value: u.id, label: `${u.name || u.account}（${u.account}）${u.phone ? ` ${u.phone}` : ''}` }))}
            className="members-editor__select"
            data-testid="member-candidates"
          />
          <Button type="primary" icon={<UserAddOutlined />} disabled={!picked.length} loading={saving} onClick={() => change(picked, [])} data-testid="member-add">
            添加
          </Button>
        </div>
      ) : null}
      <Typography.Text type="secondary" className="members-editor__hint">
        该角色只能授予{ROLE_TYPE_LABELS[role.roleType]}用户；成员变更在其下次加载路由时生效
      </Typography.Text>
      <div className="members-editor__search">
        <Input.Search
          allowClear
          placeholder="在成员中搜索账号 / 姓名 / 手机号"
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
          data-testid="member-search"
        />
      </div>
      <Table<RoleMember>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={members.data?.records}
        loading={members.isFetching}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={members.error ? `数据加载失败：${members.error.message}` : '暂无成员'} /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: members.data?.total ?? 0, onChange: setPage, showTotal: (total) => `共 ${total} 人`, showSizeChanger: false }}
        data-testid="member-table"
      />
    </div>
  );
}

interface MembersDrawerProps {
  role: RoleRecord | null;
  onClose: () => void;
}

/** 成员: the users holding a role; add by search, remove with a confirmation. */
export function MembersDrawer({ role, onClose }: MembersDrawerProps) {
  return (
    <Drawer
      title={role ? `成员：${role.name}` : '成员'}
      open={role !== null}
      onClose={onClose}
      size={600}
      destroyOnHidden
      extra={
        role ? (
          <Space>
            <Typography.Text type="secondary">{role.code}</Typography.Text>
          </Space>
        ) : null
      }
      data-testid="members-drawer"
    >
      {role ? <MemberEditor key={role.id} role={role} /> : null}
    </Drawer>
  );
}
