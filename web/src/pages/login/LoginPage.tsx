import { lazy, Suspense, useCallback, useState } from 'react';
import { Flex, Form, Spin, Tabs, type TabsProps } from 'antd';
import { useSysBasicInfo } from '../../api/queries.ts';
import type { LoginForm } from '../../api/auth.ts';
import { AccountLoginForm } from './AccountLoginForm.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { NewPasswordDialog, type ActivationOutcome } from './NewPasswordDialog.tsx';
import { SmsLoginForm } from './SmsLoginForm.tsx';
import type { PendingActivation } from './use-complete-login.ts';

/** Login tabs (SPEC §2): account, WeChat QR scan, SMS; the server says which of the last two work. */
type LoginTab = 'account' | 'wechat' | 'sms';

// the QR tab is its own chunk: the login entry stays small
const WechatLoginPanel = lazy(async () => ({ default: (await import('./WechatLoginPanel.tsx')).WechatLoginPanel }));

interface Activation {
  pending: PendingActivation;
  open: boolean;
}

export function LoginPage() {
  const [accountForm] = Form.useForm<LoginForm>();
  const [tab, setTab] = useState<LoginTab>('account');
  const [activation, setActivation] = useState<Activation | null>(null);
  const { data: info } = useSysBasicInfo();
  const methods = info?.loginMethods;

  const onInactive = useCallback((pending: PendingActivation) => setActivation({ pending, open: true }), []);

  const onActivationFinish = (outcome: ActivationOutcome) => {
    if (!activation) return;
    setActivation({ ...activation, open: false });
    if (outcome === 'changed') {
      // SPEC §4: after the change the user signs in again, with the new password
      accountForm.setFieldsValue({ account: activation.pending.account, password: '' });
      setTab('account');
    }
  };

  const items: NonNullable<TabsProps['items']> = [{ key: 'account', label: '账号密码登录', children: <AccountLoginForm form={accountForm} onInactive={onInactive} /> }];
  if (methods?.wechat) {
    items.push({
      key: 'wechat',
      label: '微信扫码登录',
      // mounted only while active: leaving the tab stops the polls, coming back gets a new QR
      children:
        tab === 'wechat' ? (
          <Suspense
            fallback={
              <Flex justify="center" style={{ padding: 48 }}>
                <Spin />
              </Flex>
            }
          >
            <WechatLoginPanel onInactive={onInactive} />
          </Suspense>
        ) : null,
    });
  }
  if (methods?.sms) items.push({ key: 'sms', label: '手机号登录', children: <SmsLoginForm onInactive={onInactive} /> });
  const activeTab = items.some((item) => item.key === tab) ? tab : 'account';

  return (
    <AuthLayout>
      <Tabs centered activeKey={activeTab} onChange={(key) => setTab(key as LoginTab)} items={items} />
      <NewPasswordDialog
        pending={activation?.pending ?? null}
        open={activation?.open ?? false}
        onFinish={onActivationFinish}
        afterClose={() => setActivation((current) => (current && !current.open ? null : current))}
      />
    </AuthLayout>
  );
}
