import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { WechatQrPoller, type QrPollerOptions, type QrSnapshot } from './qr-poller.ts';

/**
 * A WechatQrPoller for a component: runs while `active` and the page is visible (a hidden
 * page stops polling; coming back fetches a NEW QR), stops on unmount. Callbacks may change
 * between renders; the latest ones are used. `refresh` fetches a new QR (刷新二维码).
 */
export function useQrPoller<S>(options: QrPollerOptions<S>, active = true): { snapshot: QrSnapshot<S>; refresh: () => void } {
  const latest = useRef(options);
  latest.current = options;
  const [poller] = useState(
    () =>
      new WechatQrPoller<S>({
        fetchQr: () => latest.current.fetchQr(),
        fetchState: (sign) => latest.current.fetchState(sign),
        verdict: (state) => latest.current.verdict(state),
        onDone: (state) => latest.current.onDone?.(state),
        onExpired: () => latest.current.onExpired?.(),
        describeError: (error) => latest.current.describeError?.(error) ?? String(error),
        pollMs: options.pollMs,
        refreshAfterMs: options.refreshAfterMs,
      }),
  );
  const snapshot = useSyncExternalStore(poller.subscribe, poller.getSnapshot, poller.getSnapshot);

  useEffect(() => {
    if (!active) return;
    const sync = () => {
      if (document.visibilityState === 'hidden') poller.stop();
      else if (poller.getSnapshot().phase === 'idle') poller.start();
    };
    sync();
    document.addEventListener('visibilitychange', sync);
    return () => {
      document.removeEventListener('visibilitychange', sync);
      poller.stop();
    };
  }, [active, poller]);

  return { snapshot, refresh: () => poller.start() };
}
