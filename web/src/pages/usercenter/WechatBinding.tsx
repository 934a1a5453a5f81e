import { useState } from 'react';
import { Button, Modal, Popconfirm, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { WechatMessages, type WechatBindState } from '@erp/shared';
import { queryKeys } from '../../api/auth.ts';
import { useUserInfo } from '../../api/queries.ts';
import { ApiError } from '../../api/request.ts';
import { wechatApi } from '../../api/wechat.ts';
import { toast } from '../../api/feedback.ts';
import { QrBox } from '../../ui/wechat/QrBox.tsx';
import type { QrVerdict } from '../../ui/wechat/qr-poller.ts';
import { useQrPoller } from '../../ui/wechat/use-qr-poller.ts';

const bindVerdict = (state: WechatBindState): QrVerdict => (state.status === 'bound' ? 'done' : state.status === 'expired' ? 'expired' : 'pending');

const describeError = (error: unknown) => (error instanceof ApiError && error.kind === 'business' ? error.msg : WechatMessages.unavailable);

/** The bind QR: mounted only while the dialog is open, polls bind_state every 2 s. */
function BindQr({ onBound }: { onBound: () => void }) {
  const { snapshot, refresh } = useQrPoller<WechatBindState>({
    fetchQr: wechatApi.bindQr,
    fetchState: wechatApi.bindState,
    verdict: bindVerdict,
    describeError,
    onDone: onBound,
  });
  return <QrBox snapshot={snapshot} refresh={refresh} hint="请使用微信扫描二维码完成绑定" qrTestId="wechat-bind-qr" />;
}

/** 微信绑定 row of 账号安全: the status, 绑定微信 (QR dialog) and 解除绑定. */
export function useWechatBindingRow() {
  const client = useQueryClient();
  const { data: user } = useUserInfo();
  const [open, setOpen] = useState(false);
  const bound = user?.wechat?.bound ?? false;
  const refetchUser = () => client.invalidateQueries({ queryKey: queryKeys.userInfo });

  const onBound = () => {
    toast().success(WechatMessages.bound);
    setOpen(false);
    void refetchUser();
  };

  const unbind = async () => {
    try {
      await wechatApi.unbind();
      toast().success(WechatMessages.unbound);
      await refetchUser();
    } catch {
      // the request client has shown the server's message
    }
  };

  const description = <span data-testid="wechat-status">{bound ? `已绑定（${user?.wechat.nickname ?? ''}）` : '未绑定'}</span>;
  const action = (
    <Space>
      {bound ? (
        <Popconfirm title="确定解除微信绑定吗？" okText="解除绑定" cancelText="取消" onConfirm={unbind}>
          <Button danger data-testid="wechat-unbind">
            解除绑定
          </Button>
        </Popconfirm>
      ) : (
        <Button onClick={() => setOpen(true)} disabled={!user} data-testid="wechat-bind">
          绑定微信
        </Button>
      )}
      <Modal title="绑定微信" open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden width={360} data-testid="wechat-bind-dialog">
        {open ? <BindQr onBound={onBound} /> : null}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0, textAlign: 'center' }}>
          绑定后可以在登录页用微信扫码登录
        </Typography.Paragraph>
      </Modal>
    </Space>
  );
  return { key: 'wechat', title: '微信绑定', description, action };
}
