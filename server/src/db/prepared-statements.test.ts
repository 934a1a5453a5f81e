import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PREPARED_PER_CONNECTION, type DatabaseHandle } from './database.ts';
import { pipeline } from './pipeline.ts';

// Statements sent again and again are prepared once per connection (database.ts). PostgreSQL
// only: the embedded database keeps its statements unnamed. One connection, so
// pg_prepared_statements shows what that connection holds.

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('prepared statements on PostgreSQL', () => {
  const schema = `prep_${randomBytes(4).toString('hex')}`;
  let handle: DatabaseHandle;
  const tag = randomBytes(3).toString('hex');

  beforeAll(async () => {
    const admin = await openDatabase({ databaseUrl, poolSize: 1 });
    await sql.raw(`CREATE SCHEMA ${schema}`).execute(admin.db);
    await admin.close();
    handle = await openDatabase({ databaseUrl, schema, poolSize: 1 });
  });
  afterAll(async () => {
    await handle?.close();
    const admin = await openDatabase({ databaseUrl, poolSize: 1 });
    await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(admin.db);
    await admin.close();
  });

  const prepared = async (marker: string) =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE ${`%${marker}%`}`.execute(handle.db)).rows[0]!.n;

  it('prepares a statement from its second call on, once, and answers the same', async () => {
    const marker = `one_${tag}`;
    const query = (n: number) => sql<{ n: number }>`SELECT ${n}::int + 1 AS ${sql.ref(marker)}`.execute(handle.db);
    expect((await query(1)).rows[0]).toEqual({ [marker]: 2 });
    expect(await prepared(marker)).toBe(0);
    for (let i = 2; i <= 10; i += 1) expect((await query(i)).rows[0]).toEqual({ [marker]: i + 1 });
    expect(await prepared(marker)).toBe(1);
  });

  it('leaves searches unnamed: their plan depends on the value searched for', async () => {
    const marker = `search_${tag}`;
    for (let i = 0; i < 3; i += 1) await sql`SELECT ${'abc'}::text ILIKE ${'%b%'} AS ${sql.ref(marker)}`.execute(handle.db);
    for (let i = 0; i < 3; i += 1) await sql`SELECT ARRAY[1, 2] @> ${[1]}::int[] AS ${sql.ref(marker)}`.execute(handle.db);
    expect(await prepared(marker)).toBe(0);
  });

  it('leaves statements without parameters unnamed', async () => {
    const marker = `plain_${tag}`;
    for (let i = 0; i < 3; i += 1) await sql.raw(`SELECT 1 AS ${marker}`).execute(handle.db);
    expect(await prepared(marker)).toBe(0);
  });

  it('keeps at most PREPARED_PER_CONNECTION statements on a connection, and still answers the rest', async () => {
    const marker = `many_${tag}`;
    for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i += 1) {
      for (let j = 0; j < 2; j += 1) {
        const { rows } = await sql<{ v: number }>`SELECT ${i}::int AS v, ${sql.raw(`'${marker}_${i}'`)} AS m`.execute(handle.db);
        expect(rows[0]!.v).toBe(i);
      }
    }
    expect(await prepared(marker)).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
  });

  it('a statement that fails to parse is not kept, and the connection goes on', async () => {
    const bad = () => sql`SELECT ${1}::int FROM no_such_table_${sql.raw(tag)}`.execute(handle.db);
    await expect(bad()).rejects.toMatchObject({ code: '42P01' });
    await expect(bad()).rejects.toMatchObject({ code: '42P01' });
    await expect(bad()).rejects.toMatchObject({ code: '42P01' });
    expect((await sql<{ n: number }>`SELECT ${41}::int + 1 AS n`.execute(handle.db)).rows[0]!.n).toBe(42);
  });

  it('a table changed under a prepared statement (a newer process migrating) fails that call once, then works', async () => {
    await sql`CREATE TABLE t (id int PRIMARY KEY, a text)`.execute(handle.db);
    await sql`INSERT INTO t VALUES (1, 'x')`.execute(handle.db);
    const read = () => sql<Record<string, unknown>>`SELECT * FROM t WHERE id = ${1}`.execute(handle.db);
    await read();
    await read();
    await sql`ALTER TABLE t ADD COLUMN b text NOT NULL DEFAULT 'y'`.execute(handle.db);
    // PostgreSQL either re-analyses the statement or refuses its cached plan (0A000) once; then the
    // connection prepares the text afresh
    const first = await read().catch((error: { code?: string }) => error);
    if ('code' in first) expect(first.code).toBe('0A000');
    expect((await read()).rows[0]).toEqual({ id: 1, a: 'x', b: 'y' });
  });

  describe('statements issued together leave together; BEGIN travels with the first statement', () => {
    const probe = `begin_probe_${tag}`;
    let writes = 0;
    let restore: () => void;
    beforeAll(async () => {
      await sql`CREATE TABLE ${sql.id(probe)} (id int PRIMARY KEY, n int NOT NULL CHECK (n >= 0))`.execute(handle.db);
      // what goes over the wire: the socket writes of every connection
      const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>;
      const [write, writev] = [socket._write, socket._writev];
      socket._write = function (this: unknown, ...a: unknown[]) {
        writes += 1;
        return write.apply(this, a);
      };
      socket._writev = function (this: unknown, ...a: unknown[]) {
        writes += 1;
        return writev.apply(this, a);
      };
      restore = () => Object.assign(socket, { _write: write, _writev: writev });
    });
    afterAll(() => restore?.());
    const rows = async () => (await sql<{ id: number }>`SELECT id FROM ${sql.id(probe)} ORDER BY id`.execute(handle.db)).rows.map((r) => r.id);
    const insert = (trx: typeof handle.db, id: number, n = 1) => sql`INSERT INTO ${sql.id(probe)} (id, n) VALUES (${id}, ${n})`.execute(trx);

    it('a transaction of two statements costs three writes: BEGIN with the first, the second, COMMIT', async () => {
      await handle.db.transaction().execute((trx) => insert(trx, 1));
      writes = 0;
      await handle.db.transaction().execute(async (trx) => {
        await insert(trx, 2);
        await insert(trx, 3);
      });
      expect(writes).toBe(3);
      expect(await rows()).toEqual([1, 2, 3]);
    });

    it('two statements issued at once leave in one write and answer in order, each after the one before', async () => {
      writes = 0;
      const [a, b] = await handle.db
        .transaction()
        .execute((trx) =>
          pipeline(trx, [
            sql<{ n: number }>`UPDATE ${sql.id(probe)} SET n = n + 1 WHERE id = ${1} RETURNING n`,
            sql<{ n: number }>`SELECT n FROM ${sql.id(probe)} WHERE id = ${1}`,
          ] as const),
        );
      expect([a[0]!.n, b[0]!.n]).toEqual([2, 2]);
      // BEGIN with the two statements; COMMIT
      expect(writes).toBe(2);
    });

    it('a failed statement rolls its transaction back, the one issued with it fails too, and the connection goes on', async () => {
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await insert(trx, 11);
          await insert(trx, 12, -1);
        }),
      ).rejects.toMatchObject({ code: '23514' });
      const row = (id: number, n: number) => sql`INSERT INTO ${sql.id(probe)} (id, n) VALUES (${id}, ${n})`;
      const both = handle.db.transaction().execute((trx) => pipeline(trx, [row(13, -1), row(14, 1)] as const));
      await expect(both).rejects.toMatchObject({ code: '23514' });
      expect(await rows()).toEqual([1, 2, 3]);
      expect((await sql<{ n: number }>`SELECT ${5}::int AS n`.execute(handle.db)).rows[0]!.n).toBe(5);
    });

    it('an empty transaction, one that throws before any statement, and one that starts with a plain statement all behave', async () => {
      await handle.db.transaction().execute(async () => {});
      await expect(
        handle.db.transaction().execute(async () => {
          throw new Error('早退');
        }),
      ).rejects.toThrow('早退');
      await handle.db.transaction().execute(async (trx) => {
        await sql.raw('SET LOCAL statement_timeout = 0').execute(trx);
        await insert(trx, 20);
      });
      const open = (await sql<{ open: boolean }>`SELECT now() <> statement_timestamp() AS open`.execute(handle.db)).rows[0]!.open;
      expect(open).toBe(false);
      expect(await rows()).toEqual([1, 2, 3, 20]);
    });
  });
});
