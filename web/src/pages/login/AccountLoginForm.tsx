import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LoginMessages, Messages } from '@erp/shared';
import { authApi, type LoginForm } from '../../api/auth.ts';
import { ApiError } from '../../api/request.ts';
import { useCompleteLogin } from './use-complete-login.ts';
import { toast } from '../../ui/feedback.ts';

/** 账号密码登录 tab. */
export function AccountLoginForm() {
  const completeLogin = useCompleteLogin();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (form: LoginForm) => {
    setSubmitting(true);
    try {
      const result = await authApi.login({ account: form.account.trim(), password: form.password });
      completeLogin(result);
    } catch (error) {
      const msg = error instanceof ApiError ? error.msg : Messages.systemError;
      toast().error(Messages.loginFailedPrefix + msg);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<LoginForm> name="login" size="large" autoComplete="on" onFinish={onFinish}>
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: LoginMessages.accountRequired }]}>
        <Input
          prefix={<UserOutlined />}
          placeholder="账号"
          autoComplete="username"
          data-testid="login-account"
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: LoginMessages.passwordRequired }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="密码"
          autoComplete="current-password"
          data-testid="login-password"
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
          登 录
        </Button>
      </Form.Item>
    </Form>
  );
}
