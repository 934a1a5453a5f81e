import { Link } from 'react-router';
import { Form, type FormInstance } from 'antd';
// Input and Password alone: antd's Input index also attaches TextArea, Search and OTP, which the sign-in form never shows
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LoginMessages } from '@erp/shared';
import { authApi, type LoginForm } from '../../api/auth.ts';
import { loginDeviceOf } from '../../auth/session.ts';
import { useLoginSubmit, type PendingActivation } from './use-complete-login.ts';

interface AccountLoginFormProps {
  /** owned by the login page, which refills the account after a forced password change */
  form: FormInstance<LoginForm>;
  onInactive: (pending: PendingActivation) => void;
}

/** 账号密码登录 tab. */
export function AccountLoginForm({ form, onInactive }: AccountLoginFormProps) {
  const { submitting, signIn } = useLoginSubmit((pending) => {
    // SPEC §4 Inactive account: the password field is cleared
    form.setFieldValue('password', '');
    onInactive(pending);
  });

  const onFinish = (values: LoginForm) => {
    const account = values.account.trim();
    const device = loginDeviceOf(account);
    return signIn(() => authApi.login({ account, password: values.password, ...(device ? { device } : {}) }));
  };

  return (
    <Form<LoginForm> form={form} name="login" size="large" autoComplete="on" onFinish={onFinish}>
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: LoginMessages.accountRequired }]}>
        <Input prefix={<UserOutlined />} placeholder="账号" autoComplete="username" data-testid="login-account" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: LoginMessages.passwordRequired }]}>
        <Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      <div className="erp-login__links" style={{ justifyContent: 'space-between' }}>
        <Link to="/register" data-testid="login-register">
          注册账号
        </Link>
        <Link to="/resetPassword" data-testid="login-forgot">
          忘记密码？
        </Link>
      </div>
      <Form.Item style={{ marginBottom: 0 }}>
        {/* a styled native button: antd's Button brings its colour and collapse helpers into the login download */}
        <button type="submit" className="erp-login__submit" disabled={submitting} aria-busy={submitting} data-testid="login-submit">
          {submitting ? <span className="erp-login__submit-spinner" aria-hidden /> : null}登 录
        </button>
      </Form.Item>
    </Form>
  );
}
