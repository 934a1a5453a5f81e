import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_TIMEOUT_MS, shouldReloadForDeployment, withTimeout } from './chunk-rules.ts';

export type LazyComponent = LazyExoticComponent<ComponentType>;

/** A page chunk that can be asked for again after it failed (React.lazy remembers failures). */
export interface LazyPage {
  /** the component of the current attempt */
  current(): LazyComponent;
}

const failed = new Set<() => void>();
const RELOADED_KEY = 'erp:reloaded-for-build';

/** Starts a new attempt for every page whose chunk failed (the 重试 button). */
export function retryFailedPages(): void {
  const resets = [...failed];
  failed.clear();
  for (const reset of resets) reset();
}

function runningEntry(): string | null {
  return document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? null;
}

/** A chunk failed: if a new deployment replaced it, reload the app once for that build. */
async function reloadIfNewDeployment(): Promise<void> {
  try {
    const response = await fetch('/', { cache: 'no-store', headers: { accept: 'text/html' } });
    const served = shouldReloadForDeployment(runningEntry(), await response.text(), sessionStorage.getItem(RELOADED_KEY));
    if (!served) return;
    sessionStorage.setItem(RELOADED_KEY, served);
    window.location.reload();
    // keep the fallback on screen while the page reloads
    await new Promise(() => undefined);
  } catch {
    // offline or no index: the retry message stays
  }
}

/** React.lazy for a module's named export, with a time limit, a retry and the stale-build reload. */
export function lazyPage<K extends string>(load: () => Promise<{ [key in K]: ComponentType }>, name: K, timeoutMs = CHUNK_TIMEOUT_MS): LazyPage {
  const attempt = (): LazyComponent =>
    lazy(async () => {
      try {
        return { default: (await withTimeout(load(), timeoutMs))[name] };
      } catch (error) {
        failed.add(reset);
        await reloadIfNewDeployment();
        throw error;
      }
    });
  let component = attempt();
  const reset = () => {
    component = attempt();
  };
  return { current: () => component };
}
