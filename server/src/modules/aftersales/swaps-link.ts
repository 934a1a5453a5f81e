import { formatYuan, ReturnMessages as M } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import type { SourceEvent, SourceHooks } from '../../kernel/documents/source-hooks.ts';
import { transition } from '../../kernel/documents/transition.ts';
import { postEntries, reverseEntries } from '../../kernel/ledgers/money.ts';
import { transferSpec } from '../stock-docs/doc-kinds.service.ts';
import { actOnDocIn } from '../stock-docs/stock-docs.service.ts';
import * as repo from './returns.repo.ts';
import { HQ_CONTEXT, returnDefinition } from './returns.service.ts';

// What a swap's transfers do to it (issue 26), inside the transfer's transaction (the transfer's
// row is locked first, then the swap's). The back leg (stock_doc_id) and the out leg (out_doc_id)
// travel apart, in either order:
// - shipped: the leg's step is logged; the swap stays 已审核.
// - received: the leg's lines take what arrived. When the other leg has arrived too, the billed
//   party's 应收 takes the difference once — out at the swap's prices less back at the charged
//   prices, each for the pieces that arrived — and the swap is done.
// - voided: the swap is voided, what it posted reversed, and the other leg voided with it.
// A swap audited before the legs travelled has one exchange document (posted: both legs at once).

/** The return (or swap) the stock document was made for, locked. */
export async function lockedReturn(trx: Db, event: SourceEvent) {
  const row = event.document.sourceId === null ? undefined : await repo.lockReturn(trx, event.document.sourceId);
  if (!row) throw badRequest(M.notFound);
  return row;
}

/** The party whose 应收 a return or swap posts to (none for HQ's direct shops). */
export const partyOf = (row: repo.ReturnRow) => (row.billed_type && row.billed_id ? { partyType: row.billed_type, partyId: Number(row.billed_id) } : null);

const legOf = (row: repo.ReturnRow, docId: number) => (row.stock_doc_id === docId ? 'back' : row.out_doc_id === docId ? 'out' : null);

const arrivedByLine = (event: SourceEvent) => {
  const arrived = new Map<number, number>();
  for (const l of event.lines) if (l.sourceLineId) arrived.set(l.sourceLineId, (arrived.get(l.sourceLineId) ?? 0) + l.quantity);
  return arrived;
};

/** Posts the difference of what arrived both ways (once: when the second leg arrives) and stamps the swap done. */
async function settle(trx: Db, row: repo.ReturnRow, event: SourceEvent, received: Map<number, number>): Promise<void> {
  let back = 0;
  let out = 0;
  for (const line of await repo.linesOf(trx, row.id)) {
    const value = (received.get(line.id) ?? line.received_quantity) * Number(line.unit_price_fen);
    if (line.leg === 'out') out += value;
    else back += value;
  }
  const party = partyOf(row);
  const difference = out - back;
  if (party && difference !== 0) {
    await postEntries(trx, {
      document: { type: 'stock_doc', id: event.document.id },
      userId: event.userId,
      entries: [
        {
          ...party,
          accountKind: 'receivable',
          amountFen: difference,
          entryType: 'sales_swap',
          origin: { type: 'sales_return', id: row.id },
          memo: `换货单${row.return_no}：换出 ${formatYuan(out)}，退回 ${formatYuan(back)}`,
        },
      ],
    });
  }
  await repo.updateReturn(trx, row.id, { settled_fen: party ? difference : 0, done_by: event.userId, done_at: new Date() });
}

async function shipped(trx: Db, event: SourceEvent): Promise<void> {
  const row = await lockedReturn(trx, event);
  const leg = legOf(row, event.document.id);
  if (!leg || row.status !== 'audited') return;
  await transition(trx, returnDefinition('swap'), HQ_CONTEXT(event.userId), row.id, leg === 'back' ? 'ship' : 'ship_out', { userId: event.userId });
}

async function received(trx: Db, event: SourceEvent): Promise<void> {
  const row = await lockedReturn(trx, event);
  const leg = legOf(row, event.document.id);
  if (!leg || row.status !== 'audited') return;
  const arrived = arrivedByLine(event);
  const received = new Map<number, number>();
  let pieces = 0;
  for (const line of (await repo.linesOf(trx, row.id)).filter((l) => l.leg === leg)) {
    const q = arrived.get(line.id) ?? 0;
    received.set(line.id, q);
    pieces += q;
    await repo.setLineFigures(trx, line.id, { received_quantity: q });
  }
  if (leg === 'back') await repo.updateReturn(trx, row.id, { received_quantity: pieces });
  // the other leg's transfer, as committed before this swap's lock was granted
  const complete = (await repo.docStatus(trx, leg === 'back' ? row.out_doc_id : row.stock_doc_id)) === 'posted';
  if (complete) await settle(trx, row, event, received);
  await transition(trx, returnDefinition('swap'), HQ_CONTEXT(event.userId), row.id, leg === 'back' ? 'receive' : 'receive_out', {
    userId: event.userId,
    status: () => (complete ? 'done' : 'audited'),
  });
}

/** A swap audited before the legs travelled: its exchange document moved both legs at once. */
async function posted(trx: Db, event: SourceEvent): Promise<void> {
  const row = await lockedReturn(trx, event);
  if (row.stock_doc_id !== event.document.id || row.out_doc_id !== null) return;
  const received = new Map<number, number>();
  let pieces = 0;
  for (const line of await repo.linesOf(trx, row.id)) {
    const q = line.leg === 'out' ? line.quantity : (line.approved_quantity ?? 0);
    received.set(line.id, q);
    if (line.leg === 'back') pieces += q;
    await repo.setLineFigures(trx, line.id, { received_quantity: q });
  }
  await repo.updateReturn(trx, row.id, { received_quantity: pieces });
  await settle(trx, row, event, received);
  await transition(trx, returnDefinition('swap'), HQ_CONTEXT(event.userId), row.id, 'receive', { userId: event.userId });
}

async function voided(trx: Db, event: SourceEvent): Promise<void> {
  const row = await lockedReturn(trx, event);
  const leg = legOf(row, event.document.id);
  if (!leg || row.status === 'voided') return;
  if (row.status === 'done') {
    // the difference was posted with whichever leg arrived last
    for (const docId of [row.stock_doc_id, row.out_doc_id]) if (docId !== null) await reverseEntries(trx, { type: 'stock_doc', id: docId }, event.userId, { optional: true });
    await repo.updateReturn(trx, row.id, { settled_fen: 0 });
  }
  for (const line of await repo.linesOf(trx, row.id)) await repo.setLineFigures(trx, line.id, { received_quantity: 0, defective_quantity: 0 });
  await repo.updateReturn(trx, row.id, { received_quantity: 0 });
  await transition(trx, returnDefinition('swap'), HQ_CONTEXT(event.userId), row.id, 'void', { userId: event.userId, reason: `${event.document.docNo}作废` });
  // one leg voided on the warehouse's page takes the other with it (its hook finds the swap voided)
  const other = leg === 'back' ? row.out_doc_id : row.stock_doc_id;
  if (other !== null && (await repo.docStatus(trx, other)) !== 'void') {
    await actOnDocIn(trx, transferSpec, { userId: event.userId, scope: { kind: 'all' }, permissions: new Set() }, other, 'void', { reason: `换货单${row.return_no}作废` });
  }
}

export const swapHooks: SourceHooks = { shipped, received, posted, voided };
