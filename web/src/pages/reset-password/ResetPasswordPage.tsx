import { useReducer } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Result, Steps } from 'antd';
import { AuthLayout } from '../../ui/auth-layout/AuthLayout.tsx';
import { NewPasswordStep } from './NewPasswordStep.tsx';
import { RESET_START, RESET_STEP_TITLES, resetReducer } from './reset-steps.ts';
import { VerifyStep } from './VerifyStep.tsx';
import './reset-password.css';

const STEP_ITEMS = RESET_STEP_TITLES.map((title) => ({ title }));

/** /resetPassword (SPEC §2 Reset password screen): verify by SMS, set a new password, done. */
export function ResetPasswordPage() {
  const [state, dispatch] = useReducer(resetReducer, RESET_START);
  const navigate = useNavigate();

  return (
    <AuthLayout wide>
      <h2 className="erp-reset__heading">找回密码</h2>
      <Steps className="erp-reset__steps" current={state.step} status={state.step === 2 ? 'finish' : 'process'} items={STEP_ITEMS} />
      {state.step === 0 ? <VerifyStep onVerified={(account, ticket) => dispatch({ type: 'verified', account, ticket })} /> : null}
      {state.step === 1 ? (
        <NewPasswordStep
          account={state.account}
          ticket={state.ticket}
          onChanged={() => dispatch({ type: 'changed' })}
          onTicketRejected={() => dispatch({ type: 'ticketRejected' })}
        />
      ) : null}
      {state.step === 2 ? (
        <Result
          status="success"
          title="密码重置成功"
          subTitle="请使用新密码登录"
          extra={
            <Button type="primary" size="large" onClick={() => navigate('/login', { replace: true })} data-testid="reset-to-login">
              去登录
            </Button>
          }
        />
      ) : (
        <div className="erp-reset__back">
          <Link to="/login" data-testid="reset-back">
            返回登录
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
