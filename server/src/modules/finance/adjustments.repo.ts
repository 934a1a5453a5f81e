import { sql, type Expression, type SqlBool } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { partyNameOf } from './finance-parties.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { FinanceAdjustmentsTable } from '../../db/schema-finance.ts';
import type { AdjustmentSortColumn } from './adjustments.schema.ts';

/** All SQL of 调整单 (finance_adjustments). */

type Page<S> = { limit: number; offset: number; sortColumn: S; order: 'asc' | 'desc' };

export async function insertAdjustment(trx: Db, values: Insertable<FinanceAdjustmentsTable>): Promise<number> {
  const row = await trx.insertInto('finance_adjustments').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export function lockAdjustment(trx: Db, id: number) {
  return trx.selectFrom('finance_adjustments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export type AdjustmentRow = NonNullable<Awaited<ReturnType<typeof lockAdjustment>>>;

/** The status and stamps of a transition (built, not run: the kernel runs it with its event). */
export function updateAdjustmentQuery(trx: Db, id: number, values: Record<string, unknown>) {
  return trx.updateTable('finance_adjustments').set(values).where('id', '=', id);
}

const partyName = partyNameOf('a.party_type', 'a.party_id');

function withNames(db: Db) {
  return db.selectFrom('finance_adjustments as a').leftJoin('users as cu', 'cu.id', 'a.created_by').leftJoin('users as vu', 'vu.id', 'a.voided_by');
}

const columns = [
  'a.id',
  'a.doc_no',
  'a.party_type',
  'a.party_id',
  'a.amount_fen',
  'a.reason',
  'a.status',
  'a.void_reason',
  'a.created_at',
  'a.voided_at',
  partyName.as('party_name'),
  sql<string>`coalesce(cu.name, cu.account, '')`.as('created_by_name'),
  sql<string>`coalesce(vu.name, vu.account, '')`.as('voided_by_name'),
] as const;

export interface AdjustmentFilter {
  status?: 'posted' | 'voided';
  partyType?: 'agent' | 'shop' | 'supplier';
  partyId?: number;
  keyword?: string;
}

export async function pageAdjustments(db: Db, inScope: Expression<SqlBool>, filter: AdjustmentFilter, page: Page<AdjustmentSortColumn>) {
  let base = withNames(db).where(inScope);
  if (filter.status) base = base.where('a.status', '=', filter.status);
  if (filter.partyType) base = base.where('a.party_type', '=', filter.partyType);
  if (filter.partyId) base = base.where('a.party_id', '=', filter.partyId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('a.doc_no', 'ilike', pattern), eb('a.reason', 'ilike', pattern), eb(partyName, 'ilike', pattern)]));
  }
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  return fetchPage(base, (q) => q.select([...columns]).orderBy(sql`${sql.raw(page.sortColumn)} ${direction}, a.id ${direction}`), page);
}

export function adjustmentById(db: Db, id: number) {
  return withNames(db)
    .select([...columns])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** A 调整单 by its exact number, whoever's. */
export function findAdjustmentIdByNo(db: Db, docNo: string) {
  return db.selectFrom('finance_adjustments').select('id').where('doc_no', '=', docNo).executeTakeFirst();
}
