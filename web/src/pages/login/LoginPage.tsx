import { useCallback, useState } from 'react';
import { Form, Tabs, type TabsProps } from 'antd';
import type { LoginForm } from '../../api/auth.ts';
import { AccountLoginForm } from './AccountLoginForm.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { NewPasswordDialog, type ActivationOutcome } from './NewPasswordDialog.tsx';
import { SmsLoginForm } from './SmsLoginForm.tsx';
import type { PendingActivation } from './use-complete-login.ts';

/** Login tabs (SPEC §2); the WeChat tab joins them later. */
type LoginTab = 'account' | 'sms';

interface Activation {
  pending: PendingActivation;
  open: boolean;
}

export function LoginPage() {
  const [accountForm] = Form.useForm<LoginForm>();
  const [tab, setTab] = useState<LoginTab>('account');
  const [activation, setActivation] = useState<Activation | null>(null);

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

  const items: TabsProps['items'] = [
    { key: 'account', label: '账号密码登录', children: <AccountLoginForm form={accountForm} onInactive={onInactive} /> },
    { key: 'sms', label: '手机号登录', children: <SmsLoginForm onInactive={onInactive} /> },
  ];

  return (
    <AuthLayout>
      <Tabs centered activeKey={tab} onChange={(key) => setTab(key as LoginTab)} items={items} />
      <NewPasswordDialog
        pending={activation?.pending ?? null}
        open={activation?.open ?? false}
        onFinish={onActivationFinish}
        afterClose={() => setActivation((current) => (current && !current.open ? null : current))}
      />
    </AuthLayout>
  );
}
