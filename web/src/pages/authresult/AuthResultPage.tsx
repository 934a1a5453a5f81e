import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Result, Spin } from 'antd';
import { Messages } from '@erp/shared';
import { ApiError } from '../../api/request.ts';
import { wechatApi } from '../../api/wechat.ts';
import '../../ui/wechat/wechat-confirm.css';

type Outcome = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; msg: string };

/**
 * /authresult?code=&state=: where WeChat (Open Platform website login) sends the phone after the
 * scan. Hands code and state to the server, which confirms the QR the computer is polling.
 */
export function AuthResultPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(() =>
    code && state ? { kind: 'working' } : { kind: 'failed', msg: '授权未完成：缺少微信返回的参数，请在电脑上刷新二维码后重新扫描' },
  );
  const sent = useRef(false);

  useEffect(() => {
    // a code works once: never send it twice (React may run effects twice in development)
    if (!code || !state || sent.current) return;
    sent.current = true;
    // error-once: openCallback never toasts (api/wechat.ts); the page says why itself
    wechatApi
      .openCallback(code, state)
      .then(() => setOutcome({ kind: 'done' }))
      .catch((error: unknown) => setOutcome({ kind: 'failed', msg: error instanceof ApiError ? error.msg : Messages.systemError }));
  }, [code, state]);

  return (
    <div className="erp-wechat-confirm">
      <Card variant="borderless" className="erp-wechat-confirm__card">
        {outcome.kind === 'working' ? (
          <Spin description="正在确认微信授权…">
            <div style={{ height: 160 }} />
          </Spin>
        ) : outcome.kind === 'done' ? (
          <Result status="success" title="已确认，请回到电脑上继续" data-testid="authresult-done" />
        ) : (
          <Result status="warning" title="微信授权失败" subTitle={outcome.msg} data-testid="authresult-failed" />
        )}
      </Card>
    </div>
  );
}
