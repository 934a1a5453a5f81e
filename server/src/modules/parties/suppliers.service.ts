import { supplierInputProblem, type SupplierRecord } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { partyBaseRecord, partyBaseValues, partyRecordService } from './party-records.service.ts';
import type { PartyScope } from './party-scope.ts';
import * as repo from './suppliers.repo.ts';
import type { SupplierBody, SupplierSortColumn } from './suppliers.schema.ts';

const suppliers = partyRecordService<SupplierBody, repo.SupplierValues, repo.SupplierRow, SupplierRecord, repo.SupplierFilter, SupplierSortColumn>({
  kind: 'supplier',
  inputProblem: supplierInputProblem,
  values: partyBaseValues,
  toRecord: partyBaseRecord,
  repo: {
    page: repo.pageSuppliers,
    find: repo.findSupplier,
    lock: repo.lockSupplier,
    codeTaken: repo.codeTaken,
    insert: repo.insertSupplier,
    update: repo.updateSupplier,
  },
});

export const { page: pageSuppliers, get: getSupplier, create: createSupplier, update: updateSupplier } = suppliers;

export const SUPPLIER_OPTIONS_MAX = 200;

/** The supplier picker's list: HQ every enabled supplier, a supplier account only its own, others none. */
export async function supplierOptions(db: Db, scope: PartyScope, keyword: string | undefined) {
  return repo.supplierOptions(db, scope, keyword?.trim() || undefined, SUPPLIER_OPTIONS_MAX);
}
