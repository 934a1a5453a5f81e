import { ReorderMessages } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { receivedStyles, styleNoOf, type Buyer } from './reorders.repo.ts';

// 翻单's one rule of its own, kept by the order service on create, edit and submit: every style of a
// re-order is one the buyer already received in the season (an "existing style"). Everything else
// (prices, runs, quota, credit, the audit) is the ordinary order's.

export async function assertExistingStyles(trx: Db, seasonId: number, buyer: Buyer, lines: readonly { product_id: number }[]): Promise<void> {
  const wanted = [...new Set(lines.map((l) => l.product_id))];
  const received = await receivedStyles(trx, seasonId, buyer, wanted);
  const missing = wanted.find((id) => !received.has(id));
  if (missing === undefined) return;
  const style = await styleNoOf(trx, missing);
  throw badRequest(ReorderMessages.styleNotReceived(style?.style_no ?? String(missing)));
}
