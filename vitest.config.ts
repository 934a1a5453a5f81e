import { LongestFirstSequencer } from './e2e/support/sequencer.ts';
import { defineConfig } from 'vitest/config';

// One runner, five projects: `npm test` runs them in order through scripts/test.mjs.
export default defineConfig({
  test: {
    projects: [
      // worker threads for the files without a database: cheaper to start per file than processes (about
      // 10 %); the files share a worker's imports (pure functions, no module mocks): 45 s → 20 s
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'], environment: 'node', pool: 'threads', isolate: false } },
      { test: { name: 'web', root: './web', include: ['src/**/*.test.ts'], environment: 'node', pool: 'threads', isolate: false } },
      {
        // UI pieces (lists, forms, grids, action bars) rendered in a DOM, driven as a user would
        test: {
          name: 'components',
          root: './web',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['./test/setup-components.ts'],
          testTimeout: 20_000,
          pool: 'threads',
          // antd and React load once a worker instead of once a file (imports 241 s → 30 s of the
          // stage); the setup file resets our own modules per file, so a file's vi.mock still holds
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // every file builds its own app and database, so files may share a worker's module cache:
          // importing the whole server once per worker instead of once per file halves the suite
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./support/global-setup.ts'],
          // a journey of several sign-ins on a loaded 2-core machine (a slow day doubles every file's time)
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // a page's first answers on a loaded machine take more than the default second
          expect: { poll: { timeout: 10_000 } },
          // three files at a time on two cores: with the servers' databases on PostgreSQL a browser file
          // waits on its pages more than it computes (346 s against 370 s with two); every file that
          // changes what others read has its own server (usePrivateServer), and animations are off, so
          // a click never lands mid-transition. E2E_WORKERS=n changes it.
          fileParallelism: true,
          // the files share a worker's imports (Playwright, the support helpers: 50 s of imports a
          // run); each file keeps its own browser, server and state
          isolate: false,
          maxWorkers: Number(process.env.E2E_WORKERS) || 3,
          sequence: { sequencer: LongestFirstSequencer },
        },
      },
    ],
  },
});
