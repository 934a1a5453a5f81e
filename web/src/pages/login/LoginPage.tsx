import { lazy, Suspense, useCallback, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Form } from 'antd';
import { useSysBasicInfo } from '../../api/queries.ts';
import { BootLoading } from '../../ui/BootLoading.tsx';
import type { LoginForm } from '../../api/auth.ts';
import { AccountLoginForm } from './AccountLoginForm.tsx';
import { AuthLayout } from '../../ui/auth-layout/AuthLayout.tsx';
import type { ActivationOutcome } from './NewPasswordDialog.tsx';
import type { PendingActivation } from './use-complete-login.ts';

/** Login tabs (SPEC §2): account, WeChat QR scan, SMS; the server says which of the last two work. */
type LoginTab = 'account' | 'wechat' | 'sms';

// the QR tab, the SMS tab and the new-password dialog are chunks of their own, loaded when first
// shown: the login entry stays small (scripts/measure-bundle.mjs)
const WechatLoginPanel = lazy(async () => ({ default: (await import('./WechatLoginPanel.tsx')).WechatLoginPanel }));
const SmsLoginForm = lazy(async () => ({ default: (await import('./SmsLoginForm.tsx')).SmsLoginForm }));
const NewPasswordDialog = lazy(async () => ({ default: (await import('./NewPasswordDialog.tsx')).NewPasswordDialog }));

const loading = <BootLoading />;

interface LoginTabItem {
  key: LoginTab;
  label: string;
  children: ReactNode;
}

/**
 * The sign-in methods as an ARIA tab strip (arrow keys move between them). Like antd's Tabs, a
 * panel is mounted when first shown and then kept (hidden), so typed values and a running SMS
 * countdown survive a switch.
 */
function LoginTabs({ items, active, onChange }: { items: LoginTabItem[]; active: LoginTab; onChange: (key: LoginTab) => void }) {
  const [visited, setVisited] = useState<ReadonlySet<LoginTab>>(() => new Set([active]));
  if (!visited.has(active)) setVisited(new Set([...visited, active]));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = items.findIndex((item) => item.key === active);
    const next = items[(index + step + items.length) % items.length]!;
    onChange(next.key);
    document.getElementById(`login-tab-${next.key}`)?.focus();
  };
  return (
    <>
      <div className="erp-login__tabs" role="tablist" aria-label="登录方式" onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.key}
            id={`login-tab-${item.key}`}
            type="button"
            role="tab"
            className="erp-login__tab"
            aria-selected={item.key === active}
            aria-controls={`login-panel-${item.key}`}
            tabIndex={item.key === active ? 0 : -1}
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) =>
        visited.has(item.key) ? (
          <div key={item.key} id={`login-panel-${item.key}`} role="tabpanel" aria-labelledby={`login-tab-${item.key}`} hidden={item.key !== active}>
            {item.children}
          </div>
        ) : null,
      )}
    </>
  );
}

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

  const items: LoginTabItem[] = [{ key: 'account', label: '账号密码登录', children: <AccountLoginForm form={accountForm} onInactive={onInactive} /> }];
  if (methods?.wechat) {
    items.push({
      key: 'wechat',
      label: '微信扫码登录',
      // mounted only while active: leaving the tab stops the polls, coming back gets a new QR
      children:
        tab === 'wechat' ? (
          <Suspense fallback={loading}>
            <WechatLoginPanel onInactive={onInactive} />
          </Suspense>
        ) : null,
    });
  }
  if (methods?.sms) {
    items.push({
      key: 'sms',
      label: '手机号登录',
      children: (
        <Suspense fallback={loading}>
          <SmsLoginForm onInactive={onInactive} />
        </Suspense>
      ),
    });
  }
  const activeTab = items.some((item) => item.key === tab) ? tab : 'account';

  return (
    <AuthLayout>
      <LoginTabs items={items} active={activeTab} onChange={setTab} />
      {activation ? (
        <Suspense fallback={null}>
          <NewPasswordDialog
            pending={activation.pending}
            open={activation.open}
            onFinish={onActivationFinish}
            afterClose={() => setActivation((current) => (current && !current.open ? null : current))}
          />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}
