import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/demo/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Embedded runs: migrate and seed one PGlite once, dump it, and let every test file load the dump
 * (about 0.5 s) instead of running initdb (about 3 s). With DATABASE_URL each file makes its own schema.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'erp-test-'));
  const pglite = await createPglite();
  const handle = await openDatabase({ pglite });
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db);
  const dump = await pglite.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
