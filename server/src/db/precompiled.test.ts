import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from './database.ts';
import { precompiled } from './precompiled.ts';
import type { Database } from './schema.ts';

// A precompiled query must send exactly what building it afresh with the call's values sends.

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
}) as unknown as Db;

const warehouses = (id: unknown, shopId: unknown) =>
  db
    .selectFrom('warehouses')
    .select(['id', 'name'])
    .where('id', '=', id as number)
    .where('enabled', '=', true)
    .where('shop_id', '=', shopId as number);

describe('precompiled', () => {
  it('answers the text and parameters a fresh build gives, each call with its own values', () => {
    const query = precompiled<'id' | 'shop'>(db, (mark) => warehouses(mark('id'), mark('shop')));
    for (const [id, shop] of [
      [1, 7],
      [42, null],
      [3, 3],
    ]) {
      expect(query({ id, shop }).compile(db)).toMatchObject({ sql: warehouses(id, shop).compile().sql, parameters: [id, true, shop] });
    }
  });

  it('keeps arrays as one parameter and a query without markers as one fragment for every call', () => {
    const lines = precompiled<'skus'>(db, (mark) => sql`SELECT * FROM skus WHERE id = ANY(${mark('skus')}::bigint[]) AND ${'x'} <> ''`);
    expect(lines({ skus: [1, 2, 3] }).compile(db)).toMatchObject({ sql: "SELECT * FROM skus WHERE id = ANY($1::bigint[]) AND $2 <> ''", parameters: [[1, 2, 3], 'x'] });
    const fixed = precompiled(db, () => db.selectFrom('warehouses').select('id').where('type', '<>', 'transit'));
    expect(fixed({})).toBe(fixed({}));
    expect(fixed({}).compile(db)).toMatchObject({ sql: 'select "id" from "warehouses" where "type" <> $1', parameters: ['transit'] });
  });

  it('numbers its parameters after those of the statement it is part of', () => {
    const condition = precompiled<'id'>(
      db,
      (mark) =>
        sql`EXISTS (${db
          .selectFrom('warehouses')
          .select('id')
          .where('id', '=', mark('id') as number)})`,
    );
    const statement = sql`SELECT ${'a'}::text WHERE ${condition({ id: 9 })} AND ${'b'}::text <> ''`.compile(db);
    expect(statement.sql).toBe(`SELECT $1::text WHERE EXISTS ((select "id" from "warehouses" where "id" = $2)) AND $3::text <> ''`);
    expect(statement.parameters).toEqual(['a', 9, 'b']);
  });
});
