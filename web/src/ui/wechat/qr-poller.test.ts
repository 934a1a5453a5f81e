import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WECHAT_POLL_MS, WECHAT_QR_TTL_SECONDS, type WechatBindState, type WechatQr } from '@erp/shared';
import { QR_REFRESH_MARGIN_MS, WechatQrPoller, type QrVerdict } from './qr-poller.ts';

const verdict = (state: WechatBindState): QrVerdict => (state.status === 'bound' ? 'done' : state.status === 'expired' ? 'expired' : 'pending');

/** A poller over scripted answers: each state call takes the next answer (the last one repeats). */
function setup(answers: (WechatBindState | Error)[]) {
  let qrCount = 0;
  const fetchQr = vi.fn(async (): Promise<WechatQr> => {
    qrCount++;
    return { img: `data:image/png;base64,${qrCount}`, sign: `s${qrCount}` };
  });
  let next = 0;
  const fetchState = vi.fn(async (_sign: string): Promise<WechatBindState> => {
    const answer = answers[Math.min(next++, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const onDone = vi.fn();
  const onExpired = vi.fn();
  const poller = new WechatQrPoller<WechatBindState>({ fetchQr, fetchState, verdict, onDone, onExpired });
  return { poller, fetchQr, fetchState, onDone, onExpired };
}

const pending: WechatBindState = { status: 'pending' };

describe('WechatQrPoller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads a QR, then polls its state every 2 s', async () => {
    const { poller, fetchQr, fetchState } = setup([pending]);
    expect(poller.getSnapshot().phase).toBe('idle');
    poller.start();
    expect(poller.getSnapshot().phase).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(poller.getSnapshot()).toMatchObject({ phase: 'waiting', qr: { sign: 's1' } });
    expect(fetchQr).toHaveBeenCalledTimes(1);
    expect(fetchState).not.toHaveBeenCalled();

    expect(WECHAT_POLL_MS).toBe(2000);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchState).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchState).toHaveBeenCalledTimes(1);
    expect(fetchState).toHaveBeenLastCalledWith('s1');
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchState).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(6000);
    expect(fetchState).toHaveBeenCalledTimes(5);
    expect(poller.getSnapshot().phase).toBe('waiting');
  });

  it('stops polling on stop() and ignores an answer still in flight', async () => {
    const { poller, fetchState, onDone } = setup([{ status: 'bound', nickname: '访客小李' }]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchState).not.toHaveBeenCalled();
    expect(poller.getSnapshot().phase).toBe('idle');
    expect(vi.getTimerCount()).toBe(0);

    // an answer that lands after stop() changes nothing
    let resolve!: (state: WechatBindState) => void;
    fetchState.mockImplementationOnce(() => new Promise((r) => (resolve = r)));
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchState).toHaveBeenCalledTimes(1);
    poller.stop();
    resolve({ status: 'bound', nickname: '访客小李' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onDone).not.toHaveBeenCalled();
    expect(poller.getSnapshot().phase).toBe('idle');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fetches a new QR when the state answers expired, and polls the new sign', async () => {
    const { poller, fetchQr, fetchState, onExpired } = setup([pending, { status: 'expired' }, pending]);
    poller.start();
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchState).toHaveBeenCalledTimes(2);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(fetchQr).toHaveBeenCalledTimes(2);
    expect(poller.getSnapshot()).toMatchObject({ phase: 'waiting', qr: { sign: 's2' } });
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchState).toHaveBeenLastCalledWith('s2');
  });

  it('stops after a final answer and reports it once', async () => {
    const bound: WechatBindState = { status: 'bound', nickname: '访客小李' };
    const { poller, fetchState, onDone } = setup([pending, bound]);
    poller.start();
    await vi.advanceTimersByTimeAsync(4000);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith(bound);
    expect(poller.getSnapshot()).toMatchObject({ phase: 'done', result: bound, qr: { sign: 's1' } });
    await vi.advanceTimersByTimeAsync(WECHAT_QR_TTL_SECONDS * 1000);
    expect(fetchState).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps polling after a failed poll', async () => {
    const { poller, fetchState } = setup([new Error('network'), pending]);
    poller.start();
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchState).toHaveBeenCalledTimes(2);
    expect(poller.getSnapshot().phase).toBe('waiting');
  });

  it('replaces the QR by itself just before its TTL runs out', async () => {
    const { poller, fetchQr } = setup([pending]);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    const refreshAt = WECHAT_QR_TTL_SECONDS * 1000 - QR_REFRESH_MARGIN_MS;
    await vi.advanceTimersByTimeAsync(refreshAt - 1);
    expect(fetchQr).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchQr).toHaveBeenCalledTimes(2);
    expect(poller.getSnapshot()).toMatchObject({ phase: 'waiting', qr: { sign: 's2' } });
  });

  it('fails with a message when no QR can be fetched; start() tries again', async () => {
    const { poller, fetchQr, fetchState } = setup([pending]);
    fetchQr.mockRejectedValueOnce(new Error('微信登录未配置，请联系管理员'));
    poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(poller.getSnapshot()).toMatchObject({ phase: 'failed', qr: null, error: '微信登录未配置，请联系管理员' });
    expect(fetchState).not.toHaveBeenCalled();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(poller.getSnapshot().phase).toBe('waiting');
  });

  it('notifies subscribers of every change', async () => {
    const { poller } = setup([pending]);
    const listener = vi.fn();
    const unsubscribe = poller.subscribe(listener);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    poller.stop();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
