import QRCode from 'qrcode';
import { ResultCode, WECHAT_QR_TTL_SECONDS, WechatMessages, type WechatBindState, type WechatLoginState, type WechatQr } from '@erp/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict } from '../../http/app-error.ts';
import { completeSignIn } from '../auth/auth.service.ts';
import { hashSessionToken, isWellFormedToken, newSessionToken, type ClientInfo } from '../sessions/sessions.service.ts';
import { findUserById } from '../accounts/accounts.service.ts';
import { OpenWechatProvider } from './open-wechat-provider.ts';
import { DemoWechatProvider, type WechatProvider } from './wechat-provider.ts';
import * as repo from './wechat.repo.ts';

export const wechatUnavailable = () => new AppError(ResultCode.serverError, WechatMessages.unavailable, 503);
const expiredTicket = () => badRequest(WechatMessages.expired);

/** A new QR: a 128-bit sign (stored hashed) and the PNG the provider's content encodes. */
export async function createQr(db: Db, provider: WechatProvider, request: { purpose: 'login' | 'bind'; userId: number | null; origin: string }): Promise<WechatQr> {
  if (provider.name === 'none') throw wechatUnavailable();
  const sign = newSessionToken();
  await repo.insertTicket(db, { signHash: hashSessionToken(sign), purpose: request.purpose, userId: request.userId, ttlSeconds: WECHAT_QR_TTL_SECONDS });
  const img = await QRCode.toDataURL(provider.qrContent(sign, request.origin), { margin: 1, width: 240 });
  return { img, sign };
}

async function ticketOf(db: Db, sign: string) {
  if (!isWellFormedToken(sign)) return undefined;
  return repo.findTicket(db, hashSessionToken(sign));
}

/**
 * Polled every 2 s by the login page: pending, expired, or — once — confirmed: signed in like a
 * password login when the WeChat identity is bound, `result: null` when it is bound to nobody.
 */
export async function loginState(db: Db, sign: string, client: ClientInfo, config: Pick<AppConfig, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>): Promise<WechatLoginState> {
  const ticket = await ticketOf(db, sign);
  if (ticket?.purpose !== 'login' || ticket.status === 'consumed') return { status: 'expired' };
  if (ticket.status === 'pending') return ticket.expired ? { status: 'expired' } : { status: 'pending' };
  if (!(await repo.consumeTicket(db, ticket.id))) return { status: 'expired' };
  const binding = await repo.findBindingByOpenid(db, ticket.openid);
  const user = binding ? await findUserById(db, binding.user_id) : undefined;
  if (!user) return { status: 'confirmed', result: null };
  return { status: 'confirmed', ...(await completeSignIn(db, user, client, config)) };
}

/** Polled by 个人中心 while the bind QR is open; only the user who asked may read it. */
export async function bindState(db: Db, sign: string, userId: number): Promise<WechatBindState> {
  const ticket = await ticketOf(db, sign);
  if (ticket?.purpose !== 'bind' || ticket.user_id !== userId || ticket.status === 'consumed') return { status: 'expired' };
  if (ticket.status === 'pending') return ticket.expired ? { status: 'expired' } : { status: 'pending' };
  await repo.consumeTicket(db, ticket.id);
  return { status: 'bound', nickname: ticket.nickname };
}

/** Demo provider: the phone page confirms a ticket as one of the demo identities. */
export async function demoConfirm(db: Db, provider: WechatProvider, body: { sign: string; openid: string }): Promise<void> {
  if (!(provider instanceof DemoWechatProvider)) throw wechatUnavailable();
  const identity = provider.identity(body.openid);
  if (!identity) throw badRequest('未知的微信身份');
  await confirmAs(db, body.sign, identity);
}

/** Open Platform: /authresult hands over WeChat's code and our sign (the `state`). */
export async function openCallback(db: Db, provider: WechatProvider, query: { code: string; state: string }): Promise<void> {
  if (!(provider instanceof OpenWechatProvider)) throw wechatUnavailable();
  const ticket = await ticketOf(db, query.state);
  if (ticket?.status !== 'pending' || ticket.expired) throw expiredTicket();
  const identity = await provider.exchange(query.code);
  await confirmAs(db, query.state, identity);
}

/** Confirms a pending ticket as a WeChat identity; a bind ticket also binds it, in one transaction. */
async function confirmAs(db: Db, sign: string, identity: { openid: string; nickname: string }): Promise<void> {
  if (!isWellFormedToken(sign)) throw expiredTicket();
  await db.transaction().execute(async (trx) => {
    const ticket = await repo.findTicketForUpdate(trx, hashSessionToken(sign));
    if (ticket?.status !== 'pending' || ticket.expired) throw expiredTicket();
    if (ticket.purpose === 'bind') {
      const taken = await repo.findBindingByOpenid(trx, identity.openid);
      if (taken && taken.user_id !== ticket.user_id) throw conflict(WechatMessages.alreadyBoundElsewhere);
      if (!taken) {
        if (await repo.findBindingOfUser(trx, ticket.user_id!)) throw conflict('当前账号已绑定微信，请先解除绑定');
        await repo.insertBinding(trx, { userId: ticket.user_id!, openid: identity.openid, nickname: identity.nickname });
      }
    }
    await repo.confirmTicket(trx, ticket.id, { openid: identity.openid, nickname: identity.nickname });
  });
}

/** What the phone page needs to word itself. */
export async function ticketInfo(db: Db, sign: string): Promise<{ purpose: 'login' | 'bind'; status: 'pending' | 'confirmed' | 'expired' }> {
  const ticket = await ticketOf(db, sign);
  if (!ticket) return { purpose: 'login', status: 'expired' };
  if (ticket.status === 'pending') return { purpose: ticket.purpose, status: ticket.expired ? 'expired' : 'pending' };
  return { purpose: ticket.purpose, status: 'confirmed' };
}

export async function unbind(db: Db, userId: number): Promise<void> {
  if (!(await repo.deleteBindingOfUser(db, userId))) throw badRequest(WechatMessages.notBound);
}

export async function bindingOf(db: Db, userId: number): Promise<{ bound: boolean; nickname: string }> {
  const binding = await repo.findBindingOfUser(db, userId);
  return { bound: !!binding, nickname: binding?.nickname ?? '' };
}
