import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { badRequest } from '../../http/app-error.ts';
import type { WechatProvider } from './wechat-provider.ts';

export interface WechatIdentity {
  openid: string;
  unionid: string;
  nickname: string;
}

const authFailed = () => badRequest('微信授权失败，请重新扫码');

/**
 * WeChat Open Platform website login: the QR carries the authorize URL; after the scan WeChat
 * sends the phone to /authresult with `code` and `state` (our sign), and the code is exchanged
 * here for the openid (and unionid, nickname).
 */
export class OpenWechatProvider implements WechatProvider {
  readonly name = 'open' as const;

  constructor(
    private readonly config: NonNullable<AppConfig['wechatOpen']>,
    private readonly log: FastifyBaseLogger,
  ) {}

  qrContent(sign: string, origin: string): string {
    const query = new URLSearchParams({
      appid: this.config.appId,
      redirect_uri: `${origin}/authresult`,
      response_type: 'code',
      scope: 'snsapi_login',
      state: sign,
    });
    return `${this.config.authorizeUrl}?${query.toString()}#wechat_redirect`;
  }

  async exchange(code: string): Promise<WechatIdentity> {
    const token = await this.get<{ access_token?: string; openid?: string; unionid?: string }>('/sns/oauth2/access_token', {
      appid: this.config.appId,
      secret: this.config.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    if (!token.access_token || !token.openid) throw authFailed();
    const profile = await this.get<{ nickname?: string; unionid?: string }>('/sns/userinfo', {
      access_token: token.access_token,
      openid: token.openid,
    }).catch(() => ({}) as { nickname?: string; unionid?: string });
    return { openid: token.openid, unionid: token.unionid ?? profile.unionid ?? '', nickname: profile.nickname ?? '' };
  }

  private async get<T>(path: string, query: Record<string, string>): Promise<T> {
    let body: T & { errcode?: number; errmsg?: string };
    try {
      const res = await fetch(`${this.config.apiBase.replace(/\/+$/, '')}${path}?${new URLSearchParams(query)}`, {
        signal: AbortSignal.timeout(10_000),
      });
      body = (await res.json()) as typeof body;
    } catch (err) {
      this.log.error({ err, path }, 'wechat api request failed');
      throw authFailed();
    }
    if (body.errcode) {
      this.log.warn({ wechat: { path, errcode: body.errcode, errmsg: body.errmsg } }, 'wechat api refused');
      throw authFailed();
    }
    return body;
  }
}
