/**
 * Which pages stay mounted while hidden (SPEC §2: kept-alive routes and the cache mode).
 * `kept` lists tab keys, least recently active first; the active page is always mounted.
 */

/** Hidden kept-alive pages beyond this are dropped, oldest first, so memory stays bounded. */
export const KEEP_ALIVE_LIMIT = 20;

export interface KeepAliveInput {
  activeKey: string;
  /** keys of the open tabs: a closed tab drops its page */
  openKeys: readonly string[];
  /** whether the page of a tab key is kept alive (route flag or cache mode) */
  keepAlive: (key: string) => boolean;
  limit?: number;
}

/** The kept list after `activeKey` has been shown. Idempotent for the same input. */
export function nextKept(kept: readonly string[], input: KeepAliveInput): string[] {
  const { activeKey, openKeys, keepAlive, limit = KEEP_ALIVE_LIMIT } = input;
  const open = new Set(openKeys);
  const hidden = kept.filter((key) => key !== activeKey && open.has(key) && keepAlive(key));
  const overflow = Math.max(0, hidden.length - limit);
  const next = hidden.slice(overflow);
  if (keepAlive(activeKey)) next.push(activeKey);
  return next;
}

/** Keys to render: the kept pages and the active one. */
export function mountedKeys(kept: readonly string[], activeKey: string): Set<string> {
  return new Set([...kept, activeKey]);
}
