import {
  formatRun,
  masterSortProblem,
  ProductMasterMessages,
  runUsedByStyles,
  SizeRunMessages,
  sizeRunNameProblem,
  sizeRunNameTaken,
  sizeRunProblem,
  type SizeRun,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { guarded, sent, trimmed } from './common.ts';
import * as groups from './size-groups.repo.ts';
import * as repo from './size-runs.repo.ts';
import type { SizeRunCreateBody, SizeRunOption, SizeRunRecord, SizeRunSortColumn, SizeRunUpdateBody } from './size-runs.schema.ts';

// 配码: a run of a size group holds pieces per size of that group. Names are unique within the
// group; at most one run of a group is its default, and the default stays enabled. A run that
// styles order in by default is neither deleted nor disabled (the style's rules would point at
// nothing). Sizes a run uses stay in their group (usage.ts refuses their removal).

function optionOf(run: repo.SizeRunRow, counts: readonly repo.CountRow[], sizeOrder: readonly string[]): SizeRunOption {
  const own = counts.filter((c) => c.run_id === run.id);
  const pieces: SizeRun = Object.fromEntries(own.map((c) => [c.size_name, c.count]));
  return {
    id: run.id,
    groupId: run.group_id,
    name: run.name,
    isDefault: run.is_default,
    counts: own.map((c) => ({ sizeId: c.size_id, sizeName: c.size_name, count: c.count })),
    text: formatRun(pieces, sizeOrder),
    pieces: own.reduce((sum, c) => sum + c.count, 0),
  };
}

/** The size names of each group, in order (for formatting runs). */
async function sizeOrders(db: Db, groupIds: readonly number[]): Promise<Map<number, string[]>> {
  const sizes = await groups.sizesOf(db, [...new Set(groupIds)]);
  const byGroup = new Map<number, string[]>();
  for (const size of sizes) byGroup.set(size.group_id, [...(byGroup.get(size.group_id) ?? []), size.name]);
  return byGroup;
}

async function recordsOf(db: Db, runs: readonly repo.SizeRunRow[]): Promise<SizeRunRecord[]> {
  const ids = runs.map((r) => r.id);
  const [counts, styles, orders] = await Promise.all([
    repo.countsOf(db, ids),
    repo.styleCounts(db, ids),
    sizeOrders(
      db,
      runs.map((r) => r.group_id),
    ),
  ]);
  return runs.map((run) => ({
    ...optionOf(run, counts, orders.get(run.group_id) ?? []),
    sort: run.sort,
    enabled: run.enabled,
    styleCount: styles.get(run.id) ?? 0,
    createdAt: run.created_at.toISOString(),
    updatedAt: run.updated_at.toISOString(),
  }));
}

export async function pageRuns(db: Db, filter: repo.SizeRunFilter, params: ListParams<SizeRunSortColumn>) {
  const { records, total } = await repo.pageRuns(db, filter, params);
  return { total, records: await recordsOf(db, records) };
}

/** The enabled runs of a group, for pickers (the size-run grid, the product form). */
export async function runOptions(db: Db, groupId: number): Promise<SizeRunOption[]> {
  const runs = await repo.enabledRunsOf(db, groupId);
  const [counts, orders] = await Promise.all([
    repo.countsOf(
      db,
      runs.map((r) => r.id),
    ),
    sizeOrders(db, [groupId]),
  ]);
  return runs.map((run) => optionOf(run, counts, orders.get(groupId) ?? []));
}

async function getRun(db: Db, id: number): Promise<SizeRunRecord> {
  const run = await repo.findRun(db, id);
  if (!run) throw notFound(SizeRunMessages.runNotFound);
  return (await recordsOf(db, [run]))[0]!;
}

interface RunInput {
  name?: string | null;
  sort?: number | null;
  enabled?: boolean | null;
  counts?: Readonly<Record<string, unknown>> | null;
}

/** The checked values and counts (by size id) of a run of the group, or a 400 naming the problem. */
async function checkedRun(trx: Db, groupId: number, input: RunInput) {
  const problem = sizeRunNameProblem(input.name) ?? masterSortProblem(input.sort);
  if (problem) throw badRequest(problem);
  if (input.enabled != null && typeof input.enabled !== 'boolean') throw badRequest(ProductMasterMessages.enabledInvalid);
  const sizes = await groups.sizesOf(trx, [groupId]);
  const countsProblem = sizeRunProblem(
    input.counts,
    sizes.map((s) => s.name),
  );
  if (countsProblem) throw badRequest(countsProblem);
  const counts = sizes.map((size) => ({ size_id: size.id, count: Number(input.counts![size.name] ?? 0) }));
  return { values: { name: trimmed(input.name), sort: input.sort ?? 0, enabled: input.enabled ?? true }, counts };
}

export async function createRun(db: Db, body: SizeRunCreateBody): Promise<number> {
  const name = trimmed(body.name);
  return guarded(
    () =>
      withTransaction(db, async (trx) => {
        // the group's row lock orders this against a change of its sizes
        if (!(await groups.findGroup(trx, body.groupId, true))) throw badRequest(ProductMasterMessages.sizeGroupNotFound);
        const { values, counts } = await checkedRun(trx, body.groupId, body);
        if (await repo.nameTakenInGroup(trx, body.groupId, values.name)) throw conflict(sizeRunNameTaken(values.name));
        const id = await repo.insertRun(trx, body.groupId, values);
        await repo.replaceCounts(trx, id, counts);
        return id;
      }),
    () => sizeRunNameTaken(name),
  );
}

/** Fields left out keep their value, so a status switch can send just `enabled`. */
export async function updateRun(db: Db, id: number, body: SizeRunUpdateBody): Promise<SizeRunRecord> {
  let name = '';
  await guarded(
    () =>
      withTransaction(db, async (trx) => {
        const current = await repo.findRun(trx, id, true);
        if (!current) throw notFound(SizeRunMessages.runNotFound);
        await groups.findGroup(trx, current.group_id, true);
        const currentCounts = Object.fromEntries((await repo.countsOf(trx, [id])).map((c) => [c.size_name, c.count]));
        const given = sent(body);
        const input = { name: current.name, sort: current.sort, enabled: current.enabled, counts: currentCounts, ...given };
        const { values, counts } = await checkedRun(trx, current.group_id, input);
        name = values.name;
        if (!values.enabled && current.enabled) {
          if (current.is_default) throw badRequest(SizeRunMessages.defaultDisable);
          const styles = (await repo.styleCounts(trx, [id])).get(id) ?? 0;
          if (styles > 0) throw conflict(runUsedByStyles(styles, '停用'));
        }
        if (await repo.nameTakenInGroup(trx, current.group_id, values.name, id)) throw conflict(sizeRunNameTaken(values.name));
        await repo.updateRun(trx, id, values);
        if (given.counts) await repo.replaceCounts(trx, id, counts);
      }),
    () => sizeRunNameTaken(name),
  );
  return getRun(db, id);
}

export async function setDefault(db: Db, id: number): Promise<SizeRunRecord> {
  await withTransaction(db, async (trx) => {
    const run = await repo.findRun(trx, id, true);
    if (!run) throw notFound(SizeRunMessages.runNotFound);
    if (!run.enabled) throw badRequest(SizeRunMessages.disabledDefault);
    // one default per group: the group's row serialises two runs made default at once
    await groups.findGroup(trx, run.group_id, true);
    await repo.makeDefault(trx, run.group_id, id);
  });
  return getRun(db, id);
}

export async function deleteRun(db: Db, id: number): Promise<void> {
  await withTransaction(db, async (trx) => {
    if (!(await repo.findRun(trx, id, true))) throw notFound(SizeRunMessages.runNotFound);
    const styles = (await repo.styleCounts(trx, [id])).get(id) ?? 0;
    if (styles > 0) throw conflict(runUsedByStyles(styles, '删除'));
    await repo.deleteRun(trx, id);
  });
}

/** Pieces per size name of each run (配货 in whole runs reads the runs order lines were entered in). */
export async function runCountsByIds(db: Db, runIds: readonly number[]): Promise<Map<number, Record<string, number>>> {
  const runs = new Map<number, Record<string, number>>();
  for (const row of await repo.countsOf(db, [...new Set(runIds)])) {
    const counts = runs.get(row.run_id) ?? {};
    counts[row.size_name] = row.count;
    runs.set(row.run_id, counts);
  }
  return runs;
}
