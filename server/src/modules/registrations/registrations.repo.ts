import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, countRows, fetchPage } from '../../db/paging.ts';
import type { RegistrationsTable } from '../../db/schema.ts';

/** An application still waiting for review asks for this account name (whatever the case). */
export async function pendingAccountExists(db: Db, account: string): Promise<boolean> {
  const pending = await db
    .selectFrom('registrations')
    .select('id')
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return !!pending;
}

export async function countRecentFromAddress(db: Db, ip: string): Promise<number> {
  const row = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertRegistration(
  db: Db,
  row: Pick<RegistrationsTable, 'account' | 'password_hash' | 'phone' | 'applicant_type' | 'business_name'> & { contact_name: string; ip: string },
) {
  return db.insertInto('registrations').values(row).returning('id').executeTakeFirstOrThrow();
}

export function findPendingAccount(db: Db, account: string) {
  return db
    .selectFrom('registrations')
    .select(['id', 'password_hash'])
    .where(sql<string>`lower(account)`, '=', account.trim().toLowerCase())
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export function findForUpdate(db: Db, id: number) {
  return db.selectFrom('registrations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface RegistrationFilter {
  status?: 'pending' | 'approved' | 'rejected';
  applicantType?: 'shop' | 'agent' | 'supplier';
  /** matches account, phone, business name or contact name */
  keyword?: string;
}

/** The applications under the list's filter: the list and its count read the same rows. */
function filteredRegistrations(db: Db, filter: RegistrationFilter) {
  let base = db.selectFrom('registrations');
  if (filter.status) base = base.where('status', '=', filter.status);
  if (filter.applicantType) base = base.where('applicant_type', '=', filter.applicantType);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or((['account', 'phone', 'business_name', 'contact_name'] as const).map((column) => eb(column, 'ilike', pattern))));
  }
  return base;
}

export const countRegistrations = (db: Db, filter: RegistrationFilter, cap: number) => countRows(filteredRegistrations(db, filter), cap);

export async function pageRegistrations(
  db: Db,
  filter: RegistrationFilter,
  page: { limit: number; offset: number; sortColumn: 'created_at' | 'reviewed_at'; order: 'asc' | 'desc' },
) {
  const base = filteredRegistrations(db, filter);
  return fetchPage(
    base,
    (query) =>
      query
        .select(['id', 'account', 'phone', 'applicant_type', 'business_name', 'contact_name', 'status', 'reject_reason', 'reviewed_at', 'created_at'])
        .orderBy(page.sortColumn, (ob) => (page.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        .orderBy('id', page.order),
    page,
  );
}

export async function markReviewed(db: Db, id: number, review: { status: 'approved' | 'rejected'; reviewedBy: number; userId?: number; reason?: string }) {
  await db
    .updateTable('registrations')
    .set({
      status: review.status,
      reviewed_by: review.reviewedBy,
      reviewed_at: sql`now()`,
      user_id: review.userId ?? null,
      reject_reason: review.reason ?? '',
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}
