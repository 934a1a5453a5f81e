import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { docNoExpression, nextDocNo } from './numbering.ts';

// Numbers drawn inside a document's own insert (docNoExpression) continue the daily series that
// nextDocNo starts, never cut a long number, and never assume another database's series.

let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  [one, two] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
});

const draw = async (t: TestApp, prefix: string) =>
  t.db.transaction().execute(async (trx) => (await sql<{ no: string }>`SELECT ${await docNoExpression(trx, prefix)} AS no`.execute(trx)).rows[0]!.no);
const dayOf = (no: string, prefix: string) => no.slice(prefix.length, prefix.length + 8);
const seqOf = (no: string) => Number(no.split('-').pop());

describe('document numbers drawn inside the insert', () => {
  it('continue the day’s series, one after another', async () => {
    const first = await one.db.transaction().execute((trx) => nextDocNo(trx, 'CK'));
    const next = [await draw(one, 'CK'), await draw(one, 'CK'), await draw(one, 'CK')];
    expect(next.map((n) => dayOf(n, 'CK'))).toEqual([dayOf(first, 'CK'), dayOf(first, 'CK'), dayOf(first, 'CK')]);
    expect(next.map(seqOf)).toEqual([seqOf(first) + 1, seqOf(first) + 2, seqOf(first) + 3]);
    expect(next[0]).toMatch(/^CK\d{8}-\d{4}$/);
  });

  it('keep every digit of a number past 9999', async () => {
    const last = await draw(one, 'CK');
    await sql`SELECT setval('doc_no_ck', nextval('doc_no_ck') + 10000)`.execute(one.db);
    expect(seqOf(await draw(one, 'CK')) - seqOf(last)).toBeGreaterThan(10000);
    expect(await draw(one, 'CK')).toMatch(/^CK\d{8}-\d{5}$/);
  });

  it('a database this process has not numbered in starts its own series first', async () => {
    await draw(one, 'RK');
    const fresh = await draw(two, 'RK');
    expect(seqOf(fresh)).toBe(1);
    expect(seqOf(await draw(two, 'RK'))).toBe(2);
  });
});
