import { useState } from 'react';
import { Alert } from 'antd';
import { WechatMessages, type WechatLoginState } from '@erp/shared';
import { wechatApi } from '../../api/wechat.ts';
import { ApiError } from '../../api/request.ts';
import { toast } from '../../api/feedback.ts';
import { QrBox } from '../../ui/wechat/QrBox.tsx';
import { useQrPoller } from '../../ui/wechat/use-qr-poller.ts';
import { useCompleteLogin, type PendingActivation } from './use-complete-login.ts';
import { classifyConfirmedLogin, loginStateVerdict } from './wechat-login-rules.ts';

const describeError = (error: unknown) => (error instanceof ApiError && error.kind === 'business' ? error.msg : WechatMessages.unavailable);

/**
 * 微信扫码登录 tab (SPEC §2, §4 WeChat login): mounted only while the tab is active; polls
 * login_state every 2 s and signs in the way the other tabs do.
 */
export function WechatLoginPanel({ onInactive }: { onInactive: (pending: PendingActivation) => void }) {
  const completeLogin = useCompleteLogin(onInactive);
  const [mustBind, setMustBind] = useState(false);
  const { snapshot, refresh } = useQrPoller<WechatLoginState>({
    fetchQr: () => {
      setMustBind(false);
      return wechatApi.loginQr();
    },
    fetchState: wechatApi.loginState,
    verdict: loginStateVerdict,
    describeError,
    onDone: (state) => {
      const outcome = classifyConfirmedLogin(state);
      if (outcome.kind === 'mustBind') {
        setMustBind(true);
        toast().warning(WechatMessages.mustBind);
      } else if (outcome.kind === 'signIn') completeLogin(outcome.result);
      else toast().error(WechatMessages.noSession);
    },
  });

  return (
    <QrBox
      snapshot={snapshot}
      refresh={refresh}
      hint="请使用微信扫描二维码登录"
      qrTestId="wechat-qr"
      notice={mustBind && snapshot.phase === 'done' ? <Alert type="warning" showIcon title={WechatMessages.mustBind} data-testid="wechat-must-bind" /> : null}
    />
  );
}
