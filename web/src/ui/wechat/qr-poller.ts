import { WECHAT_POLL_MS, WECHAT_QR_TTL_SECONDS, type WechatQr } from '@erp/shared';

/**
 * A WeChat QR and its state polls as a state machine (SPEC §4 WeChat login, §9: 2 s):
 * loading (fetch a QR) → waiting (poll the state every `pollMs`, one call at a time) →
 * done (a final answer) | failed (no QR). An expired answer, or a QR about to outlive its
 * TTL, fetches a new QR by itself. stop() drops timers and ignores answers still in flight.
 * Plain class so it can be tested with fake timers; React reads it through useSyncExternalStore.
 */
export type QrPhase = 'idle' | 'loading' | 'waiting' | 'done' | 'failed';

export interface QrSnapshot<S> {
  readonly phase: QrPhase;
  readonly qr: WechatQr | null;
  /** the final answer while done */
  readonly result: S | null;
  /** why there is no QR while failed */
  readonly error: string;
}

/** What one state answer means: keep polling, get a new QR, or stop with this answer. */
export type QrVerdict = 'pending' | 'expired' | 'done';

export interface QrPollerOptions<S> {
  fetchQr: () => Promise<WechatQr>;
  fetchState: (sign: string) => Promise<S>;
  verdict: (state: S) => QrVerdict;
  /** called once with the final answer (after the snapshot is done) */
  onDone?: (state: S) => void;
  /** called when the server says the QR expired, before the new one is fetched */
  onExpired?: () => void;
  /** message for a QR that could not be fetched */
  describeError?: (error: unknown) => string;
  pollMs?: number;
  /** a new QR is fetched this long after the last one, unless something final came first */
  refreshAfterMs?: number;
}

/** A QR is replaced this long before the server's TTL runs out. */
export const QR_REFRESH_MARGIN_MS = 10_000;

const IDLE: QrSnapshot<never> = Object.freeze({ phase: 'idle', qr: null, result: null, error: '' });

export class WechatQrPoller<S> {
  private snapshot: QrSnapshot<S> = IDLE;
  private readonly listeners = new Set<() => void>();
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  /** bumped by start() and stop(): answers of an older round are ignored */
  private round = 0;
  private readonly pollMs: number;
  private readonly refreshAfterMs: number;

  constructor(private readonly options: QrPollerOptions<S>) {
    this.pollMs = options.pollMs ?? WECHAT_POLL_MS;
    this.refreshAfterMs = options.refreshAfterMs ?? WECHAT_QR_TTL_SECONDS * 1000 - QR_REFRESH_MARGIN_MS;
  }

  readonly getSnapshot = (): QrSnapshot<S> => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Fetches a new QR and polls its state (also the 刷新二维码 button). */
  start(): void {
    this.clearTimers();
    const round = ++this.round;
    this.set({ phase: 'loading', qr: null, result: null, error: '' });
    this.options.fetchQr().then(
      (qr) => {
        if (round !== this.round) return;
        this.set({ phase: 'waiting', qr, result: null, error: '' });
        this.refreshTimer = setTimeout(() => this.start(), this.refreshAfterMs);
        this.schedulePoll(round, qr.sign);
      },
      (error: unknown) => {
        if (round !== this.round) return;
        const message = this.options.describeError?.(error) ?? (error instanceof Error ? error.message : String(error));
        this.set({ phase: 'failed', qr: null, result: null, error: message });
      },
    );
  }

  /** No more polls or refreshes; answers in flight are ignored (tab left, page hidden, unmount). */
  stop(): void {
    this.clearTimers();
    this.round++;
    if (this.snapshot !== IDLE) this.set(IDLE);
  }

  private schedulePoll(round: number, sign: string): void {
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      this.poll(round, sign);
    }, this.pollMs);
  }

  private poll(round: number, sign: string): void {
    this.options.fetchState(sign).then(
      (state) => {
        if (round !== this.round) return;
        const verdict = this.options.verdict(state);
        if (verdict === 'pending') this.schedulePoll(round, sign);
        else if (verdict === 'expired') {
          this.options.onExpired?.();
          this.start();
        } else {
          this.clearTimers();
          this.set({ phase: 'done', qr: this.snapshot.qr, result: state, error: '' });
          this.options.onDone?.(state);
        }
      },
      () => {
        // a failed poll (network hiccup): try again at the next tick
        if (round === this.round) this.schedulePoll(round, sign);
      },
    );
  }

  private clearTimers(): void {
    if (this.pollTimer !== null) clearTimeout(this.pollTimer);
    if (this.refreshTimer !== null) clearTimeout(this.refreshTimer);
    this.pollTimer = null;
    this.refreshTimer = null;
  }

  private set(next: QrSnapshot<S>): void {
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}
