import { SMS_RESEND_SECONDS } from '@erp/shared';

/**
 * The 获取验证码 button as a state machine (SPEC §4 SMS resend, §9: 60 s): idle → sending →
 * counting down → idle; a failed or skipped send goes straight back to idle. Plain class so
 * it can be tested with fake timers; React reads it through useSyncExternalStore.
 */
export type SendPhase = 'idle' | 'sending' | 'counting';

export interface SendSnapshot {
  readonly phase: SendPhase;
  /** whole seconds left while counting, else 0 */
  readonly remaining: number;
}

export const SEND_IDLE: SendSnapshot = Object.freeze({ phase: 'idle', remaining: 0 });
const SENDING: SendSnapshot = Object.freeze({ phase: 'sending', remaining: 0 });

export const SEND_CODE_LABEL = '获取验证码';

export function sendButtonLabel(snapshot: SendSnapshot): string {
  return snapshot.phase === 'counting' ? `${snapshot.remaining}秒后重新获取` : SEND_CODE_LABEL;
}

const TICK_MS = 1000;

export class SmsSendCountdown {
  private snapshot: SendSnapshot = SEND_IDLE;
  private readonly listeners = new Set<() => void>();
  private handle: ReturnType<typeof setInterval> | null = null;
  private deadline = 0;

  constructor(private readonly seconds: number = SMS_RESEND_SECONDS) {}

  readonly getSnapshot = (): SendSnapshot => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** idle → sending; false (and nothing changes) while a send or a countdown is under way. */
  begin(): boolean {
    if (this.snapshot.phase !== 'idle') return false;
    this.set(SENDING);
    return true;
  }

  /** The code went out: count down from `seconds`. */
  succeed(): void {
    if (this.snapshot.phase !== 'sending') return;
    // measured against the clock, so a throttled background tab still ends on time
    this.deadline = Date.now() + this.seconds * 1000;
    this.set({ phase: 'counting', remaining: this.seconds });
    this.handle = setInterval(() => this.tick(), TICK_MS);
  }

  /** The send failed or was not made (invalid phone): the button is usable again at once. */
  fail(): void {
    if (this.snapshot.phase === 'sending') this.set(SEND_IDLE);
  }

  /** Back to idle, timer stopped (unmount). */
  reset(): void {
    this.stopTimer();
    if (this.snapshot !== SEND_IDLE) this.set(SEND_IDLE);
  }

  private tick(): void {
    const remaining = Math.ceil((this.deadline - Date.now()) / 1000);
    if (remaining <= 0) this.reset();
    else if (remaining !== this.snapshot.remaining) this.set({ phase: 'counting', remaining });
  }

  private stopTimer(): void {
    if (this.handle !== null) clearInterval(this.handle);
    this.handle = null;
  }

  private set(next: SendSnapshot): void {
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}
