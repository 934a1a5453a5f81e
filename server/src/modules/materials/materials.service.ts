import { MATERIAL_CATEGORY_DICT, MATERIAL_UNIT_DICT, materialCodeTaken, materialInputProblem, MaterialMessages, type MaterialRecord } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { isUploadedImageUrl } from '../uploads/uploads.service.ts';
import * as repo from './materials.repo.ts';
import type { MaterialBody, MaterialSortColumn } from './materials.schema.ts';

// Rules: codes are unique whatever their case. Unit and category are values of enabled items of
// the `unit` and `material_category` dictionaries, stored in the item's own spelling; a value a
// material already has may stay after its item is disabled (editing the name must not force a
// new unit). The image is one of our uploads. A newly chosen supplier must exist and be enabled.
// A material with stock moves is never deleted (assertMaterialUnused).

const trimmed = (value: string | null | undefined) => value?.trim() ?? '';

function toRecord(row: repo.MaterialRow): MaterialRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    unit: row.unit,
    unitName: row.unit_name,
    specification: row.specification,
    category: row.category,
    categoryName: row.category_name,
    imageUrl: row.image_url,
    supplierId: row.supplier_id,
    supplierName: row.supplier_name,
    costPriceFen: row.cost_price_fen,
    remark: row.remark,
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Refuses (409) to delete a material that stock records use (moves or balances of 0016), inside
 * the deleting transaction; the material row is locked, so a posting cannot slip in between.
 */
export async function assertMaterialUnused(trx: Db, id: number): Promise<void> {
  const used = await repo.stockRecordOfMaterial(trx, id);
  if (used) throw conflict(MaterialMessages.inUse);
}

export async function pageMaterials(db: Db, filter: repo.MaterialFilter, params: ListParams<MaterialSortColumn>) {
  const { records, total } = await repo.pageMaterials(db, filter, params);
  return { total, records: records.map(toRecord) };
}

export async function getMaterial(db: Db, id: number): Promise<MaterialRecord> {
  const row = await repo.findMaterial(db, id);
  if (!row) throw notFound(MaterialMessages.notFound);
  return toRecord(row);
}

type Current = NonNullable<Awaited<ReturnType<typeof repo.lockMaterial>>>;

/** Checks the whole body inside the transaction and returns the columns to store. */
async function valuesOf(trx: Db, body: MaterialBody, current?: Current): Promise<repo.MaterialValues> {
  const problem = materialInputProblem(body);
  if (problem) throw badRequest(problem);
  const unitInput = trimmed(body.unit);
  const categoryInput = trimmed(body.category);
  const kept = (input: string, stored: string | undefined) => stored !== undefined && input.toLowerCase() === stored.toLowerCase();
  const unit = kept(unitInput, current?.unit) ? current!.unit : await repo.enabledDictValue(trx, MATERIAL_UNIT_DICT, unitInput);
  if (!unit) throw badRequest(MaterialMessages.unitInvalid);
  const category = kept(categoryInput, current?.category) ? current!.category : await repo.enabledDictValue(trx, MATERIAL_CATEGORY_DICT, categoryInput);
  if (!category) throw badRequest(MaterialMessages.categoryInvalid);
  const imageUrl = trimmed(body.imageUrl);
  if (imageUrl && !(await isUploadedImageUrl(trx, imageUrl))) throw badRequest(MaterialMessages.imageInvalid);
  const supplierId = body.supplierId ?? null;
  if (supplierId !== null) {
    const supplier = await repo.findSupplier(trx, supplierId);
    if (!supplier) throw badRequest(MaterialMessages.supplierNotFound);
    if (!supplier.enabled && supplierId !== current?.supplier_id) throw badRequest(MaterialMessages.supplierDisabled);
  }
  return {
    code: trimmed(body.code),
    name: trimmed(body.name),
    unit,
    specification: trimmed(body.specification),
    category,
    image_url: imageUrl,
    supplier_id: supplierId,
    cost_price_fen: body.costPriceFen ?? null,
    remark: trimmed(body.remark),
    enabled: body.enabled ?? current?.enabled ?? true,
  };
}

/** A unique index that trips on a concurrent save becomes the same 409 as the check. */
async function guarded<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict(materialCodeTaken(code));
    throw error;
  }
}

export async function createMaterial(db: Db, body: MaterialBody): Promise<number> {
  const code = trimmed(body.code);
  return guarded(code, () =>
    db.transaction().execute(async (trx) => {
      const values = await valuesOf(trx, body);
      if (await repo.codeTaken(trx, values.code)) throw conflict(materialCodeTaken(values.code));
      return (await repo.insertMaterial(trx, values)).id;
    }),
  );
}

export async function updateMaterial(db: Db, id: number, body: MaterialBody): Promise<MaterialRecord> {
  const code = trimmed(body.code);
  await guarded(code, () =>
    db.transaction().execute(async (trx) => {
      const current = await repo.lockMaterial(trx, id);
      if (!current) throw notFound(MaterialMessages.notFound);
      const values = await valuesOf(trx, body, current);
      if (await repo.codeTaken(trx, values.code, id)) throw conflict(materialCodeTaken(values.code));
      await repo.updateMaterial(trx, id, values);
    }),
  );
  return getMaterial(db, id);
}

export async function setMaterialEnabled(db: Db, id: number, enabled: boolean): Promise<MaterialRecord> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockMaterial(trx, id);
    if (!current) throw notFound(MaterialMessages.notFound);
    if (current.enabled === enabled) throw conflict(enabled ? MaterialMessages.alreadyEnabled : MaterialMessages.alreadyDisabled);
    await repo.updateMaterial(trx, id, { enabled });
  });
  return getMaterial(db, id);
}

export async function deleteMaterial(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.lockMaterial(trx, id))) throw notFound(MaterialMessages.notFound);
    await assertMaterialUnused(trx, id);
    await repo.deleteMaterial(trx, id);
  });
}
