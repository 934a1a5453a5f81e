import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { SmsSendCountdown, sendButtonLabel, type SendSnapshot } from './countdown.ts';

/**
 * Sends a code: `deliver` validates and calls the server; it resolves true when a code went
 * out (the countdown starts), false when it sent nothing, and rejects on failure (the request
 * client has already shown the message). Either of the last two re-enables the button.
 */
export type Deliver = () => Promise<boolean>;

export interface SmsSender {
  state: SendSnapshot;
  label: string;
  send: (deliver: Deliver) => Promise<void>;
}

export function useSmsSender(seconds?: number): SmsSender {
  const [countdown] = useState(() => new SmsSendCountdown(seconds));
  const state = useSyncExternalStore(countdown.subscribe, countdown.getSnapshot);
  useEffect(() => () => countdown.reset(), [countdown]);

  const send = useCallback(
    async (deliver: Deliver) => {
      if (!countdown.begin()) return;
      try {
        if (await deliver()) countdown.succeed();
        else countdown.fail();
      } catch {
        countdown.fail();
      }
    },
    [countdown],
  );

  return { state, label: sendButtonLabel(state), send };
}
