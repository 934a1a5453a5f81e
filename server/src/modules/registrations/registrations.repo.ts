import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { RegistrationsTable } from '../../db/schema.ts';

export async function accountTakenByUser(db: Db, account: string): Promise<boolean> {
  const user = await db.selectFrom('users').select('id').where(sql<string>`lower(account)`, '=', account.toLowerCase()).executeTakeFirst();
  return !!user;
}

/** Taken by a user, or asked for by a pending application. */
export async function accountTaken(db: Db, account: string): Promise<boolean> {
  if (await accountTakenByUser(db, account)) return true;
  const lower = account.toLowerCase();
  const pending = await db
    .selectFrom('registrations')
    .select('id')
    .where(sql<string>`lower(account)`, '=', lower)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return !!pending;
}

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

export async function pageRegistrations(
  db: Db,
  filter: RegistrationFilter,
  page: { limit: number; offset: number; sortColumn: 'created_at' | 'reviewed_at'; order: 'asc' | 'desc' },
) {
  let base = db.selectFrom('registrations');
  if (filter.status) base = base.where('status', '=', filter.status);
  if (filter.applicantType) base = base.where('applicant_type', '=', filter.applicantType);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) =>
      eb.or((['account', 'phone', 'business_name', 'contact_name'] as const).map((column) => eb(column, 'ilike', pattern))),
    );
  }
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

type Registration = Selectable<RegistrationsTable>;

const PARTY_PREFIX = { agent: 'AG', shop: 'SH', supplier: 'SP' } as const;

/** Creates the applicant's party (agent, franchise shop or supplier) and returns its link column. */
export async function createParty(db: Db, reg: Pick<Registration, 'applicant_type' | 'business_name' | 'contact_name' | 'phone'> & { id: number }) {
  const code = `${PARTY_PREFIX[reg.applicant_type]}R${String(reg.id).padStart(4, '0')}`;
  const common = { code, name: reg.business_name, contact_name: reg.contact_name, phone: reg.phone };
  switch (reg.applicant_type) {
    case 'agent': {
      const { id } = await db.insertInto('agents').values(common).returning('id').executeTakeFirstOrThrow();
      return { agent_id: id };
    }
    case 'shop': {
      const { id } = await db.insertInto('shops').values({ ...common, kind: 'franchise', agent_id: null }).returning('id').executeTakeFirstOrThrow();
      return { shop_id: id };
    }
    case 'supplier': {
      const { id } = await db.insertInto('suppliers').values(common).returning('id').executeTakeFirstOrThrow();
      return { supplier_id: id };
    }
  }
}

export async function createApprovedUser(
  db: Db,
  reg: Pick<Registration, 'account' | 'password_hash' | 'phone' | 'applicant_type' | 'business_name' | 'contact_name'>,
  link: { agent_id?: number; shop_id?: number; supplier_id?: number },
) {
  const user = await db
    .insertInto('users')
    .values({
      account: reg.account,
      password_hash: reg.password_hash,
      name: reg.contact_name || reg.business_name,
      phone: reg.phone,
      role_type: reg.applicant_type,
      active: true,
      agent_id: link.agent_id ?? null,
      shop_id: link.shop_id ?? null,
      supplier_id: link.supplier_id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db.selectFrom('roles').select('id').where('code', '=', reg.applicant_type).executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  return user.id;
}

export async function markReviewed(
  db: Db,
  id: number,
  review: { status: 'approved' | 'rejected'; reviewedBy: number; userId?: number; reason?: string },
) {
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
