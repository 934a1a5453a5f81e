import type { Db } from '../../db/database.ts';
import { conflict } from '../../http/app-error.ts';
import { sizeUsedByRun } from '@erp/shared';
import { runUsingSizes } from './size-runs.repo.ts';

// "In use" checks: products and SKUs (0014) reference brands, categories, colours and sizes,
// 可订品牌 (0034) brands and 订货计划 (0040) categories; a used one is refused (409 with the count).
// Those modules sit above this one, so each registers its check here with its routes (products
// first, as app.ts registers them), and product-master never imports them. Each runs inside the
// delete's transaction.

export type MasterKind = 'brand' | 'category' | 'colour' | 'size';

/** A higher module's check: the refusal's message when its rows use any of the master rows, else null. */
export type UsageCheck = (trx: Db, ids: readonly number[]) => Promise<string | null>;

const checks = new Map<MasterKind, Map<string, UsageCheck>>();

/** Registers (or replaces) a module's check of one kind of master row under the module's name. */
export function registerUsageCheck(kind: MasterKind, module: string, check: UsageCheck): void {
  const ofKind = checks.get(kind) ?? new Map<string, UsageCheck>();
  ofKind.set(module, check);
  checks.set(kind, ofKind);
}

async function refuseWhenUsed(trx: Db, kind: MasterKind, ids: readonly number[]): Promise<void> {
  for (const check of checks.get(kind)?.values() ?? []) {
    const refusal = await check(trx, ids);
    if (refusal) throw conflict(refusal);
  }
}

/** Refuses (409) when products or 可订品牌 use the brand. */
export function assertBrandUnused(trx: Db, id: number): Promise<void> {
  return refuseWhenUsed(trx, 'brand', [id]);
}

/** Refuses (409) when products or 订货计划 use the category. */
export function assertCategoryUnused(trx: Db, id: number): Promise<void> {
  return refuseWhenUsed(trx, 'category', [id]);
}

/** Refuses (409) when SKUs use the colour. */
export function assertColourUnused(trx: Db, id: number): Promise<void> {
  return refuseWhenUsed(trx, 'colour', [id]);
}

/** Refuses (409) when SKUs use any of the sizes (removed from a group, or the group deleted). */
export function assertSizesUnused(trx: Db, sizeIds: readonly number[]): Promise<void> {
  return refuseWhenUsed(trx, 'size', sizeIds);
}

/** Refuses (409) when a 配码 holds pieces of any of the sizes (removed or renamed in their group), naming the size and the run. */
export async function assertSizesNotInRuns(trx: Db, sizeIds: readonly number[]): Promise<void> {
  const hit = await runUsingSizes(trx, sizeIds);
  if (hit) throw conflict(sizeUsedByRun(hit.size_name, hit.run_name));
}
