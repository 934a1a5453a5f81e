import type { Db } from '../../db/database.ts';

export async function readSettings(db: Db, keys: string[]): Promise<Record<string, string>> {
  const rows = await db.selectFrom('system_settings').select(['key', 'value']).where('key', 'in', keys).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
