import { DEFAULT_API_PREFIX } from '@erp/shared';

export interface AppConfig {
  port: number;
  host: string;
  apiPrefix: string;
  /** Data directory of the embedded PostgreSQL (PGlite); ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | null;
  demoData: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  adminPassword: string | null;
  /** Directory of the built web app to serve; null serves the API only. */
  webDir: string | null;
  logLevel: string;
  /** `log` writes codes to the log and a dev outbox (demo only); `aliyun` sends real SMS; `none` refuses to send. */
  smsProvider: 'log' | 'aliyun' | 'none';
  aliyunSms: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; endpoint: string } | null;
  smsDailyPerPhone: number;
  smsDailyPerAddress: number;
  /** `demo`: the QR opens a confirm page of this app (demo only); `open`: WeChat Open Platform website login; `none`: off. */
  wechatProvider: 'demo' | 'open' | 'none';
  wechatOpen: { appId: string; appSecret: string; apiBase: string; authorizeUrl: string } | null;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function boolFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/** '/api', 'api/' and ' /api ' all mean '/api'. The API always lives under a prefix, apart from the web app. */
export function normalisePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  if (!/^\/?[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(trimmed)) {
    throw new Error(`API_PREFIX must be a path such as /api, got "${prefix}"`);
  }
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function aliyunSmsFromEnv(env: NodeJS.ProcessEnv): NonNullable<AppConfig['aliyunSms']> {
  const names = ['ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'] as const;
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length) throw new Error(`SMS_PROVIDER=aliyun needs ${missing.join(', ')}`);
  return {
    accessKeyId: env.ALIYUN_ACCESS_KEY_ID!.trim(),
    accessKeySecret: env.ALIYUN_ACCESS_KEY_SECRET!.trim(),
    signName: env.ALIYUN_SMS_SIGN_NAME!.trim(),
    templateCode: env.ALIYUN_SMS_TEMPLATE_CODE!.trim(),
    endpoint: env.ALIYUN_SMS_ENDPOINT?.trim() || 'https://dysmsapi.aliyuncs.com',
  };
}

function wechatOpenFromEnv(env: NodeJS.ProcessEnv): NonNullable<AppConfig['wechatOpen']> {
  const missing = (['WECHAT_APP_ID', 'WECHAT_APP_SECRET'] as const).filter((name) => !env[name]?.trim());
  if (missing.length) throw new Error(`WECHAT_PROVIDER=open needs ${missing.join(', ')}`);
  return {
    appId: env.WECHAT_APP_ID!.trim(),
    appSecret: env.WECHAT_APP_SECRET!.trim(),
    apiBase: env.WECHAT_API_BASE?.trim() || 'https://api.weixin.qq.com',
    authorizeUrl: env.WECHAT_AUTHORIZE_URL?.trim() || 'https://open.weixin.qq.com/connect/qrconnect',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: Partial<AppConfig> = {}): AppConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const demoData = boolFromEnv(env, 'DEMO_DATA', databaseUrl === null);
  const smsProvider = (env.SMS_PROVIDER?.trim() || (demoData ? 'log' : 'none')) as AppConfig['smsProvider'];
  if (smsProvider !== 'log' && smsProvider !== 'aliyun' && smsProvider !== 'none') {
    throw new Error(`SMS_PROVIDER must be log, aliyun or none, got "${smsProvider}"`);
  }
  const aliyunSms = smsProvider === 'aliyun' ? aliyunSmsFromEnv(env) : null;
  // 日志短信只用于演示：它把验证码写进日志和开发发件箱
  if (smsProvider === 'log' && !demoData) {
    throw new Error('SMS_PROVIDER=log writes codes to the log and is only allowed with DEMO_DATA on');
  }
  const wechatProvider = (env.WECHAT_PROVIDER?.trim() || (demoData ? 'demo' : 'none')) as AppConfig['wechatProvider'];
  if (wechatProvider !== 'demo' && wechatProvider !== 'open' && wechatProvider !== 'none') {
    throw new Error(`WECHAT_PROVIDER must be demo, open or none, got "${wechatProvider}"`);
  }
  const wechatOpen = wechatProvider === 'open' ? wechatOpenFromEnv(env) : null;
  if (wechatProvider === 'demo' && !demoData) {
    throw new Error('WECHAT_PROVIDER=demo lets anyone confirm as a demo identity and is only allowed with DEMO_DATA on');
  }
  return {
    port: intFromEnv(env, 'PORT', 8080),
    host: env.HOST?.trim() || '0.0.0.0',
    apiPrefix: normalisePrefix(env.API_PREFIX ?? DEFAULT_API_PREFIX),
    dataDir: env.DATA_DIR?.trim() || './data',
    databaseUrl,
    // 内置数据库默认加载演示数据；连接真实 PostgreSQL 时默认不加载
    demoData,
    sessionIdleMinutes: intFromEnv(env, 'SESSION_IDLE_MINUTES', 120),
    sessionAbsoluteHours: intFromEnv(env, 'SESSION_ABSOLUTE_HOURS', 24),
    adminPassword: env.ADMIN_PASSWORD || null,
    webDir: defaults.webDir ?? null,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    smsProvider,
    aliyunSms,
    smsDailyPerPhone: intFromEnv(env, 'SMS_DAILY_PER_PHONE', 10),
    smsDailyPerAddress: intFromEnv(env, 'SMS_DAILY_PER_ADDRESS', 50),
    wechatProvider,
    wechatOpen,
  };
}
