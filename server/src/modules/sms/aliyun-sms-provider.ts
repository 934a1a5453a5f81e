import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ResultCode } from '@erp/shared';
import { AppError } from '../../http/app-error.ts';
import type { SmsMessage, SmsProvider } from './sms-provider.ts';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** https://dysmsapi.aliyuncs.com/ in production; a local fake in tests */
  endpoint: string;
}

/** POP percent-encoding: RFC 3986 unreserved characters stay, everything else is %XX (space as %20). */
export function popEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Signature version 1.0 of Alibaba Cloud RPC APIs: HMAC-SHA1 over the sorted, encoded query. */
export function signAliyunQuery(params: Record<string, string>, accessKeySecret: string, method = 'GET') {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${popEncode(key)}=${popEncode(params[key]!)}`)
    .join('&');
  const stringToSign = `${method}&${popEncode('/')}&${popEncode(canonical)}`;
  const signature = createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
  return { canonical, signature };
}

/** Aliyun SMS (dysmsapi SendSms) with a verification-code template taking `${code}`. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun' as const;
  readonly canSend = true;

  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.phone,
      RegionId: 'cn-hangzhou',
      SignName: this.config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.config.templateCode,
      TemplateParam: JSON.stringify({ code: message.code }),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const { canonical, signature } = signAliyunQuery(params, this.config.accessKeySecret);
    const url = `${this.config.endpoint.replace(/\/+$/, '')}/?Signature=${popEncode(signature)}&${canonical}`;
    let answer: { Code?: string; Message?: string; RequestId?: string } = {};
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      answer = (await res.json()) as typeof answer;
    } catch (err) {
      this.log.error({ err }, 'aliyun sms request failed');
      throw smsSendFailed();
    }
    if (answer.Code !== 'OK') {
      // never log the code itself; the carrier's code and request id are enough to trace it
      this.log.error({ aliyun: { code: answer.Code, message: answer.Message, requestId: answer.RequestId } }, 'aliyun sms refused');
      throw smsSendFailed();
    }
  }
}

const smsSendFailed = () => new AppError(ResultCode.serverError, '短信发送失败，请稍后再试', 502);
