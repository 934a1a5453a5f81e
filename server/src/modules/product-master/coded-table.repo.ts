import { sql, type Generated, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { Database, Timestamp } from '../../db/schema.ts';

// Brands and colours are the same kind of table (unique code and name, sort, enabled) and the same
// SQL serves both; each entity's repo binds it to its table and keeps its own function names.

/** The columns these queries touch. */
interface CodedColumns {
  id: Generated<number>;
  code: string;
  name: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  updated_at: Timestamp;
}

/** Tables that have the shared columns. */
export type CodedTable = { [K in keyof Database]: Database[K] extends CodedColumns ? K : never }[keyof Database];

export interface CodedFilter {
  keyword?: string;
  enabled?: boolean;
}

/** Kysely cannot type one query over "whichever table": queries see a table of the shared columns, rows are cast back. */
type SharedDb = Kysely<{ coded: CodedColumns }>;

export function codedTableRepo<T extends CodedTable, O extends keyof Selectable<Database[T]> & string>(table: T, optionColumns: readonly O[]) {
  type Row = Selectable<Database[T]>;
  const from = table as unknown as 'coded';
  const shared = (db: Db) => db as unknown as SharedDb;

  function page(db: Db, filter: CodedFilter, page: { limit: number; offset: number; sortColumn: `${T}.${string}`; order: 'asc' | 'desc' }) {
    let base = shared(db).selectFrom(from);
    if (filter.enabled !== undefined) base = base.where('enabled', '=', filter.enabled);
    if (filter.keyword) {
      const pattern = containsPattern(filter.keyword);
      base = base.where((eb) => eb.or([eb('code', 'ilike', pattern), eb('name', 'ilike', pattern)]));
    }
    const rows = (query: typeof base) => query.selectAll().orderBy(sql.ref(page.sortColumn), page.order).orderBy('id', page.order);
    return fetchPage(base, rows, page) as unknown as Promise<{ records: Row[]; total: number }>;
  }

  function enabled(db: Db): Promise<Pick<Row, O>[]> {
    const columns = optionColumns as unknown as (keyof CodedColumns)[];
    return shared(db).selectFrom(from).select(columns).where('enabled', '=', true).orderBy('sort').orderBy('id').execute() as never;
  }

  function find(db: Db, id: number, forUpdate = false): Promise<Row | undefined> {
    const query = shared(db).selectFrom(from).selectAll().where('id', '=', id);
    return (forUpdate ? query.forUpdate() : query).executeTakeFirst() as never;
  }

  /** Which of code and name another row already has. */
  async function clash(db: Db, code: string, name: string, exceptId?: number): Promise<'code' | 'name' | null> {
    let query = shared(db)
      .selectFrom(from)
      .select(['code', 'name'])
      .where((eb) => eb.or([eb('code', '=', code), eb('name', '=', name)]));
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    const rows = await query.execute();
    if (rows.some((row) => row.code === code)) return 'code';
    return rows.length > 0 ? 'name' : null;
  }

  function insert(db: Db, values: Insertable<Database[T]>) {
    return shared(db)
      .insertInto(from)
      .values(values as never)
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async function update(db: Db, id: number, values: Insertable<Database[T]>) {
    await shared(db)
      .updateTable(from)
      .set({ ...(values as object), updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  async function remove(db: Db, id: number) {
    await shared(db).deleteFrom(from).where('id', '=', id).execute();
  }

  return { page, enabled, find, clash, insert, update, remove };
}
