import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Result, Typography } from 'antd';
import { AuthLayout } from '../../ui/auth-layout/AuthLayout.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import './register.css';

/** /register: an application for an account; 总部 approves it before the account can sign in. */
export function RegisterPage() {
  const [submitted, setSubmitted] = useState<string | null>(null);
  const navigate = useNavigate();

  return (
    <AuthLayout wide>
      {submitted === null ? (
        <>
          <h2 className="erp-register__heading">注册账号</h2>
          <RegisterForm onSubmitted={setSubmitted} />
          <div className="erp-register__back">
            已有账号？
            <Link to="/login" data-testid="register-login">
              去登录
            </Link>
          </div>
        </>
      ) : (
        <Result
          status="success"
          title="注册申请已提交"
          subTitle={
            <>
              总部审核通过后即可用账号 <Typography.Text strong>{submitted}</Typography.Text> 登录
            </>
          }
          extra={
            <Button type="primary" size="large" onClick={() => navigate('/login', { replace: true })} data-testid="register-done-login">
              返回登录
            </Button>
          }
        />
      )}
    </AuthLayout>
  );
}
