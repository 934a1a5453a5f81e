import type { PrintEvent, PrintKind, PrintPayloads } from './print-types.ts';

/** A print frame's job: the event and how many copies of the whole of it (PREVIEW_COPIES_MIN–PREVIEW_COPIES_MAX). */
export type PrintListener = (event: PrintEvent, copies: number) => void;
/** The preview (PrintPreviewHost): shows the event and asks for the number of copies before printing. */
export type PreviewListener = (event: PrintEvent) => void;

/** 份数 of one print from the preview: the whole document (or batch of labels) this many times. */
export const PREVIEW_COPIES_MIN = 1;
export const PREVIEW_COPIES_MAX = 99;

const listeners = new Set<PrintListener>();
/** Asked before the frames' chunk arrived: printed as soon as they subscribe. */
let waiting: [PrintEvent, number][] = [];

const previewListeners = new Set<PreviewListener>();
let previewWaiting: PrintEvent[] = [];

/**
 * Asks the print frames (mounted once by the shell) to print `payload` as `kind`, `copies` times,
 * straight away. Print buttons call previewPrint(); this is what the preview's 打印 calls.
 */
export function print<K extends PrintKind>(kind: K, payload: PrintPayloads[K], copies = 1): void {
  const event = { kind, payload } as PrintEvent;
  if (listeners.size === 0) {
    waiting.push([event, copies]);
    return;
  }
  for (const listener of [...listeners]) listener(event, copies);
}

/** Returns the unsubscribe function. The first subscriber also gets what was asked before it. */
export function subscribePrint(listener: PrintListener): () => void {
  listeners.add(listener);
  const queued = waiting;
  waiting = [];
  for (const [event, copies] of queued) listener(event, copies);
  return () => {
    listeners.delete(listener);
  };
}

/** What every print button calls: the preview shows the pages as they will print, asks 份数, then prints. */
export function previewPrint<K extends PrintKind>(kind: K, payload: PrintPayloads[K]): void {
  const event = { kind, payload } as PrintEvent;
  if (previewListeners.size === 0) {
    previewWaiting.push(event);
    return;
  }
  for (const listener of [...previewListeners]) listener(event);
}

/** Returns the unsubscribe function. The first subscriber also gets what was asked before it. */
export function subscribePreview(listener: PreviewListener): () => void {
  previewListeners.add(listener);
  const queued = previewWaiting;
  previewWaiting = [];
  for (const event of queued) listener(event);
  return () => {
    previewListeners.delete(listener);
  };
}
