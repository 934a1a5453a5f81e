import { runSizeNotInStyle, SizeRunMessages, styleRunRulesProblem } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import * as repo from './products-runs.repo.ts';

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
    const current = await repo.runRulesOf(trx, productId);
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
  const run = await repo.shareRun(trx, values.size_run_id);
  if (!run) return SizeRunMessages.runNotFound;
  if (run.group_id !== groupId) return SizeRunMessages.runOfOtherGroup;
  if (!run.enabled) return SizeRunMessages.runDisabled;
  const lacking = await repo.firstRunSizeOutside(trx, run.id, sizeIds);
  return lacking ? runSizeNotInStyle(run.name, lacking.name) : null;
}

export const saveRunRules: (trx: Db, productId: number, values: StyleRunValues) => Promise<void> = repo.saveRunRules;
