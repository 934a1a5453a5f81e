import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMS_RESEND_SECONDS } from '@erp/shared';
import { SEND_IDLE, SmsSendCountdown, sendButtonLabel } from './countdown.ts';

describe('SmsSendCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts idle with the 获取验证码 label', () => {
    const countdown = new SmsSendCountdown();
    expect(countdown.getSnapshot()).toBe(SEND_IDLE);
    expect(sendButtonLabel(countdown.getSnapshot())).toBe('获取验证码');
  });

  it('counts down 60 seconds after a successful send, then is idle again', () => {
    const countdown = new SmsSendCountdown();
    expect(SMS_RESEND_SECONDS).toBe(60);
    expect(countdown.begin()).toBe(true);
    expect(countdown.getSnapshot().phase).toBe('sending');
    countdown.succeed();
    expect(countdown.getSnapshot()).toEqual({ phase: 'counting', remaining: 60 });
    expect(sendButtonLabel(countdown.getSnapshot())).toBe('60秒后重新获取');

    vi.advanceTimersByTime(1000);
    expect(sendButtonLabel(countdown.getSnapshot())).toBe('59秒后重新获取');
    vi.advanceTimersByTime(58_000);
    expect(countdown.getSnapshot()).toEqual({ phase: 'counting', remaining: 1 });
    vi.advanceTimersByTime(1000);
    expect(countdown.getSnapshot()).toBe(SEND_IDLE);
    expect(sendButtonLabel(countdown.getSnapshot())).toBe('获取验证码');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses a second send while sending or counting', () => {
    const countdown = new SmsSendCountdown();
    expect(countdown.begin()).toBe(true);
    expect(countdown.begin()).toBe(false);
    countdown.succeed();
    vi.advanceTimersByTime(30_000);
    expect(countdown.begin()).toBe(false);
    expect(countdown.getSnapshot()).toEqual({ phase: 'counting', remaining: 30 });
    vi.advanceTimersByTime(30_000);
    expect(countdown.begin()).toBe(true);
  });

  it('is usable again at once after a failed send, without a timer', () => {
    const countdown = new SmsSendCountdown();
    countdown.begin();
    countdown.fail();
    expect(countdown.getSnapshot()).toBe(SEND_IDLE);
    expect(vi.getTimerCount()).toBe(0);
    expect(countdown.begin()).toBe(true);
  });

  it('ignores succeed and fail outside a send', () => {
    const countdown = new SmsSendCountdown();
    countdown.succeed();
    expect(countdown.getSnapshot()).toBe(SEND_IDLE);
    countdown.begin();
    countdown.succeed();
    countdown.fail();
    expect(countdown.getSnapshot().phase).toBe('counting');
  });

  it('catches up from the clock when ticks arrive late (throttled tab)', () => {
    const countdown = new SmsSendCountdown();
    countdown.begin();
    countdown.succeed();
    // the clock moves 45 s while only one tick fires
    vi.setSystemTime(Date.now() + 45_000);
    vi.advanceTimersByTime(1000);
    expect(countdown.getSnapshot()).toEqual({ phase: 'counting', remaining: 14 });
  });

  it('notifies subscribers once per change and stops on reset', () => {
    const countdown = new SmsSendCountdown(3);
    const seen: string[] = [];
    const unsubscribe = countdown.subscribe(() => seen.push(sendButtonLabel(countdown.getSnapshot())));
    countdown.begin();
    countdown.succeed();
    vi.advanceTimersByTime(1000);
    countdown.reset();
    expect(seen).toEqual(['获取验证码', '3秒后重新获取', '2秒后重新获取', '获取验证码']);
    expect(vi.getTimerCount()).toBe(0);
    unsubscribe();
    countdown.begin();
    expect(seen).toHaveLength(4);
  });

  it('leaves a send that resolves after reset idle (unmounted mid-send)', () => {
    const countdown = new SmsSendCountdown();
    countdown.begin();
    countdown.reset();
    countdown.succeed();
    expect(countdown.getSnapshot()).toBe(SEND_IDLE);
    expect(vi.getTimerCount()).toBe(0);
  });
});
