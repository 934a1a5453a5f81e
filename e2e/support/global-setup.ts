import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { createDatabase, dropDatabase, postgresAvailable } from './databases.ts';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** a data directory seeded with the demo data once, copied by every server the files start */
    seededDataDir: string;
    /** on PostgreSQL: the database seeded once, the template of every server's own ('' embedded) */
    seededDatabase: string;
  }
}

/**
 * One shared server for the e2e files; a file that changes seeded accounts starts its own
 * (startServer). The demo data is seeded once, by a first server that then stops; every server
 * starts on a copy of its data directory instead of seeding again (seconds per file).
 */
export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  const seededDatabase = (await postgresAvailable()) ? `erp_e2e_${process.pid}` : '';
  if (seededDatabase) await createDatabase(seededDatabase);
  const seeding = await startServer({ keep: true, database: seededDatabase || undefined });
  await seeding.stop();
  const server = await startServer({ seeded: seeding.dataDir, template: seededDatabase || undefined });
  project.provide('baseUrl', server.url);
  project.provide('chromiumPath', chromiumPath);
  project.provide('seededDataDir', seeding.dataDir);
  project.provide('seededDatabase', seededDatabase);
  return async () => {
    await server.stop();
    rmSync(seeding.dataDir, { recursive: true, force: true });
    if (seededDatabase) await dropDatabase(seededDatabase);
  };
}
