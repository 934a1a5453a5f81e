/** Rules for loading page chunks (issue: loading screens): time-out, and spotting a new deployment. */

/** A page chunk that has not arrived after this long counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`页面加载超时（${Math.round(ms / 1000)} 秒）`);
    this.name = 'ChunkTimeoutError';
  }
}

/** Resolves as `promise` does, or rejects with ChunkTimeoutError after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The entry script of an index.html (Vite writes one `<script type="module" … src>`). */
export function entryScriptOf(html: string): string | null {
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (!/\btype\s*=\s*["']?module/i.test(tag)) continue;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(tag);
    if (src) return src[1];
  }
  return null;
}

/**
 * After a chunk failed: reload once when the served index.html names another entry script
 * than the running one (a new deployment replaced the chunks), never twice for one build.
 */
export function shouldReloadForDeployment(runningEntry: string | null, servedHtml: string, reloadedFor: string | null): string | null {
  const served = entryScriptOf(servedHtml);
  if (!served || !runningEntry) return null;
  const same = new URL(served, 'http://x/').pathname === new URL(runningEntry, 'http://x/').pathname;
  if (same || reloadedFor === served) return null;
  return served;
}
