import { codeTaken, nameTaken, normalizeSizeNames, ProductMasterMessages, sizeGroupInputProblem } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { guarded, trimmed } from './common.ts';
import * as repo from './size-groups.repo.ts';
import type { SizeGroupBody, SizeGroupRecord } from './size-groups.schema.ts';
import { deleteRunsOfGroup } from './size-runs.repo.ts';
import { assertSizesNotInRuns, assertSizesUnused } from './usage.service.ts';

// Group codes and names are unique; exactly one group is the default (the first group made
// becomes it; the default is neither deleted nor disabled). Saving a group replaces its sizes
// with the ordered list sent: sizes whose name stays keep their id (SKUs point at them), the
// rest are removed (refused when in use, hook in usage.ts) and new names are added.

function toRecord(group: repo.SizeGroupRow, sizes: readonly repo.SizeRow[]): SizeGroupRecord {
  return {
    id: group.id,
    code: group.code,
    name: group.name,
    sort: group.sort,
    enabled: group.enabled,
    isDefault: group.is_default,
    sizes: sizes.filter((size) => size.group_id === group.id).map((size) => ({ id: size.id, name: size.name, sort: size.sort })),
    createdAt: group.created_at.toISOString(),
    updatedAt: group.updated_at.toISOString(),
  };
}

export async function listGroups(db: Db): Promise<SizeGroupRecord[]> {
  const groups = await repo.allGroups(db);
  const sizes = await repo.sizesOf(
    db,
    groups.map((g) => g.id),
  );
  return groups.map((group) => toRecord(group, sizes));
}

async function getGroup(db: Db, id: number): Promise<SizeGroupRecord> {
  const group = await repo.findGroup(db, id);
  if (!group) throw notFound(ProductMasterMessages.sizeGroupNotFound);
  return toRecord(group, await repo.sizesOf(db, [id]));
}

const clashMessage = (clash: 'code' | 'name', code: string, name: string) => (clash === 'code' ? codeTaken('尺码组', code) : nameTaken('尺码组', name));

/** Puts the group's sizes in the order of `names`, keeping the rows of names that stay. */
async function replaceSizes(trx: Db, groupId: number, names: readonly string[]) {
  const current = await repo.sizesOf(trx, [groupId]);
  const removed = current.filter((size) => !names.includes(size.name));
  await assertSizesUnused(
    trx,
    removed.map((size) => size.id),
  );
  await assertSizesNotInRuns(
    trx,
    removed.map((size) => size.id),
  );
  await repo.deleteSizes(
    trx,
    removed.map((size) => size.id),
  );
  const kept = new Map(current.filter((size) => names.includes(size.name)).map((size) => [size.name, size]));
  const added: { group_id: number; name: string; sort: number }[] = [];
  for (const [index, name] of names.entries()) {
    const size = kept.get(name);
    if (!size) added.push({ group_id: groupId, name, sort: index + 1 });
    else if (size.sort !== index + 1) await repo.setSizeSort(trx, size.id, index + 1);
  }
  await repo.insertSizes(trx, added);
}

export async function createGroup(db: Db, body: SizeGroupBody): Promise<number> {
  const problem = sizeGroupInputProblem(body);
  if (problem) throw badRequest(problem);
  const code = trimmed(body.code);
  const name = trimmed(body.name);
  const enabled = body.enabled ?? true;
  return guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const clash = await repo.groupClash(trx, code, name);
        if (clash) throw conflict(clashMessage(clash, code, name));
        const isDefault = enabled && !(await repo.hasDefault(trx));
        const { id } = await repo.insertGroup(trx, { code, name, sort: body.sort ?? 0, enabled, is_default: isDefault });
        await replaceSizes(trx, id, normalizeSizeNames(body.sizes!));
        return id;
      }),
    () => nameTaken('尺码组', name),
  );
}

/** Fields left out keep their value; `sizes` left out keeps the sizes. */
export async function updateGroup(db: Db, id: number, body: SizeGroupBody): Promise<SizeGroupRecord> {
  let name = '';
  await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const current = await repo.findGroup(trx, id, true);
        if (!current) throw notFound(ProductMasterMessages.sizeGroupNotFound);
        const sizes = body.sizes ?? (await repo.sizesOf(trx, [id])).map((size) => size.name);
        const input = {
          code: body.code ?? current.code,
          name: body.name ?? current.name,
          sort: body.sort ?? current.sort,
          enabled: body.enabled ?? current.enabled,
          sizes,
        };
        const problem = sizeGroupInputProblem(input);
        if (problem) throw badRequest(problem);
        if (current.is_default && !input.enabled) throw badRequest(ProductMasterMessages.defaultGroupDisable);
        const code = trimmed(input.code);
        name = trimmed(input.name);
        const clash = await repo.groupClash(trx, code, name, id);
        if (clash) throw conflict(clashMessage(clash, code, name));
        await repo.updateGroup(trx, id, { code, name, sort: input.sort, enabled: input.enabled });
        if (body.sizes) await replaceSizes(trx, id, normalizeSizeNames(body.sizes));
      }),
    () => nameTaken('尺码组', name),
  );
  return getGroup(db, id);
}

export async function setDefault(db: Db, id: number): Promise<SizeGroupRecord> {
  await db.transaction().execute(async (trx) => {
    const group = await repo.findGroup(trx, id, true);
    if (!group) throw notFound(ProductMasterMessages.sizeGroupNotFound);
    if (!group.enabled) throw badRequest(ProductMasterMessages.defaultGroupDisabled);
    await repo.makeDefault(trx, id);
  });
  return getGroup(db, id);
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const group = await repo.findGroup(trx, id, true);
    if (!group) throw notFound(ProductMasterMessages.sizeGroupNotFound);
    if (group.is_default) throw conflict(ProductMasterMessages.defaultGroupDelete);
    await assertSizesUnused(
      trx,
      (await repo.sizesOf(trx, [id])).map((size) => size.id),
    );
    // its 配码 go with it: no style uses them (a style of the group has SKUs, refused above)
    await deleteRunsOfGroup(trx, id);
    await repo.deleteGroup(trx, id);
  });
}
