import type { TestProject } from 'vitest/node';
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
  }
}

/** One shared server for the e2e files; a file that changes seeded accounts starts its own (startServer). */
export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  const server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('chromiumPath', chromiumPath);
  return () => server.stop();
}
