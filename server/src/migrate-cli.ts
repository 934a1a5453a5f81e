import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { MigrationFailedError, migrateToLatest } from './db/migrate.ts';

const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: resolve(config.dataDir) });
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} catch (error) {
  if (!(error instanceof MigrationFailedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
