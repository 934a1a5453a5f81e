import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** What was typed before the scan box was there: codes ended by Enter, and the code being typed. */
export interface EarlyKeys {
  codes: string[];
  partial: string;
}

interface KeyBuffer {
  /** hands over what was typed so far and stops listening (the scan box takes it from here) */
  take: () => EarlyKeys;
}

const BufferContext = createContext<KeyBuffer | null>(null);

const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');

/**
 * A scanner fires as soon as the page opens, while the document still loads and the scan box is
 * not there yet. This keeps those keystrokes from the page's mount (a document keydown listener,
 * only while nothing editable has the focus) until the scan box takes them. Enter after typed
 * characters ends a code (and is not passed on); a hidden kept-alive page does not listen.
 */
export function ScanKeyBuffer({ children }: { children: ReactNode }) {
  const [buffer] = useState(() => {
    const state = { codes: [] as string[], partial: '', taken: false };
    const onKey = (e: KeyboardEvent) => {
      if (state.taken || e.ctrlKey || e.metaKey || e.altKey || e.isComposing || editable(e.target)) return;
      if (e.key === 'Enter') {
        if (!state.partial) return;
        state.codes.push(state.partial);
        state.partial = '';
        e.preventDefault();
      } else if (e.key.length === 1 && state.partial.length < 200) state.partial += e.key;
    };
    const take = (): EarlyKeys => {
      const early = { codes: state.codes, partial: state.partial };
      state.taken = true;
      state.codes = [];
      state.partial = '';
      return early;
    };
    return { onKey, take };
  });
  useEffect(() => {
    document.addEventListener('keydown', buffer.onKey, true);
    return () => document.removeEventListener('keydown', buffer.onKey, true);
  }, [buffer]);
  return <BufferContext.Provider value={buffer}>{children}</BufferContext.Provider>;
}

/** The page's early keystrokes (null outside a ScanKeyBuffer). */
export const useScanKeyBuffer = () => useContext(BufferContext);
