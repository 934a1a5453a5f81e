import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UploadsTable } from '../../db/schema.ts';

export async function insertUpload(db: Db, row: Insertable<UploadsTable>): Promise<number> {
  const { id } = await db.insertInto('uploads').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findByKey(db: Db, storageKey: string) {
  return db.selectFrom('uploads').select(['id', 'kind', 'content_type', 'category', 'created_by']).where('storage_key', '=', storageKey).executeTakeFirst();
}
