import { categoryInputProblem, categoryLevelUnder, categoryPlacementProblem, codeTaken, ProductMasterMessages, siblingNameTaken } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { CategoryBody, CategoryRecord, CategoryTreeNode } from './categories.schema.ts';
import * as repo from './categories.repo.ts';
import { guarded, trimmed } from './common.ts';
import { assertCategoryUnused } from './usage.service.ts';

// The tree is at most three levels deep. A move (PUT with another parentId) takes the whole
// subtree along: refused when it would make a cycle or a fourth level, and the levels of the
// subtree follow. Codes are unique; names are unique among siblings. A category with children
// is not deleted, nor one used by products (hook in usage.ts).

function toRecord(row: repo.CategoryRow): CategoryRecord {
  return {
    id: row.id,
    parentId: row.parent_id,
    code: row.code,
    name: row.name,
    level: row.level,
    sort: row.sort,
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function buildTree(rows: readonly repo.CategoryRow[]): CategoryTreeNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...toRecord(row), children: [] as CategoryTreeNode[] }]));
  const roots: CategoryTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function categoryTree(db: Db): Promise<CategoryTreeNode[]> {
  return buildTree(await repo.allCategories(db));
}

const links = (rows: readonly repo.CategoryRow[]) => rows.map((row) => ({ id: row.id, parentId: row.parent_id }));

async function checkNames(trx: Db, parentId: number | null, code: string, name: string, exceptId?: number) {
  if (await repo.codeTakenBy(trx, code, exceptId)) throw conflict(codeTaken('分类', code));
  if (await repo.siblingNameTaken(trx, parentId, name, exceptId)) throw conflict(siblingNameTaken(name));
}

export async function createCategory(db: Db, body: CategoryBody): Promise<number> {
  const problem = categoryInputProblem(body);
  if (problem) throw badRequest(problem);
  const parentId = body.parentId ?? null;
  const code = trimmed(body.code);
  const name = trimmed(body.name);
  return guarded(
    () =>
      db.transaction().execute(async (trx) => {
        await repo.lockTree(trx);
        const all = await repo.allCategories(trx);
        if (parentId !== null && !all.some((row) => row.id === parentId)) throw badRequest(ProductMasterMessages.parentNotFound);
        const placement = categoryPlacementProblem(links(all), null, parentId);
        if (placement) throw badRequest(placement);
        await checkNames(trx, parentId, code, name);
        const level = categoryLevelUnder(links(all), parentId);
        return (await repo.insertCategory(trx, { parent_id: parentId, code, name, level, sort: body.sort ?? 0, enabled: body.enabled ?? true })).id;
      }),
    () => siblingNameTaken(name),
  );
}

/** Fields left out keep their value; `parentId: null` moves the category to the top. */
export async function updateCategory(db: Db, id: number, body: CategoryBody): Promise<CategoryRecord> {
  let name = '';
  await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        await repo.lockTree(trx);
        const all = await repo.allCategories(trx);
        const current = all.find((row) => row.id === id);
        if (!current) throw notFound(ProductMasterMessages.categoryNotFound);
        const input = {
          parentId: body.parentId === undefined ? current.parent_id : body.parentId,
          code: body.code ?? current.code,
          name: body.name ?? current.name,
          sort: body.sort ?? current.sort,
          enabled: body.enabled ?? current.enabled,
        };
        const problem = categoryInputProblem(input);
        if (problem) throw badRequest(problem);
        const parentId = input.parentId;
        name = trimmed(input.name);
        const code = trimmed(input.code);
        if (parentId !== null && !all.some((row) => row.id === parentId)) throw badRequest(ProductMasterMessages.parentNotFound);
        const placement = categoryPlacementProblem(links(all), id, parentId);
        if (placement) throw badRequest(placement);
        await checkNames(trx, parentId, code, name, id);
        const level = categoryLevelUnder(links(all), parentId);
        await repo.updateCategory(trx, id, { parent_id: parentId, code, name, level, sort: input.sort, enabled: input.enabled });
        if (level !== current.level) await relevelSubtree(trx, all, id, level);
      }),
    () => siblingNameTaken(name),
  );
  return toRecord((await repo.findCategory(db, id))!);
}

/** After a move, the descendants of `id` sit one level below their parent again. */
async function relevelSubtree(trx: Db, all: readonly repo.CategoryRow[], id: number, level: number) {
  for (const child of all.filter((row) => row.parent_id === id)) {
    await repo.setLevel(trx, child.id, level + 1);
    await relevelSubtree(trx, all, child.id, level + 1);
  }
}

export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.lockTree(trx);
    if (!(await repo.findCategory(trx, id))) throw notFound(ProductMasterMessages.categoryNotFound);
    if (await repo.hasChildren(trx, id)) throw conflict(ProductMasterMessages.categoryHasChildren);
    await assertCategoryUnused(trx, id);
    await repo.deleteCategory(trx, id);
  });
}
