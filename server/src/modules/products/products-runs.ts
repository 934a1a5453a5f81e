import { runSizeNotInStyle, SizeRunMessages, styleRunRulesProblem } from '@erp/shared';
import type { Db } from '../../db/database.ts';

// A style's 配码 rules (0027): the run it is ordered in by default (a run of its own size group,
// enabled, holding only sizes the style has), 整手订货 and 起订手数. Kept apart from the product's
// other columns so the Excel import and the batch paths stay as they are (a new style has none).

export interface StyleRunValues {
  size_run_id: number | null;
  whole_runs: boolean;
  min_runs: number;
}

export interface StyleRunInput {
  sizeRunId?: number | null;
  wholeRuns?: boolean | null;
  minRuns?: number | null;
}

const NONE: StyleRunValues = { size_run_id: null, whole_runs: false, min_runs: 0 };

/**
 * The rules to save from a body, or the first problem in Chinese: a field left out keeps its value
 * on a change (none on a new style); when the style moves to another size group, a run left out
 * is dropped with the rules that need it, since a run of the old group no longer fits.
 */
export async function checkRunRules(
  trx: Db,
  body: StyleRunInput,
  style: { groupId: number; sizeIds: readonly number[]; productId?: number },
): Promise<{ problem: string } | { values: StyleRunValues }> {
  const { groupId, productId } = style;
  let base = NONE;
  if (productId !== undefined) {
    const current = await trx.selectFrom('products').select(['size_group_id', 'size_run_id', 'whole_runs', 'min_runs']).where('id', '=', productId).executeTakeFirstOrThrow();
    if (current.size_group_id === groupId) base = current;
  }
  const input = {
    sizeRunId: body.sizeRunId === undefined ? base.size_run_id : body.sizeRunId,
    wholeRuns: body.wholeRuns ?? base.whole_runs,
    minRuns: body.minRuns ?? base.min_runs,
  };
  const problem = styleRunRulesProblem(input);
  if (problem) return { problem };
  const values = { size_run_id: input.sizeRunId, whole_runs: input.wholeRuns, min_runs: input.minRuns };
  const misfit = await runMisfit(trx, values, groupId, style.sizeIds);
  return misfit ? { problem: misfit } : { values };
}

/** A run that is missing, of another size group, disabled, or holding a size the style lacks. */
async function runMisfit(trx: Db, values: StyleRunValues, groupId: number, sizeIds: readonly number[]): Promise<string | null> {
  if (values.size_run_id === null) return null;
  // shared lock: a run being deleted or disabled at the same time waits, or this waits for it
  const run = await trx.selectFrom('size_runs').select(['id', 'name', 'group_id', 'enabled']).where('id', '=', values.size_run_id).forShare().executeTakeFirst();
  if (!run) return SizeRunMessages.runNotFound;
  if (run.group_id !== groupId) return SizeRunMessages.runOfOtherGroup;
  if (!run.enabled) return SizeRunMessages.runDisabled;
  const lacking = await trx
    .selectFrom('size_run_counts')
    .innerJoin('sizes', 'sizes.id', 'size_run_counts.size_id')
    .select('sizes.name')
    .where('size_run_counts.run_id', '=', run.id)
    .$if(sizeIds.length > 0, (q) => q.where('size_run_counts.size_id', 'not in', sizeIds))
    .orderBy('sizes.sort')
    .executeTakeFirst();
  return lacking ? runSizeNotInStyle(run.name, lacking.name) : null;
}

export async function saveRunRules(trx: Db, productId: number, values: StyleRunValues): Promise<void> {
  await trx.updateTable('products').set(values).where('id', '=', productId).execute();
}
