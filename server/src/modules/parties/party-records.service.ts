import { partyCodeTaken, partyNotFound, type PartyKind } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { isUniqueViolation, statusOf, type PartyScope } from './party-scope.ts';
import { assertHqCreates, trimmed } from './party-status.service.ts';

// 代理商 and 供应商 keep the same rules on their own tables: HQ adds, the whole record is replaced
// on save, codes are unique regardless of case. Each kind brings its repo and its extra fields.

/** A unique index tripped by a concurrent save (checked before, so this is the rare race). */
export async function uniqueCode<T>(codeOf: () => string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(partyCodeTaken(codeOf()));
    throw error;
  }
}

/** The columns every party row has. */
export interface PartyBaseRow extends ReturnType<typeof partyBaseValues> {
  id: number;
  enabled: boolean;
  account_count: number | string | null;
  created_at: Date;
  updated_at: Date;
}

export function partyBaseRecord(row: PartyBaseRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    contactName: row.contact_name,
    phone: row.phone,
    address: row.address,
    remark: row.remark,
    status: statusOf(row.enabled),
    accountCount: Number(row.account_count ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

interface PartyBaseBody {
  code?: string | null;
  name?: string | null;
  contactName?: string | null;
  phone?: string | null;
  address?: string | null;
  remark?: string | null;
}

/** The stored form of the fields every party form has: trimmed, empty when left out. */
export function partyBaseValues(body: PartyBaseBody) {
  return {
    code: trimmed(body.code),
    name: trimmed(body.name),
    contact_name: trimmed(body.contactName),
    phone: trimmed(body.phone),
    address: trimmed(body.address),
    remark: trimmed(body.remark),
  };
}

export interface PartyRecordSpec<Body, Values extends { code: string }, Row, Rec, Filter, Sort extends string> {
  kind: PartyKind;
  inputProblem: (body: Body) => string | null;
  /** called once the input passed inputProblem */
  values: (body: Body) => Values;
  toRecord: (row: Row) => Rec;
  repo: {
    page: (db: Db, scope: PartyScope, filter: Filter, params: ListParams<Sort>) => Promise<{ records: Row[]; total: number }>;
    find: (db: Db, scope: PartyScope, id: number) => Promise<Row | undefined>;
    /** the row lock for a change, when the party is in the scope */
    lock: (db: Db, scope: PartyScope, id: number) => Promise<unknown>;
    codeTaken: (db: Db, code: string, exceptId?: number) => Promise<boolean>;
    insert: (db: Db, values: Values) => Promise<number>;
    update: (db: Db, id: number, values: Values) => Promise<void>;
  };
}

/** 列表 / 详情 / 新增 / 编辑 of one kind of party. */
export function partyRecordService<Body, Values extends { code: string }, Row, Rec, Filter, Sort extends string>(spec: PartyRecordSpec<Body, Values, Row, Rec, Filter, Sort>) {
  const { kind, repo } = spec;
  const valuesOf = (body: Body) => {
    const problem = spec.inputProblem(body);
    if (problem) throw badRequest(problem);
    return spec.values(body);
  };

  const page = async (db: Db, scope: PartyScope, filter: Filter, params: ListParams<Sort>) => {
    const { records, total } = await repo.page(db, scope, filter, params);
    return { total, records: records.map(spec.toRecord) };
  };

  const get = async (db: Db, scope: PartyScope, id: number): Promise<Rec> => {
    const row = await repo.find(db, scope, id);
    if (!row) throw notFound(partyNotFound(kind));
    return spec.toRecord(row);
  };

  const create = async (db: Db, scope: PartyScope, body: Body): Promise<number> => {
    assertHqCreates(scope, kind);
    const values = valuesOf(body);
    return uniqueCode(
      () => values.code,
      () =>
        db.transaction().execute(async (trx) => {
          if (await repo.codeTaken(trx, values.code)) throw conflict(partyCodeTaken(values.code));
          return repo.insert(trx, values);
        }),
    );
  };

  /** The whole record is replaced by the form's values. */
  const update = async (db: Db, scope: PartyScope, id: number, body: Body): Promise<Rec> => {
    const values = valuesOf(body);
    await uniqueCode(
      () => values.code,
      () =>
        db.transaction().execute(async (trx) => {
          if (!(await repo.lock(trx, scope, id))) throw notFound(partyNotFound(kind));
          if (await repo.codeTaken(trx, values.code, id)) throw conflict(partyCodeTaken(values.code));
          await repo.update(trx, id, values);
        }),
    );
    return get(db, scope, id);
  };

  return { page, get, create, update };
}
