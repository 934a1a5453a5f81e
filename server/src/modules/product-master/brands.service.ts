import { brandInputProblem, codeTaken, nameTaken, ProductMasterMessages } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import * as repo from './brands.repo.ts';
import type { BrandBody, BrandRecord, BrandSortColumn } from './brands.schema.ts';
import { guarded, sent, trimmed } from './common.ts';
import { assertBrandUnused } from './usage.service.ts';

// Brand codes and names are unique; a brand used by products is not deleted (hook in usage.ts).

function toRecord(row: repo.BrandRow): BrandRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    logoUrl: row.logo_url,
    sort: row.sort,
    enabled: row.enabled,
    remark: row.remark,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function values(input: BrandBody): repo.BrandValues {
  const problem = brandInputProblem(input);
  if (problem) throw badRequest(problem);
  return {
    code: trimmed(input.code),
    name: trimmed(input.name),
    logo_url: trimmed(input.logoUrl),
    sort: input.sort ?? 0,
    enabled: input.enabled ?? true,
    remark: trimmed(input.remark),
  };
}

const clashMessage = (clash: 'code' | 'name', v: repo.BrandValues) => (clash === 'code' ? codeTaken('品牌', v.code) : nameTaken('品牌', v.name));

export async function pageBrands(db: Db, filter: repo.BrandFilter, params: ListParams<BrandSortColumn>) {
  const { records, total } = await repo.pageBrands(db, filter, params);
  return { total, records: records.map(toRecord) };
}

export async function brandOptions(db: Db) {
  return (await repo.enabledBrands(db)).map((row) => ({ id: row.id, code: row.code, name: row.name, logoUrl: row.logo_url }));
}

/**
 * The brands among `ids`, enabled or not (unknown ids are left out), for a row that will name
 * them: locked FOR SHARE inside the caller's transaction, so a delete (which locks the brand and
 * then asks its usage checks) waits for that row, or has already removed the brand.
 */
export function brandsForUse(trx: Db, ids: readonly number[]) {
  return repo.shareBrands(trx, ids);
}

export async function createBrand(db: Db, body: BrandBody): Promise<number> {
  const v = values(body);
  return guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const clash = await repo.brandClash(trx, v.code, v.name);
        if (clash) throw conflict(clashMessage(clash, v));
        return (await repo.insertBrand(trx, v)).id;
      }),
    () => nameTaken('品牌', v.name),
  );
}

/** Fields left out keep their value, so a status switch can send just `enabled`. */
export async function updateBrand(db: Db, id: number, body: BrandBody): Promise<BrandRecord> {
  let name = '';
  await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const current = await repo.findBrand(trx, id, true);
        if (!current) throw notFound(ProductMasterMessages.brandNotFound);
        const v = values({ ...toRecord(current), ...sent(body) });
        name = v.name;
        const clash = await repo.brandClash(trx, v.code, v.name, id);
        if (clash) throw conflict(clashMessage(clash, v));
        await repo.updateBrand(trx, id, v);
      }),
    () => nameTaken('品牌', name),
  );
  return toRecord((await repo.findBrand(db, id))!);
}

export async function deleteBrand(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findBrand(trx, id, true))) throw notFound(ProductMasterMessages.brandNotFound);
    await assertBrandUnused(trx, id);
    await repo.deleteBrand(trx, id);
  });
}
