import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Avatar, Button, Card, Flex, Radio, Result, Spin, Typography } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { demoWechatApi } from '../../api/wechat.ts';
import { ApiError } from '../../api/request.ts';
import '../../ui/wechat/wechat-confirm.css';

const INVALID = '二维码已失效，请在电脑上刷新后重新扫描';

/**
 * /wechat/confirm?sign=: the demo WeChat provider's page, opened on a phone from the QR.
 * Public: it needs no session. The user picks a WeChat identity and confirms the login or
 * the binding; the computer's polls then see it.
 */
export function WechatConfirmPage() {
  const [params] = useSearchParams();
  const sign = params.get('sign') ?? '';
  const [openid, setOpenid] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [confirmed, setConfirmed] = useState(false);

  const ticket = useQuery({
    queryKey: ['wechat-demo', 'ticket', sign],
    queryFn: () => demoWechatApi.ticket(sign),
    enabled: sign !== '',
  });
  const identities = useQuery({
    queryKey: ['wechat-demo', 'identities'],
    queryFn: demoWechatApi.identities,
    staleTime: Infinity,
  });

  useEffect(() => {
    document.title = '微信授权确认';
  }, []);

  const confirm = async () => {
    if (!openid) return;
    setConfirming(true);
    try {
      await demoWechatApi.confirm(sign, openid);
      setConfirmed(true);
    } catch {
      // the request client has shown the server's message; a dead ticket shows the warning page
      await ticket.refetch();
    } finally {
      setConfirming(false);
    }
  };

  const purpose = ticket.data?.purpose ?? 'login';
  const action = purpose === 'bind' ? '绑定' : '登录';
  let body: ReactNode;
  if (confirmed) {
    body = <Result status="success" title="已确认，请回到电脑上继续" data-testid="wechat-confirmed" />;
  } else if (!sign || ticket.isError || (ticket.data && ticket.data.status !== 'pending')) {
    const reason = ticket.error instanceof ApiError && ticket.error.kind === 'business' ? ticket.error.msg : undefined;
    body = <Result status="warning" title={INVALID} subTitle={reason} data-testid="wechat-invalid" />;
  } else if (ticket.isPending || identities.isPending) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  } else {
    body = (
      <>
        <Typography.Paragraph style={{ textAlign: 'center' }}>衣尚服饰 ERP 请求使用你的微信身份{action}</Typography.Paragraph>
        <Typography.Text type="secondary">选择微信身份</Typography.Text>
        <Radio.Group
          vertical
          value={openid}
          onChange={(event) => setOpenid(event.target.value as string)}
          className="erp-wechat-confirm__identities"
          options={(identities.data ?? []).map((identity) => ({
            value: identity.openid,
            label: (
              <Flex align="center" gap={8} data-testid={`wechat-identity-${identity.openid}`}>
                <Avatar size="small" style={{ background: '#07c160' }}>
                  {identity.nickname.slice(0, 1)}
                </Avatar>
                {identity.nickname}
              </Flex>
            ),
          }))}
        />
        <Button
          type="primary"
          size="large"
          block
          disabled={!openid}
          loading={confirming}
          onClick={confirm}
          style={{ background: openid ? '#07c160' : undefined }}
          data-testid="wechat-confirm"
        >
          确认{action}
        </Button>
      </>
    );
  }

  return (
    <div className="erp-wechat-confirm">
      <Card variant="borderless" className="erp-wechat-confirm__card">
        <Flex vertical align="center" gap={4} style={{ marginBottom: 16 }}>
          <WechatOutlined style={{ fontSize: 40, color: '#07c160' }} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            微信授权确认
          </Typography.Title>
        </Flex>
        {body}
      </Card>
    </div>
  );
}
