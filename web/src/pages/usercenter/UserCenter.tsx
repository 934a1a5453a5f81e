import { Avatar, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { displayOrEmpty, EMPTY_DISPLAY, type UserInfo } from '@erp/shared';
import { UserInfoCard } from '../../ui/UserInfoCard.tsx';
import { describeScope, roleLabel } from '../../access/describe-scope.ts';
import { formatDateTime } from '../../ui/format-time.ts';
import { AccountSafetyCard } from './AccountSafetyCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';

function Profile({ user }: { user: UserInfo }) {
  const name = user.name || user.account;
  return (
    <Card>
      <Space size="large" align="center" style={{ marginBottom: 24 }}>
        <Avatar size={72} src={user.image || undefined}>
          {name.slice(0, 1)}
        </Avatar>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {name}
          </Typography.Title>
          <Typography.Text type="secondary">{roleLabel(user.roleType)}</Typography.Text>
        </div>
      </Space>
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'account', label: '账号', children: user.account },
          { key: 'name', label: '姓名', children: displayOrEmpty(user.name) },
          { key: 'phone', label: '手机号', children: displayOrEmpty(user.phone) },
          { key: 'roleType', label: '角色类型', children: roleLabel(user.roleType) },
          {
            key: 'roles',
            label: '角色',
            children: user.roles.length ? user.roles.map((role) => <Tag key={role.code}>{role.name}</Tag>) : EMPTY_DISPLAY,
          },
          { key: 'scope', label: '数据范围', children: describeScope(user.scope) },
          { key: 'active', label: '账号状态', children: user.active ? '已激活' : '未激活' },
          { key: 'lastLogin', label: '上次登录', children: formatDateTime(user.lastLoginAt) },
        ]}
      />
    </Card>
  );
}

/** 个人中心: the signed-in user's profile and login sessions. */
export function UserCenter() {
  return (
    <div style={{ maxWidth: 1000 }}>
      <Typography.Title level={3} style={{ margin: '4px 0 12px' }}>
        个人中心
      </Typography.Title>
      <UserInfoCard>
        {(user) => (
          <>
            <Profile user={user} />
            <ProfileCard user={user} />
          </>
        )}
      </UserInfoCard>
      <AccountSafetyCard />
      <SessionsCard />
    </div>
  );
}
