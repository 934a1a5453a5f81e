import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkTimeoutError, entryScriptOf, shouldReloadForDeployment, withTimeout } from './chunk-rules.ts';

const html = (entry: string) =>
  `<!doctype html><html><head><script>var x=1</script><script type="module" crossorigin src="${entry}"></script>` +
  `<link rel="modulepreload" href="/assets/x.js"></head><body><div id="root"></div></body></html>`;

describe('withTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('passes a value that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 1000)).resolves.toBe(7);
  });

  it('passes the chunk error through', async () => {
    await expect(withTimeout(Promise.reject(new TypeError('Failed to fetch')), 1000)).rejects.toThrow('Failed to fetch');
  });

  it('fails a chunk that takes longer than the limit', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(new Promise(() => undefined), 120_000);
    const seen = expect(pending).rejects.toBeInstanceOf(ChunkTimeoutError);
    vi.advanceTimersByTime(120_000);
    await seen;
  });
});

describe('entryScriptOf', () => {
  it('finds the module entry and skips inline scripts', () => {
    expect(entryScriptOf(html('/assets/index-AbC123.js'))).toBe('/assets/index-AbC123.js');
    expect(entryScriptOf('<script>1</script>')).toBeNull();
  });
});

describe('shouldReloadForDeployment', () => {
  const running = 'http://localhost:8080/assets/index-old.js';
  it('reloads once when the server now serves another build', () => {
    expect(shouldReloadForDeployment(running, html('/assets/index-new.js'), null)).toBe('/assets/index-new.js');
    expect(shouldReloadForDeployment(running, html('/assets/index-new.js'), '/assets/index-new.js')).toBeNull();
  });

  it('does not reload for the same build (a network failure: show the retry message)', () => {
    expect(shouldReloadForDeployment(running, html('/assets/index-old.js'), null)).toBeNull();
    expect(shouldReloadForDeployment(running, 'not html', null)).toBeNull();
    expect(shouldReloadForDeployment(null, html('/assets/index-new.js'), null)).toBeNull();
  });
});
