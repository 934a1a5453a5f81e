import type { DemoWechatIdentity } from '@erp/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { OpenWechatProvider } from './open-wechat-provider.ts';

/** Where a WeChat identity comes from. The real Open Platform website login plugs in here. */
export interface WechatProvider {
  readonly name: AppConfig['wechatProvider'];
  /** What the QR code encodes for a ticket. */
  qrContent(sign: string, origin: string): string;
}

/** 演示用微信身份：陈立华、王晓燕已在演示数据中绑定账号，访客未绑定。 */
export const DEMO_WECHAT_IDENTITIES: readonly DemoWechatIdentity[] = [
  { openid: 'demo-wx-agent01', nickname: '陈立华' },
  { openid: 'demo-wx-shop01', nickname: '王晓燕' },
  { openid: 'demo-wx-guest', nickname: '访客小李' },
  { openid: 'demo-wx-guest2', nickname: '访客小周' },
];

/** Demo: the QR opens a page of this app where a phone confirms as one of the demo identities. */
export class DemoWechatProvider implements WechatProvider {
  readonly name = 'demo' as const;
  qrContent(sign: string, origin: string): string {
    return `${origin}/wechat/confirm?sign=${encodeURIComponent(sign)}`;
  }
  identity(openid: string): DemoWechatIdentity | undefined {
    return DEMO_WECHAT_IDENTITIES.find((i) => i.openid === openid);
  }
}

export class NoWechatProvider implements WechatProvider {
  readonly name = 'none' as const;
  qrContent(): string {
    throw new Error('WeChat sign-in is not configured');
  }
}

export function createWechatProvider(config: Pick<AppConfig, 'wechatProvider' | 'wechatOpen'>, log: FastifyBaseLogger): WechatProvider {
  if (config.wechatProvider === 'demo') return new DemoWechatProvider();
  if (config.wechatProvider === 'open' && config.wechatOpen) return new OpenWechatProvider(config.wechatOpen, log);
  return new NoWechatProvider();
}
