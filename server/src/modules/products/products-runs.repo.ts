import type { Db } from '../../db/database.ts';

// The statements of a style's 配码 rules (products-runs.ts).

/** The style's size group and run rules as stored. */
export function runRulesOf(db: Db, productId: number) {
  return db.selectFrom('products').select(['size_group_id', 'size_run_id', 'whole_runs', 'min_runs']).where('id', '=', productId).executeTakeFirstOrThrow();
}

/** The run, share-locked: a run being deleted or disabled at the same time waits, or this waits for it. */
export function shareRun(db: Db, runId: number) {
  return db.selectFrom('size_runs').select(['id', 'name', 'group_id', 'enabled']).where('id', '=', runId).forShare().executeTakeFirst();
}

/** The first size (in size order) the run holds pieces of that is not among the sizes. */
export function firstRunSizeOutside(db: Db, runId: number, sizeIds: readonly number[]) {
  return db
    .selectFrom('size_run_counts')
    .innerJoin('sizes', 'sizes.id', 'size_run_counts.size_id')
    .select('sizes.name')
    .where('size_run_counts.run_id', '=', runId)
    .$if(sizeIds.length > 0, (q) => q.where('size_run_counts.size_id', 'not in', sizeIds))
    .orderBy('sizes.sort')
    .executeTakeFirst();
}

export async function saveRunRules(db: Db, productId: number, values: { size_run_id: number | null; whole_runs: boolean; min_runs: number }): Promise<void> {
  await db.updateTable('products').set(values).where('id', '=', productId).execute();
}
