import { partyCodeTaken, partyNotFound, supplierInputProblem, type SupplierRecord } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { isUniqueViolation, statusOf, type PartyScope } from './party-scope.ts';
import { assertHqCreates, trimmed } from './party-status.service.ts';
import * as repo from './suppliers.repo.ts';
import type { SupplierBody, SupplierSortColumn } from './suppliers.schema.ts';

function toSupplierRecord(row: repo.SupplierRow): SupplierRecord {
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

function supplierValues(body: SupplierBody): repo.SupplierValues {
  const problem = supplierInputProblem(body);
  if (problem) throw badRequest(problem);
  return {
    code: trimmed(body.code),
    name: trimmed(body.name),
    contact_name: trimmed(body.contactName),
    phone: trimmed(body.phone),
    address: trimmed(body.address),
    remark: trimmed(body.remark),
  };
}

async function uniqueCode<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(partyCodeTaken(code));
    throw error;
  }
}

export async function pageSuppliers(db: Db, scope: PartyScope, filter: repo.SupplierFilter, params: ListParams<SupplierSortColumn>) {
  const { records, total } = await repo.pageSuppliers(db, scope, filter, params);
  return { total, records: records.map(toSupplierRecord) };
}

export async function getSupplier(db: Db, scope: PartyScope, id: number): Promise<SupplierRecord> {
  const row = await repo.findSupplier(db, scope, id);
  if (!row) throw notFound(partyNotFound('supplier'));
  return toSupplierRecord(row);
}

export async function createSupplier(db: Db, scope: PartyScope, body: SupplierBody): Promise<number> {
  assertHqCreates(scope, 'supplier');
  const values = supplierValues(body);
  return uniqueCode(values.code, () =>
    db.transaction().execute(async (trx) => {
      if (await repo.codeTaken(trx, values.code)) throw conflict(partyCodeTaken(values.code));
      return repo.insertSupplier(trx, values);
    }),
  );
}

/** The whole record is replaced by the form's values. */
export async function updateSupplier(db: Db, scope: PartyScope, id: number, body: SupplierBody): Promise<SupplierRecord> {
  const values = supplierValues(body);
  await uniqueCode(values.code, () =>
    db.transaction().execute(async (trx) => {
      if (!(await repo.lockSupplier(trx, scope, id))) throw notFound(partyNotFound('supplier'));
      if (await repo.codeTaken(trx, values.code, id)) throw conflict(partyCodeTaken(values.code));
      await repo.updateSupplier(trx, id, values);
    }),
  );
  return getSupplier(db, scope, id);
}

export const SUPPLIER_OPTIONS_MAX = 200;

/** The supplier picker's list: HQ every enabled supplier, a supplier account only its own, others none. */
export async function supplierOptions(db: Db, scope: PartyScope, keyword: string | undefined) {
  return repo.supplierOptions(db, scope, keyword?.trim() || undefined, SUPPLIER_OPTIONS_MAX);
}
