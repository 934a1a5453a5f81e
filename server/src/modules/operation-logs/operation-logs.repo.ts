import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { OperationLogsTable } from '../../db/schema.ts';

export interface OperationLogRow {
  user_id: number | null;
  account: string;
  /** null: the user's current name, read in the same statement */
  user_name: string | null;
  role_type: string;
  action: OperationLogsTable['action'];
  module: string;
  summary: string;
  method: string;
  path: string;
  target_id: string;
  result: OperationLogsTable['result'];
  code: string;
  message: string;
  ip: string;
  user_agent: string;
  duration_ms: number;
}

/**
 * One statement for a batch, its columns as arrays: the same text whatever the batch's size (one
 * prepared statement, nothing to build per row), rows in the batch's order.
 */
export async function insertOperationLogs(db: Db, rows: readonly OperationLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof OperationLogRow>(k: K) => rows.map((r) => r[k]);
  await sql`
    INSERT INTO operation_logs (user_id, account, user_name, role_type, action, module, summary, method, path, target_id, result, code, message, ip, user_agent, duration_ms)
    SELECT t.user_id, t.account,
      -- null: the user's current name
      coalesce(t.user_name, (SELECT u.name FROM users u WHERE u.id = t.user_id), ''),
      t.role_type, t.action, t.module, t.summary, t.method, t.path, t.target_id, t.result, t.code, t.message, t.ip, t.user_agent, t.duration_ms
    FROM unnest(${col('user_id')}::bigint[], ${col('account')}::text[], ${col('user_name')}::text[], ${col('role_type')}::text[], ${col('action')}::text[],
      ${col('module')}::text[], ${col('summary')}::text[], ${col('method')}::text[], ${col('path')}::text[], ${col('target_id')}::text[], ${col('result')}::text[],
      ${col('code')}::text[], ${col('message')}::text[], ${col('ip')}::text[], ${col('user_agent')}::text[], ${col('duration_ms')}::integer[])
      WITH ORDINALITY AS t (user_id, account, user_name, role_type, action, module, summary, method, path, target_id, result, code, message, ip, user_agent, duration_ms, n)
    ORDER BY t.n`.execute(db);
}

/** Whose account (or phone) a sign-in tried, to name them in the log. */
export function findUserByAccountOrPhone(db: Db, account: string) {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'name', 'role_type'])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb(sql<string>`lower(account)`, '=', account.toLowerCase()), eb('phone', '=', account)]))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export interface OperationLogFilter {
  from?: Date;
  to?: Date;
  /** account or user name */
  keyword?: string;
  module?: string;
  action?: OperationLogsTable['action'];
  result?: OperationLogsTable['result'];
  ip?: string;
}

const COLUMNS = [
  'id',
  'user_id',
  'account',
  'user_name',
  'role_type',
  'action',
  'module',
  'summary',
  'method',
  'path',
  'target_id',
  'result',
  'code',
  'message',
  'ip',
  'user_agent',
  'duration_ms',
  'created_at',
] as const;

export async function pageOperationLogs(
  db: Db,
  filter: OperationLogFilter,
  page: { limit: number; offset: number; sortColumn: 'created_at' | 'duration_ms'; order: 'asc' | 'desc' },
) {
  let base = db.selectFrom('operation_logs');
  if (filter.from) base = base.where('created_at', '>=', filter.from);
  if (filter.to) base = base.where('created_at', '<=', filter.to);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('account', 'ilike', pattern), eb('user_name', 'ilike', pattern)]));
  }
  if (filter.module) base = base.where('module', '=', filter.module);
  if (filter.action) base = base.where('action', '=', filter.action);
  if (filter.result) base = base.where('result', '=', filter.result);
  if (filter.ip) base = base.where('ip', 'ilike', containsPattern(filter.ip));
  return fetchPage(base, (query) => query.select(COLUMNS).orderBy(page.sortColumn, page.order).orderBy('id', page.order), page);
}

export function findOperationLog(db: Db, id: number) {
  return db.selectFrom('operation_logs').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}
