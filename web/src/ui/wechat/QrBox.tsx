import type { ReactNode } from 'react';
import './wechat.css';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { QrSnapshot } from './qr-poller.ts';

/**
 * A WeChat QR with its hint and a 刷新二维码 button: a spinner while loading, the server's
 * message when no QR could be had, and `notice` (e.g. a warning) over a finished QR.
 */
export function QrBox<S>({ snapshot, refresh, hint, qrTestId, notice }: { snapshot: QrSnapshot<S>; refresh: () => void; hint: string; qrTestId: string; notice?: ReactNode }) {
  const { phase, qr, error } = snapshot;
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '8px 0' }}>
      <div className="erp-wechat-qr">
        {phase === 'failed' ? (
          <Alert type="error" showIcon title={error} />
        ) : qr && phase !== 'loading' ? (
          <img src={qr.img} alt="微信二维码" width={200} height={200} data-testid={qrTestId} style={{ opacity: phase === 'done' ? 0.25 : 1, display: 'block' }} />
        ) : (
          <Spin />
        )}
      </div>
      {notice}
      <Typography.Text type="secondary">{hint}</Typography.Text>
      <Button icon={<ReloadOutlined />} onClick={refresh} disabled={phase === 'loading'} data-testid="wechat-refresh">
        刷新二维码
      </Button>
    </Flex>
  );
}
