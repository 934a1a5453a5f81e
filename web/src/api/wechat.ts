import type { DemoWechatIdentity, WechatBindState, WechatLoginState, WechatQr } from '@erp/shared';
import { http } from './request.ts';

/** Ticket of the demo WeChat provider, as the phone page sees it. */
export interface DemoWechatTicket {
  purpose: 'login' | 'bind';
  status: 'pending' | 'confirmed' | 'expired';
}

/**
 * WeChat QR sign-in and binding (SPEC §4 WeChat login). The QR and state polls show their
 * own feedback (toast: false): a poll every 2 s must not stack toasts.
 */
export const wechatApi = {
  loginQr: () => http.get<WechatQr>('/auth/wechat/login_qr', undefined, { toast: false }),
  loginState: (sign: string) => http.get<WechatLoginState>('/auth/wechat/login_state', { sign }, { toast: false }),
  bindQr: () => http.get<WechatQr>('/admin/api/v1/users/wechat/bind_qr', undefined, { toast: false }),
  bindState: (sign: string) => http.get<WechatBindState>('/admin/api/v1/users/wechat/bind_state', { sign }, { toast: false }),
  unbind: () => http.get<null>('/admin/api/v1/users/unbindAccount'),
  /** /authresult: WeChat Open Platform sends the phone back with code and state (our sign) */
  openCallback: (code: string, state: string) => http.get<null>('/auth/wechat/callback', { code, state }, { toast: false }),
};

/** The demo provider's phone-side page (/wechat/confirm): public calls. */
export const demoWechatApi = {
  ticket: (sign: string) => http.get<DemoWechatTicket>('/auth/wechat/demo/ticket', { sign }, { toast: false }),
  identities: () => http.get<DemoWechatIdentity[]>('/auth/wechat/demo/identities'),
  confirm: (sign: string, openid: string) => http.post<null>('/auth/wechat/demo/confirm', { sign, openid }),
};
