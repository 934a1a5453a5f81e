import { sql } from 'kysely';
import type { Machine } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import { transition, type DocumentDefinition } from './transition.ts';

// The kernel stores only a status the machine declares: an action whose effects decide its status
// (an order following its quantities) may store any of its declared targets and nothing else.

type S = 'open' | 'part' | 'all' | 'closed';
type A = 'ship' | 'close';
const MACHINE: Machine<S, A> = {
  open: { ship: ['part', 'all', 'open'], close: 'closed' },
  part: { ship: ['part', 'all', 'open'], close: 'closed' },
  all: {},
  closed: {},
};
interface Row {
  id: number;
  status: S;
}
const PROBE: DocumentDefinition<Row, S, A, null> = {
  type: 'stock_doc',
  machine: MACHINE,
  lock: async (trx, id) => (await sql<Row>`SELECT id, status FROM transition_probe WHERE id = ${id} FOR UPDATE`.execute(trx)).rows[0],
  visible: () => true,
  statusOf: (row) => row.status,
  notFound: '没有',
  refused: (row, action) => `${row.status}不能${action}`,
  save: (_trx, id, values) => sql`UPDATE transition_probe SET status = ${values.status as string} WHERE id = ${id}`,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await sql`CREATE TABLE transition_probe (id int PRIMARY KEY, status text NOT NULL)`.execute(t.db);
});
afterAll(() => t?.close());

const rollback = new Error('rollback');
/** Runs work on a fresh probe row in a transaction that is always rolled back. */
async function withProbe(status: S, work: (trx: Db) => Promise<void>) {
  await expect(
    t.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO transition_probe (id, status) VALUES (1, ${status})`.execute(trx);
      await work(trx);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
}
const statusOf = async (trx: Db) => (await sql<Row>`SELECT status FROM transition_probe WHERE id = 1`.execute(trx)).rows[0]!.status;
const eventsOf = async (trx: Db) =>
  (
    await sql<{
      action: string;
      from_status: string;
      to_status: string;
    }>`SELECT action, from_status, to_status FROM document_events WHERE document_type = 'stock_doc' AND doc_id = 1 ORDER BY id`.execute(trx)
  ).rows;

describe('transition() and the status it stores', () => {
  it('stores the usual target when the document does not choose', async () => {
    await withProbe('open', async (trx) => {
      await transition(trx, PROBE, null, 1, 'ship', { userId: 1 });
      expect(await statusOf(trx)).toBe('part');
    });
  });

  it('stores any target the machine declares for the action, with its event', async () => {
    for (const chosen of ['all', 'open', 'part'] as const) {
      await withProbe('part', async (trx) => {
        await transition(trx, PROBE, null, 1, 'ship', { userId: 1, status: () => chosen });
        expect(await statusOf(trx)).toBe(chosen);
        expect(await eventsOf(trx)).toEqual([{ action: 'ship', from_status: 'part', to_status: chosen }]);
      });
    }
  });

  it('throws a programming error (not a 4xx) for a status the machine does not declare, and writes nothing', async () => {
    await withProbe('open', async (trx) => {
      const attempt = transition(trx, PROBE, null, 1, 'ship', { userId: 1, status: () => 'closed' });
      await expect(attempt).rejects.toThrow('stock_doc: ship from open may lead to part / all / open, not closed (declare it in the machine)');
      await expect(attempt).rejects.not.toHaveProperty('status');
      expect(await statusOf(trx)).toBe('open');
      expect(await eventsOf(trx)).toEqual([]);
    });
    await withProbe('open', async (trx) => {
      // a single target is checked the same way
      await expect(transition(trx, PROBE, null, 1, 'close', { userId: 1, status: () => 'open' })).rejects.toThrow('close from open may lead to closed, not open');
    });
  });

  it('still refuses an action the machine does not open, as a 409', async () => {
    await withProbe('all', async (trx) => {
      await expect(transition(trx, PROBE, null, 1, 'ship', { userId: 1 })).rejects.toMatchObject({ status: 409, message: 'all不能ship' });
    });
  });
});
