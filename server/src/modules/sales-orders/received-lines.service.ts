import type { Db } from '../../db/database.ts';
import { linesOfSourceLines } from '../stock-docs/stock-docs.service.ts';
import { SALES_SOURCE } from './allocation.service.ts';
import * as repo from './received-lines.repo.ts';

export type { ReceivedLineRow } from './received-lines.repo.ts';
export const receivedLines = repo.receivedLines;
export const lockOrderLines = repo.lockOrderLines;
export const shippedAmount = repo.shippedAmount;
export const seasonsReceived = repo.seasonsReceived;

/** Shanghai calendar day of a time. */
const shanghaiDay = (t: Date | string) => new Date(new Date(t).getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** The last day goods of each order line arrived at the shop (its 配货出库 received), by order line id. */
export async function lastReceiptDays(db: Db, orderLineIds: readonly number[]): Promise<Map<number, string>> {
  const days = new Map<number, string>();
  if (orderLineIds.length === 0) return days;
  for (const row of await linesOfSourceLines(db, SALES_SOURCE, orderLineIds)) {
    if (row.status !== 'posted' || !row.posted_at || row.source_line_id === null) continue;
    const day = shanghaiDay(row.posted_at);
    const known = days.get(row.source_line_id);
    if (!known || day > known) days.set(row.source_line_id, day);
  }
  return days;
}
