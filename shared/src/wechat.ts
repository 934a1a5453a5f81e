import type { LoginResult } from './api-types.ts';

/** WeChat QR sign-in and binding (SPEC §4 WeChat login, §8). */
export const WECHAT_QR_TTL_SECONDS = 300;

export const WechatMessages = {
  noSession: '没有返回session!',
  mustBind: '请先用账号登录后绑定微信!',
  expired: '二维码已过期，已为您刷新',
  unavailable: '微信登录未配置，请联系管理员',
  alreadyBoundElsewhere: '该微信已绑定其他账号',
  bound: '微信绑定成功',
  unbound: '已解除微信绑定',
  notBound: '当前账号未绑定微信',
} as const;

/** `GET /auth/wechat/login_state?sign=` answers one of these. */
export type WechatLoginState =
  | { status: 'pending' }
  | { status: 'expired' }
  /** confirmed and bound: signed in exactly like a password login (an inactive account gets a ticket, no session) */
  | ({ status: 'confirmed' } & LoginResult)
  /** confirmed, but the WeChat identity is bound to no account */
  | { status: 'confirmed'; result: null };

/** `GET /admin/api/v1/users/wechat/bind_state?sign=` answers one of these. */
export type WechatBindState = { status: 'pending' } | { status: 'expired' } | { status: 'bound'; nickname: string };

export interface WechatQr {
  /** data:image/png;base64,… */
  img: string;
  sign: string;
}

/** The demo provider's WeChat identities a phone-sized page can confirm as. */
export interface DemoWechatIdentity {
  openid: string;
  nickname: string;
}
