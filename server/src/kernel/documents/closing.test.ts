import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import { claimCommitAhead, withTransaction } from '../../db/transaction.ts';
import { deferToClosing, flushClosing, hasDeferredWrites, runWrites, withClosing } from './closing.ts';

// A transition's closing statement: deferred writes run with the header's own write, in one
// statement, and whatever must read them first flushes them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await sql`CREATE TABLE closing_probe (id int PRIMARY KEY, n int NOT NULL CHECK (n >= 0))`.execute(t.db);
});
afterAll(() => t?.close());

const insert = (id: number, n = 1) => ({ query: sql`INSERT INTO closing_probe (id, n) VALUES (${id}, ${n})` });
const count = async (trx: Db) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM closing_probe`.execute(trx)).rows[0]!.n;
const rollback = new Error('rollback');
/** Runs work in a transaction that is always rolled back, so each case starts empty. */
async function inRolledBack(work: (trx: Db) => Promise<void>) {
  await expect(
    t.db.transaction().execute(async (trx) => {
      await work(trx);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
}

describe('closing writes', () => {
  it('outside a transition nothing is deferred', async () => {
    await inRolledBack(async (trx) => {
      expect(deferToClosing(trx, [insert(1)])).toBe(false);
      expect(hasDeferredWrites(trx)).toBe(false);
    });
  });

  it('inside one, writes wait for the closing statement and run there with its own write', async () => {
    await inRolledBack(async (trx) => {
      let seenInside = -1;
      await withClosing(
        trx,
        async () => {
          expect(deferToClosing(trx, [insert(1), insert(2)])).toBe(true);
          expect(hasDeferredWrites(trx)).toBe(true);
          seenInside = await count(trx);
        },
        async (writes) => {
          expect(writes).toHaveLength(2);
          await runWrites(trx, writes, sql`INSERT INTO closing_probe (id, n) VALUES (3, 1)`);
        },
      );
      expect(seenInside).toBe(0);
      expect(await count(trx)).toBe(3);
      expect(hasDeferredWrites(trx)).toBe(false);
    });
  });

  it('a flush runs what waits, before a read that must see it', async () => {
    await inRolledBack(async (trx) => {
      await withClosing(
        trx,
        async () => {
          deferToClosing(trx, [insert(1)]);
          await flushClosing(trx);
          expect(await count(trx)).toBe(1);
        },
        async (writes) => expect(writes).toEqual([]),
      );
    });
  });

  it('a transition inside another first lands the outer one’s writes, and each closes its own', async () => {
    await inRolledBack(async (trx) => {
      const closed: number[] = [];
      await withClosing(
        trx,
        async () => {
          deferToClosing(trx, [insert(1)]);
          await withClosing(
            trx,
            async () => {
              expect(await count(trx)).toBe(1);
              deferToClosing(trx, [insert(2)]);
            },
            async (writes) => {
              closed.push(writes.length);
              await runWrites(trx, writes);
            },
          );
          deferToClosing(trx, [insert(3)]);
        },
        async (writes) => {
          closed.push(writes.length);
          await runWrites(trx, writes);
        },
      );
      expect(closed).toEqual([1, 1]);
      expect(await count(trx)).toBe(3);
    });
  });

  it('a refused deferred write answers as its writer says, and nothing of the statement is written', async () => {
    const refused = new Error('数量不能为负');
    const bad = { query: sql`INSERT INTO closing_probe (id, n) VALUES (9, -1)`, refusal: (e: unknown) => ((e as { code?: string }).code === '23514' ? refused : null) };
    await expect(
      t.db.transaction().execute((trx) =>
        withClosing(
          trx,
          async () => {
            deferToClosing(trx, [insert(8), bad]);
          },
          (writes) => runWrites(trx, writes),
        ),
      ),
    ).rejects.toBe(refused);
    expect(await count(t.db)).toBe(0);
  });
});

describe('the COMMIT sent with the closing statement', () => {
  const closingWith = (trx: Db, id: number, n: number, outermostSeen: boolean[]) =>
    withClosing(
      trx,
      async () => {
        deferToClosing(trx, [insert(id, n)]);
      },
      async (writes, _result, outermost) => {
        outermostSeen.push(outermost);
        return runWrites(trx, writes, undefined, [], outermost && claimCommitAhead(trx));
      },
    );
  const ids = async () => (await sql<{ id: number }>`SELECT id FROM closing_probe ORDER BY id`.execute(t.db)).rows.map((r) => r.id);

  it('commits the transaction with its last statement, and only a transaction that asked for it', async () => {
    const seen: boolean[] = [];
    await withTransaction(t.db, (trx) => closingWith(trx, 20, 1, seen), { endsWithTransition: true });
    expect(seen).toEqual([true]);
    expect(await ids()).toContain(20);
    // not asked for: claimCommitAhead says no, the runner commits as usual
    await t.db.transaction().execute(async (trx) => {
      expect(claimCommitAhead(trx)).toBe(false);
    });
    await sql`DELETE FROM closing_probe`.execute(t.db);
  });

  it('a refused closing statement leaves nothing, answers its refusal, and the connection serves again', async () => {
    const refused = new Error('数量不能为负');
    await expect(
      withTransaction(
        t.db,
        (trx) =>
          withClosing(
            trx,
            async () => {
              deferToClosing(trx, [insert(21), { query: sql`INSERT INTO closing_probe (id, n) VALUES (22, -1)`, refusal: () => refused }]);
            },
            (writes, _r, outermost) => runWrites(trx, writes, undefined, [], outermost && claimCommitAhead(trx)),
          ),
        { endsWithTransition: true },
      ),
    ).rejects.toBe(refused);
    expect(await ids()).toEqual([]);
    await withTransaction(t.db, (trx) => closingWith(trx, 23, 1, []), { endsWithTransition: true });
    expect(await ids()).toEqual([23]);
    await sql`DELETE FROM closing_probe`.execute(t.db);
  });

  it('refuses a statement after the COMMIT went, which would run outside the transaction', async () => {
    await expect(
      withTransaction(
        t.db,
        async (trx) => {
          await closingWith(trx, 24, 1, []);
          await sql`INSERT INTO closing_probe (id, n) VALUES (25, 1)`.execute(trx);
        },
        { endsWithTransition: true },
      ),
    ).rejects.toThrow('statement after the transaction was committed ahead');
    // what went with the COMMIT stands; what came after never ran
    expect(await ids()).toEqual([24]);
    await sql`DELETE FROM closing_probe`.execute(t.db);
  });

  it('an inner transition leaves the COMMIT to the outermost one', async () => {
    const seen: boolean[] = [];
    await withTransaction(
      t.db,
      (trx) =>
        withClosing(
          trx,
          async () => {
            await closingWith(trx, 26, 1, seen);
            deferToClosing(trx, [insert(27)]);
          },
          async (writes, _r, outermost) => {
            seen.push(outermost);
            return runWrites(trx, writes, undefined, [], outermost && claimCommitAhead(trx));
          },
        ),
      { endsWithTransition: true },
    );
    expect(seen).toEqual([false, true]);
    expect(await ids()).toEqual([26, 27]);
    await sql`DELETE FROM closing_probe`.execute(t.db);
  });
});
