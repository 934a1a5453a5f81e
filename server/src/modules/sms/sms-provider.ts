import type { FastifyBaseLogger } from 'fastify';
import type { SmsPurpose } from '@erp/shared';
import type { AppConfig } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { ResultCode } from '@erp/shared';
import { AliyunSmsProvider } from './aliyun-sms-provider.ts';

export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  code: string;
  text: string;
  sentAt: string;
}

/** Where codes go. Real carriers (Aliyun, Tencent Cloud) plug in here. */
export interface SmsProvider {
  readonly name: AppConfig['smsProvider'];
  /** false refuses every send before anything is recorded, known phone or not. */
  readonly canSend: boolean;
  send(message: SmsMessage): Promise<void>;
}

export const smsUnavailable = () => new AppError(ResultCode.serverError, '短信服务未配置，请联系管理员', 503);

const OUTBOX_LIMIT = 500;

/** Demo and development: each code goes to the server log and an in-memory outbox. */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log' as const;
  readonly canSend = true;
  private readonly outbox: SmsMessage[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: SmsMessage): Promise<void> {
    this.outbox.push(message);
    if (this.outbox.length > OUTBOX_LIMIT) this.outbox.shift();
    // warn, so the demo's codes reach the console at the default LOG_LEVEL (demo only, never a real SMS)
    this.log.warn({ sms: { phone: message.phone, purpose: message.purpose, code: message.code } }, 'sms (log provider)');
  }

  /** Oldest first, newest last. */
  messagesTo(phone: string): SmsMessage[] {
    return this.outbox.filter((m) => m.phone === phone);
  }
}

export class NoSmsProvider implements SmsProvider {
  readonly name = 'none' as const;
  readonly canSend = false;
  async send(): Promise<void> {
    throw smsUnavailable();
  }
}

export function createSmsProvider(config: Pick<AppConfig, 'smsProvider' | 'aliyunSms'>, log: FastifyBaseLogger): SmsProvider {
  if (config.smsProvider === 'log') return new LogSmsProvider(log);
  if (config.smsProvider === 'aliyun' && config.aliyunSms) return new AliyunSmsProvider(config.aliyunSms, log);
  return new NoSmsProvider();
}

const PURPOSE_TEXT: Record<SmsPurpose, string> = { login: '登录', reset: '找回密码', register: '注册', phone: '更换手机号' };

export function smsText(purpose: SmsPurpose, code: string): string {
  return `【衣尚服饰】您的${PURPOSE_TEXT[purpose]}验证码为 ${code}，5 分钟内有效，请勿泄露给他人。`;
}
