import type { PrintEvent, PrintKind, PrintPayloads } from './print-types.ts';

export type PrintListener = (event: PrintEvent) => void;

const listeners = new Set<PrintListener>();
/** Asked before the frames' chunk arrived: printed as soon as they subscribe. */
let waiting: PrintEvent[] = [];

/** Asks the print frames (mounted once by the shell) to print `payload` as `kind`. */
export function print<K extends PrintKind>(kind: K, payload: PrintPayloads[K]): void {
  const event = { kind, payload } as PrintEvent;
  if (listeners.size === 0) {
    waiting.push(event);
    return;
  }
  for (const listener of [...listeners]) listener(event);
}

/** Returns the unsubscribe function. The first subscriber also gets what was asked before it. */
export function subscribePrint(listener: PrintListener): () => void {
  listeners.add(listener);
  const queued = waiting;
  waiting = [];
  for (const event of queued) listener(event);
  return () => {
    listeners.delete(listener);
  };
}
