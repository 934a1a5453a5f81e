import { codeTaken, colourInputProblem, nameTaken, ProductMasterMessages } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import * as repo from './colours.repo.ts';
import type { ColourBody, ColourRecord, ColourSortColumn } from './colours.schema.ts';
import { guarded, sent, trimmed } from './common.ts';
import { assertColourUnused } from './usage.service.ts';

// Colour codes and names are unique; hex is #RRGGBB upper case or empty; a colour used by
// products or SKUs is not deleted (hook in usage.ts).

function toRecord(row: repo.ColourRow): ColourRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    hex: row.hex,
    sort: row.sort,
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function values(input: ColourBody): repo.ColourValues {
  const problem = colourInputProblem(input);
  if (problem) throw badRequest(problem);
  return {
    code: trimmed(input.code),
    name: trimmed(input.name),
    hex: trimmed(input.hex).toUpperCase(),
    sort: input.sort ?? 0,
    enabled: input.enabled ?? true,
  };
}

const clashMessage = (clash: 'code' | 'name', v: repo.ColourValues) => (clash === 'code' ? codeTaken('颜色', v.code) : nameTaken('颜色', v.name));

export async function pageColours(db: Db, filter: repo.ColourFilter, params: ListParams<ColourSortColumn>) {
  const { records, total } = await repo.pageColours(db, filter, params);
  return { total, records: records.map(toRecord) };
}

export async function colourOptions(db: Db) {
  return repo.enabledColours(db);
}

export async function createColour(db: Db, body: ColourBody): Promise<number> {
  const v = values(body);
  return guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const clash = await repo.colourClash(trx, v.code, v.name);
        if (clash) throw conflict(clashMessage(clash, v));
        return (await repo.insertColour(trx, v)).id;
      }),
    () => nameTaken('颜色', v.name),
  );
}

/** Fields left out keep their value, so a status switch can send just `enabled`. */
export async function updateColour(db: Db, id: number, body: ColourBody): Promise<ColourRecord> {
  let name = '';
  await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const current = await repo.findColour(trx, id, true);
        if (!current) throw notFound(ProductMasterMessages.colourNotFound);
        const v = values({ ...toRecord(current), ...sent(body) });
        name = v.name;
        const clash = await repo.colourClash(trx, v.code, v.name, id);
        if (clash) throw conflict(clashMessage(clash, v));
        await repo.updateColour(trx, id, v);
      }),
    () => nameTaken('颜色', name),
  );
  return toRecord((await repo.findColour(db, id))!);
}

export async function deleteColour(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findColour(trx, id, true))) throw notFound(ProductMasterMessages.colourNotFound);
    await assertColourUnused(trx, id);
    await repo.deleteColour(trx, id);
  });
}
