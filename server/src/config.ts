import { join } from 'node:path';
import { DEFAULT_API_PREFIX } from '@erp/shared';

export interface AppConfig {
  port: number;
  host: string;
  apiPrefix: string;
  /** Data directory of the embedded PostgreSQL (PGlite); ignored when databaseUrl is set. */
  dataDir: string;
  /** Uploaded files (outside the web root): UPLOAD_DIR, default DATA_DIR/uploads. */
  uploadDir: string;
  databaseUrl: string | null;
  /** REPORT_DATABASE_URL: a read replica of DATABASE_URL for the heavy read-only reports; null reads them from the primary. */
  reportDatabaseUrl: string | null;
  /** DB_CONNECT_TIMEOUT_MS: how long a request waits for a database connection before answering 503. */
  dbConnectTimeoutMs: number;
  /** DB_STATEMENT_TIMEOUT_MS: PostgreSQL statement_timeout (0: none); below the web's 600 s request timeout. */
  dbStatementTimeoutMs: number;
  demoData: boolean;
  sessionIdleMinutes: number;
  /** how long a checked session is trusted before a change made by another process must be seen (0: read every request) */
  sessionCacheMs: number;
  sessionAbsoluteHours: number;
  adminPassword: string | null;
  /** Directory of the built web app to serve; null serves the API only. */
  webDir: string | null;
  logLevel: string;
  /** TRUST_PROXY: hops of reverse proxies whose X-Forwarded-For is believed (0 = none), for client addresses. */
  trustProxy: number;
  /** `log` writes codes to the log and a dev outbox (demo only); `aliyun` sends real SMS; `none` refuses to send. */
  smsProvider: 'log' | 'aliyun' | 'none';
  aliyunSms: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; endpoint: string } | null;
  smsDailyPerPhone: number;
  smsDailyPerAddress: number;
  /** `demo`: the QR opens a confirm page of this app (demo only); `open`: WeChat Open Platform website login; `none`: off. */
  wechatProvider: 'demo' | 'open' | 'none';
  wechatOpen: { appId: string; appSecret: string; apiBase: string; authorizeUrl: string } | null;
  /** S3-compatible storage for uploads when S3_BUCKET is set; null keeps them on local disk (uploadDir). */
  s3: S3Config | null;
}

export interface S3Config {
  /** origin only, e.g. https://s3.cn-north-1.amazonaws.com.cn or http://127.0.0.1:9000 */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true: <endpoint>/<bucket>/<key>; false: <bucket>.<endpoint host>/<key> */
  forcePathStyle: boolean;
  /** '' or a key prefix ending in '/' */
  prefix: string;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function nonNegativeIntFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  return env[name]?.trim() === '0' ? 0 : intFromEnv(env, name, fallback);
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

const S3_NAMES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

function s3EndpointFromEnv(raw: string | undefined, region: string): string {
  // 未配置地址时用 AWS 的区域地址（cn- 区域在 amazonaws.com.cn）
  const value = raw?.trim() || `https://s3.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`S3_ENDPOINT must be an http(s) address such as https://s3.cn-north-1.amazonaws.com.cn, got "${value}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new Error(`S3_ENDPOINT must be an http(s) origin without a path, credentials or query, e.g. http://127.0.0.1:9000`);
  }
  return url.origin;
}

function s3FromEnv(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    // 配了一半的 S3 不能悄悄退回本地磁盘
    const stray = S3_NAMES.filter((name) => env[name]?.trim());
    if (stray.length) throw new Error(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to store uploads on S3, or remove the S3_* settings`);
    return null;
  }
  const missing = (['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name]?.trim());
  if (missing.length) throw new Error(`S3_BUCKET is set, so uploads go to S3, which needs ${missing.join(', ')}`);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(`S3_BUCKET must be a bucket name of 3-63 lower-case letters, digits, dots and hyphens, got "${bucket}"`);
  }
  const region = env.S3_REGION!.trim();
  if (!/^[a-z0-9-]+$/.test(region)) throw new Error(`S3_REGION must be a region name such as cn-north-1, got "${region}"`);
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefix && (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(prefix) || prefix.split('/').some((part) => part === '.' || part === '..'))) {
    throw new Error(`S3_PREFIX may hold letters, digits, '.', '_', '-' and '/' separated folders, got "${env.S3_PREFIX}"`);
  }
  return {
    endpoint: s3EndpointFromEnv(env.S3_ENDPOINT, region),
    region,
    bucket,
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    // 自定义地址（MinIO 等）默认路径风格；AWS 默认虚拟主机风格
    forcePathStyle: boolFromEnv(env, 'S3_FORCE_PATH_STYLE', Boolean(env.S3_ENDPOINT?.trim())),
    prefix: prefix ? `${prefix}/` : '',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: Partial<AppConfig> = {}): AppConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const reportDatabaseUrl = env.REPORT_DATABASE_URL?.trim() || null;
  if (reportDatabaseUrl && !databaseUrl) throw new Error('REPORT_DATABASE_URL is a read replica of DATABASE_URL: set DATABASE_URL too');
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
    uploadDir: env.UPLOAD_DIR?.trim() || join(env.DATA_DIR?.trim() || './data', 'uploads'),
    databaseUrl,
    reportDatabaseUrl,
    dbConnectTimeoutMs: intFromEnv(env, 'DB_CONNECT_TIMEOUT_MS', 10_000),
    dbStatementTimeoutMs: nonNegativeIntFromEnv(env, 'DB_STATEMENT_TIMEOUT_MS', 300_000),
    // 内置数据库默认加载演示数据；连接真实 PostgreSQL 时默认不加载
    demoData,
    sessionIdleMinutes: intFromEnv(env, 'SESSION_IDLE_MINUTES', 120),
    sessionCacheMs: nonNegativeIntFromEnv(env, 'SESSION_CACHE_MS', 1000),
    sessionAbsoluteHours: intFromEnv(env, 'SESSION_ABSOLUTE_HOURS', 24),
    adminPassword: env.ADMIN_PASSWORD || null,
    webDir: defaults.webDir ?? null,
    // warn: the console keeps the start banner readable; info logs every request
    logLevel: env.LOG_LEVEL?.trim() || 'warn',
    trustProxy: env.TRUST_PROXY ? intFromEnv(env, 'TRUST_PROXY', 1) : 0,
    smsProvider,
    aliyunSms,
    smsDailyPerPhone: intFromEnv(env, 'SMS_DAILY_PER_PHONE', 10),
    smsDailyPerAddress: intFromEnv(env, 'SMS_DAILY_PER_ADDRESS', 50),
    wechatProvider,
    wechatOpen,
    s3: s3FromEnv(env),
  };
}
