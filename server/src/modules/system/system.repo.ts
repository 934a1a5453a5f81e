import type { Db } from '../../db/database.ts';

export async function readSettings(db: Db, keys: string[]): Promise<Record<string, string>> {
  const rows = await db.selectFrom('system_settings').select(['key', 'value']).where('key', 'in', keys).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Sets each key's value (inserting a missing key), inside the caller's transaction. */
export async function writeSettings(trx: Db, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await trx
      .insertInto('system_settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
      .execute();
  }
}
