import { sql } from 'kysely';
import { STOCK_QUANTITY_MAX, StockDocMessages } from '@erp/shared';
import type { Db } from '../../../db/database.ts';
import { badRequest } from '../../../http/app-error.ts';
import type { DocActionInput } from '../kind-spec.ts';
import type { PostingLine } from '../posting-lines.repo.ts';

/**
 * The measured quantities an action brings (transfer receive, stocktake post): checks every
 * entry names a line of the document once and holds 0…1 000 000, and returns them by line id.
 * Messages number lines by their line no.
 */
export function actualsOf(input: DocActionInput, lines: readonly PostingLine[]): Map<number, number> {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const actuals = new Map<number, number>();
  for (const entry of input.actuals ?? []) {
    const line = byId.get(entry.lineId);
    if (!line) throw badRequest('明细不存在或不属于本单');
    if (actuals.has(line.id)) throw badRequest(`第${line.line_no}行：实际数量重复填写`);
    const q = entry.actualQuantity;
    if (!(typeof q === 'number' && Number.isInteger(q) && q >= 0 && q <= STOCK_QUANTITY_MAX)) throw badRequest(StockDocMessages.actualInvalid(line.line_no));
    actuals.set(line.id, q);
  }
  return actuals;
}

/** Writes each line's actual quantity where it changed, in one statement (a stocktake may have thousands). */
export async function writeActuals(trx: Db, lines: readonly PostingLine[], actual: (line: PostingLine) => number): Promise<void> {
  const changed = lines.map((l) => ({ id: l.id, q: actual(l), was: l.actual_quantity })).filter((l) => l.q !== l.was);
  if (changed.length === 0) return;
  await sql`
    UPDATE stock_doc_lines l SET actual_quantity = v.q
    FROM unnest(${changed.map((c) => c.id)}::bigint[], ${changed.map((c) => c.q)}::int[]) AS v (id, q)
    WHERE l.id = v.id`.execute(trx);
}
