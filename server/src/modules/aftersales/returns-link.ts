import type { Db } from '../../db/database.ts';
import { registerSourceHooks, type SourceEvent } from '../../kernel/documents/source-hooks.ts';
import { postEntries, reverseEntries } from '../../kernel/ledgers/money.ts';
import { transition } from '../../kernel/documents/transition.ts';
import * as repo from './returns.repo.ts';
import { RETURN_SOURCES } from './returns-flow.service.ts';
import { HQ_CONTEXT, returnDefinition } from './returns.service.ts';
import { lockedReturn, partyOf, swapHooks } from './swaps-link.ts';

// What a return's stock document does to the return, inside that document's transaction (DESIGN
// §9: sources are hooks). The document's row is locked first, then the return's.
// - 退货 transfer shipped: the return is 退回在途.
// - received: each line takes what arrived; the billed party's 应收 is credited at the order lines'
//   prices (what it was charged, whatever the price is today); the return is done.
// - voided: the return is voided and any money it posted is reversed.
// A swap's two transfers are linked in swaps-link.ts.

async function shipped(trx: Db, event: SourceEvent): Promise<void> {
  const row = await lockedReturn(trx, event);
  if (row.stock_doc_id !== event.document.id) return;
  await transition(trx, returnDefinition(row.kind), HQ_CONTEXT(event.userId), row.id, 'ship', { userId: event.userId });
}

async function received(trx: Db, event: SourceEvent): Promise<void> {
  const row = await lockedReturn(trx, event);
  if (row.stock_doc_id !== event.document.id) return;
  const arrived = new Map<number, number>();
  for (const l of event.lines) if (l.sourceLineId) arrived.set(l.sourceLineId, (arrived.get(l.sourceLineId) ?? 0) + l.quantity);
  const lines = (await repo.linesOf(trx, row.id)).filter((l) => l.leg === 'back');
  let pieces = 0;
  let credit = 0;
  for (const line of lines) {
    const q = arrived.get(line.id) ?? 0;
    pieces += q;
    credit += q * Number(line.unit_price_fen);
    await repo.setLineFigures(trx, line.id, { received_quantity: q });
  }
  const party = partyOf(row);
  if (party && credit > 0) {
    await postEntries(trx, {
      document: { type: 'stock_doc', id: event.document.id },
      userId: event.userId,
      entries: [
        {
          ...party,
          accountKind: 'receivable',
          amountFen: -credit,
          quantity: -pieces,
          entryType: 'sales_return',
          origin: { type: 'sales_return', id: row.id },
          memo: `退货单${row.return_no} 调拨单${event.document.docNo}`,
        },
      ],
    });
  }
  await repo.updateReturn(trx, row.id, { received_quantity: pieces, settled_fen: party ? -credit : 0 });
  await transition(trx, returnDefinition(row.kind), HQ_CONTEXT(event.userId), row.id, 'receive', { userId: event.userId });
}

async function voided(trx: Db, event: SourceEvent): Promise<void> {
  const row = await lockedReturn(trx, event);
  if (row.stock_doc_id !== event.document.id || row.status === 'voided') return;
  if (row.status === 'done') {
    await reverseEntries(trx, { type: 'stock_doc', id: event.document.id }, event.userId, { optional: true });
    for (const line of await repo.linesOf(trx, row.id)) if (line.leg === 'back') await repo.setLineFigures(trx, line.id, { received_quantity: 0, defective_quantity: 0 });
    await repo.updateReturn(trx, row.id, { received_quantity: 0, settled_fen: 0 });
  }
  await transition(trx, returnDefinition(row.kind), HQ_CONTEXT(event.userId), row.id, 'void', { userId: event.userId, reason: `${event.document.docNo}作废` });
}

/** Registers what the returns' stock documents do to them (once, with the routes). */
export function registerReturnSources(): void {
  registerSourceHooks(RETURN_SOURCES.return, { shipped, received, voided });
  registerSourceHooks(RETURN_SOURCES.swap, swapHooks);
}
