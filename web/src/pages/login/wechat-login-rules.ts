import type { LoginResult, WechatLoginState } from '@erp/shared';
import type { QrVerdict } from '../../ui/wechat/qr-poller.ts';

/** One login_state answer for the poller: only a confirmed answer is final. */
export function loginStateVerdict(state: WechatLoginState): QrVerdict {
  if (state.status === 'confirmed') return 'done';
  return state.status === 'expired' ? 'expired' : 'pending';
}

/** What a confirmed WeChat login does (SPEC §4, §8). */
export type ConfirmedLogin =
  /** the WeChat identity is bound to no account: 请先用账号登录后绑定微信! */
  | { kind: 'mustBind' }
  /** a session, or an inactive account with its new-password ticket: the common completion */
  | { kind: 'signIn'; result: LoginResult }
  /** nothing to sign in with: 没有返回session! */
  | { kind: 'noSession' };

export function classifyConfirmedLogin(state: WechatLoginState): ConfirmedLogin {
  if (state.status !== 'confirmed') return { kind: 'noSession' };
  if ('result' in state && state.result === null) return { kind: 'mustBind' };
  const { status: _status, ...result } = state as { status: 'confirmed' } & LoginResult;
  if (result.session) return { kind: 'signIn', result };
  if (result.active === false && result.ticket) return { kind: 'signIn', result };
  return { kind: 'noSession' };
}
