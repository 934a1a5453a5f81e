import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The component files share a worker's imports (isolate: false: antd and React load once a worker,
// not once a file); our own modules load anew for every file, so a file's vi.mock of an api module
// is seen by the components it imports even when an earlier file loaded them unmocked.
vi.resetModules();

// antd reads media queries and element sizes that happy-dom does not implement
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => cleanup());
