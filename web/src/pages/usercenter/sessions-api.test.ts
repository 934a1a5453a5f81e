import { describe, expect, it } from 'vitest';
import { describeDevice, sessionStatus } from './sessions-api.ts';

describe('login sessions display', () => {
  it('names the state of a session', () => {
    expect(sessionStatus({ current: true, active: true, endReason: '' })).toBe('当前会话');
    expect(sessionStatus({ current: false, active: true, endReason: '' })).toBe('有效');
    expect(sessionStatus({ current: false, active: false, endReason: 'logout' })).toBe('已退出');
    expect(sessionStatus({ current: false, active: false, endReason: 'expired' })).toBe('已超时');
    expect(sessionStatus({ current: false, active: false, endReason: '' })).toBe('已结束');
  });

  it('describes the device from the user agent', () => {
    const chromeLinux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
    expect(describeDevice(chromeLinux)).toBe('Chrome · Linux');
    const wechat = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0';
    expect(describeDevice(wechat)).toBe('微信 · iOS');
    expect(describeDevice('')).toBe('--');
  });
});
