import { isCalendarDay, isIsoDateTime, OperationLogMessages, type OperationLogRecord } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import * as repo from './operation-logs.repo.ts';

export interface NewOperationLog {
  userId: number | null;
  account: string;
  /** null: the user's current name */
  userName: string | null;
  roleType: string;
  action: OperationLogRecord['action'];
  module: string;
  summary: string;
  method: string;
  path: string;
  targetId: string;
  result: OperationLogRecord['result'];
  code: string;
  message: string;
  ip: string;
  userAgent: string;
  durationMs: number;
}

/** Writes rows in one statement (the hook batches them); a sign-in with a known account or phone is put on that user. */
export async function recordOperations(db: Db, entries: readonly NewOperationLog[]): Promise<void> {
  const rows = [];
  for (const entry of entries) {
    let who = { userId: entry.userId, account: entry.account, userName: entry.userName, roleType: entry.roleType };
    if (who.userId === null && who.account) {
      const user = await repo.findUserByAccountOrPhone(db, who.account);
      if (user) who = { userId: user.id, account: user.account, userName: user.name, roleType: user.role_type };
    }
    rows.push({
      user_id: who.userId,
      account: who.account,
      user_name: who.userName,
      role_type: who.roleType,
      action: entry.action,
      module: entry.module,
      summary: entry.summary,
      method: entry.method,
      path: entry.path,
      target_id: entry.targetId,
      result: entry.result,
      code: entry.code,
      message: entry.message,
      ip: entry.ip,
      user_agent: entry.userAgent,
      duration_ms: entry.durationMs,
    });
  }
  await repo.insertOperationLogs(db, rows);
}

// the business day (DESIGN §3)
const BUSINESS_OFFSET = '+08:00';

/** `from`/`to`: an ISO date (from its first to its last moment in Asia/Shanghai) or a date-time with offset. */
export function parseTimeBound(raw: string | undefined, bound: 'from' | 'to'): Date | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  const bad = () => badRequest(bound === 'from' ? OperationLogMessages.badFrom : OperationLogMessages.badTo);
  if (isCalendarDay(text)) return new Date(`${text}T${bound === 'from' ? '00:00:00.000' : '23:59:59.999'}${BUSINESS_OFFSET}`);
  if (isIsoDateTime(text)) return new Date(text);
  throw bad();
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findOperationLog>>>;

function toRecord(row: Row): OperationLogRecord {
  return {
    id: row.id,
    userId: row.user_id,
    account: row.account,
    userName: row.user_name,
    roleType: row.role_type,
    action: row.action,
    module: row.module,
    summary: row.summary,
    method: row.method,
    path: row.path,
    targetId: row.target_id,
    result: row.result,
    code: row.code,
    message: row.message,
    ip: row.ip,
    userAgent: row.user_agent,
    durationMs: row.duration_ms,
    createdAt: row.created_at.toISOString(),
  };
}

export interface OperationLogQuery {
  from?: string;
  to?: string;
  keyword?: string;
  module?: string;
  action?: OperationLogRecord['action'];
  result?: OperationLogRecord['result'];
  ip?: string;
}

export async function pageOperationLogs(db: Db, query: OperationLogQuery, params: ListParams<'created_at' | 'duration_ms'>) {
  const from = parseTimeBound(query.from, 'from');
  const to = parseTimeBound(query.to, 'to');
  if (from && to && from > to) throw badRequest(OperationLogMessages.rangeReversed);
  const filter = {
    from,
    to,
    keyword: query.keyword || undefined,
    module: query.module || undefined,
    action: query.action,
    result: query.result,
    ip: query.ip || undefined,
  };
  const page = await repo.pageOperationLogs(db, filter, params);
  return { total: page.total, records: page.records.map(toRecord) };
}

export async function operationLogDetail(db: Db, id: number): Promise<OperationLogRecord> {
  const row = await repo.findOperationLog(db, id);
  if (!row) throw notFound(OperationLogMessages.notFound);
  return toRecord(row);
}
