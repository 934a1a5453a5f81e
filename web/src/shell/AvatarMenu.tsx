import { Avatar, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Messages } from '@erp/shared';
import { authApi } from '../api/auth.ts';
import { useUserInfo } from '../api/queries.ts';
import { clearSession, getUserInfo } from '../auth/session.ts';
import { toast } from '../api/feedback.ts';

// Logout handles its own messages and always ends on /login.
const QUIET = { toast: false, redirectOnSessionClear: false } as const;

/** Logout (SPEC §4): server cache and session, then local state; the toast tells whether the server agreed. */
async function signOut(): Promise<boolean> {
  // The user cache is cleaned while the session is still valid; its failure is ignored.
  await authApi.cleanUserCache(QUIET).catch(() => undefined);
  try {
    return (await authApi.logout(QUIET)) === 'success';
  } catch {
    return false;
  }
}

/** Header avatar with 个人中心 and 退出登录. */
export function AvatarMenu() {
  const navigate = useNavigate();
  const client = useQueryClient();
  // the profile query follows renames in 个人中心; the stored login answer covers the first paint
  const profile = useUserInfo().data;
  const user = getUserInfo();
  const name = profile?.name || user?.name || user?.account || '';

  const logout = async () => {
    const ok = await signOut();
    clearSession();
    if (ok) toast().success(Messages.logoutOk);
    else toast().error(Messages.logoutFailed);
    navigate('/login', { replace: true });
    setTimeout(() => client.clear(), 0);
  };

  const items: MenuProps['items'] = [
    { key: 'usercenter', icon: <UserOutlined />, label: '个人中心', 'data-testid': 'menu-usercenter' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', 'data-testid': 'menu-logout' },
  ];

  return (
    <Dropdown
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'usercenter') navigate('/usercenter');
          else if (key === 'logout') void logout();
        },
      }}
    >
      <button type="button" className="erp-shell__avatar" data-testid="avatar-menu">
        <Avatar size="small" src={user?.image || undefined} icon={user?.image || name ? undefined : <UserOutlined />}>
          {name.slice(0, 1)}
        </Avatar>
        <span className="erp-shell__avatar-name">{name}</span>
      </button>
    </Dropdown>
  );
}
