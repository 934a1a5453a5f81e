import type { ReactNode } from 'react';
import { Alert, Card, Skeleton } from 'antd';
import type { UserInfo } from '@erp/shared';
import { useUserInfo } from '../api/queries.ts';

/** Renders the signed-in user's card once users/info arrives, with loading and error states. */
export function UserInfoCard({ children }: { children: (user: UserInfo) => ReactNode }) {
  const user = useUserInfo();
  if (user.data) return children(user.data);
  if (user.isError) return <Alert type="error" showIcon title="用户信息加载失败" />;
  return (
    <Card>
      <Skeleton active avatar />
    </Card>
  );
}
