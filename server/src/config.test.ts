import { describe, expect, it } from 'vitest';
import { loadConfig, normalisePrefix } from './config.ts';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      apiPrefix: '/api',
      dataDir: './data',
      databaseUrl: null,
      demoData: true,
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 24,
    });
  });

  it('turns demo data off with DATABASE_URL unless asked for', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'off' }).demoData).toBe(false);
  });

  it('takes a report replica only beside DATABASE_URL', () => {
    expect(loadConfig({}).reportDatabaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', REPORT_DATABASE_URL: 'postgres://r@h/db' }).reportDatabaseUrl).toBe('postgres://r@h/db');
    expect(() => loadConfig({ REPORT_DATABASE_URL: 'postgres://r@h/db' })).toThrow('REPORT_DATABASE_URL is a read replica of DATABASE_URL');
  });

  it('refuses bad numbers and booleans instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a positive integer');
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '-5' })).toThrow('SESSION_IDLE_MINUTES');
    expect(() => loadConfig({ DEMO_DATA: 'maybe' })).toThrow('DEMO_DATA must be true or false');
  });

  it('uses the log SMS provider only with demo data', () => {
    expect(loadConfig({}).smsProvider).toBe('log');
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).smsProvider).toBe('none');
    expect(() => loadConfig({ DEMO_DATA: 'false', SMS_PROVIDER: 'log' })).toThrow('only allowed with DEMO_DATA on');
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow('SMS_PROVIDER must be');
  });

  it('uses the demo WeChat provider only with demo data', () => {
    expect(loadConfig({}).wechatProvider).toBe('demo');
    expect(loadConfig({ DEMO_DATA: 'false' }).wechatProvider).toBe('none');
    expect(() => loadConfig({ DEMO_DATA: 'false', WECHAT_PROVIDER: 'demo' })).toThrow('only allowed with DEMO_DATA on');
  });

  it('needs the Open Platform application for WECHAT_PROVIDER=open', () => {
    expect(() => loadConfig({ WECHAT_PROVIDER: 'open' })).toThrow('WECHAT_PROVIDER=open needs WECHAT_APP_ID, WECHAT_APP_SECRET');
    const config = loadConfig({ DEMO_DATA: 'false', WECHAT_PROVIDER: 'open', WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's' });
    expect(config.wechatOpen).toMatchObject({ appId: 'wx1', apiBase: 'https://api.weixin.qq.com' });
  });

  it('normalises the gateway prefix', () => {
    expect(normalisePrefix('gw/')).toBe('/gw');
    expect(normalisePrefix('/api')).toBe('/api');
    expect(() => normalisePrefix('/')).toThrow('API_PREFIX must be a path');
    expect(() => normalisePrefix('/a b')).toThrow('API_PREFIX must be a path');
  });
});
