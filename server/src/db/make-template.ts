// Build step (server/build.mjs): a new PGlite with every migration applied, dumped to the file
// given, so the first start of an empty data directory loads it instead of running initdb.
import { writeFileSync } from 'node:fs';
import { createPglite, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const target = process.argv[2];
if (!target) throw new Error('usage: make-template <file.tar.gz>');
const pglite = await createPglite();
const handle = await openDatabase({ pglite });
try {
  await migrateToLatest(handle.db);
  // a checkpoint first, so the dump holds the migrated tables in their files, not only in the WAL
  await pglite.exec('CHECKPOINT');
  const dump = await pglite.dumpDataDir('gzip');
  writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
} finally {
  await handle.close();
}
