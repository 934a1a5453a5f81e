import {
  AGENT_LEVEL_DICT,
  PlanningMessages,
  policyInputProblem,
  policyTaken,
  policyTargetName,
  shanghaiToday,
  specialInputProblem,
  specialStateOn,
  type PolicyRecord,
  type PolicyTargetType,
  type SpecialMode,
  type SpecialRecord,
  type SpecialTargetType,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { PolicyBody, PolicySortColumn, SpecialBody, SpecialSortColumn } from './planning.schema.ts';
import * as repo from './planning.repo.ts';

// 政策明细 and 特价: HQ's rules (routes refuse everyone else). Rules: one policy per agent level and
// per shop kind (case-insensitive), its target fixed once made; a special keeps its target type
// (each has its own page), names an agent, shop, brand, category, season, tag and style that exist
// (a tag of a group that applies to products), and is checked whole on every save. A field left
// out of an update keeps its value, so 启用/停用 can send just `enabled`.

const trimmed = (value: string | null | undefined) => value?.trim() ?? '';

/** Body fields that were sent; null counts as not sent except where null clears (see specials). */
function sent<T extends object>(body: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined)) as never;
}

// ---- 政策明细 ----

function toPolicyRecord(row: repo.PolicyRow): PolicyRecord {
  return {
    id: row.id,
    targetType: row.target_type,
    targetValue: row.target_value,
    targetName: policyTargetName(row.target_type, row.target_value, row.level_name ?? ''),
    rateBp: row.rate_bp,
    returnRateBp: row.return_rate_bp,
    swapRateBp: row.swap_rate_bp,
    returnWindowDays: row.return_window_days,
    remark: row.remark,
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function pagePolicies(db: Db, filter: repo.PolicyFilter, params: ListParams<PolicySortColumn>) {
  const { records, total } = await repo.pagePolicies(db, filter, params);
  return { total, records: records.map(toPolicyRecord) };
}

export async function getPolicy(db: Db, id: number): Promise<PolicyRecord> {
  const row = await repo.findPolicy(db, id);
  if (!row) throw notFound(PlanningMessages.policyNotFound);
  return toPolicyRecord(row);
}

/** Checks a whole policy (defaults filled) inside the transaction and returns the columns to store. */
async function policyValues(trx: Db, input: PolicyBody): Promise<repo.PolicyValues> {
  const problem = policyInputProblem(input);
  if (problem) throw badRequest(problem);
  const targetType = input.targetType as PolicyTargetType;
  const targetValue = trimmed(input.targetValue);
  if (targetType === 'agent_level' && !(await repo.enabledDictValue(trx, AGENT_LEVEL_DICT, targetValue))) throw badRequest(PlanningMessages.levelInvalid);
  return {
    target_type: targetType,
    target_value: targetValue,
    rate_bp: input.rateBp as number,
    return_rate_bp: input.returnRateBp ?? 0,
    swap_rate_bp: input.swapRateBp ?? 0,
    return_window_days: input.returnWindowDays ?? 90,
    remark: trimmed(input.remark),
    enabled: input.enabled ?? true,
  };
}

/** A unique index tripped by a concurrent save of the same target: the same 409 as the check. */
async function uniqueTarget<T>(label: () => string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict(policyTaken(label()));
    throw error;
  }
}

/** 一级代理 / 加盟店: the target as the conflict message names it. */
async function targetLabel(trx: Db, values: repo.PolicyValues): Promise<string> {
  const levelName = values.target_type === 'agent_level' ? await repo.dictItemName(trx, AGENT_LEVEL_DICT, values.target_value) : '';
  return policyTargetName(values.target_type, values.target_value, levelName ?? '');
}

export async function createPolicy(db: Db, userId: number, body: PolicyBody): Promise<number> {
  let label = '';
  return uniqueTarget(
    () => label,
    () =>
      db.transaction().execute(async (trx) => {
        const values = await policyValues(trx, body);
        label = await targetLabel(trx, values);
        if (await repo.policyTargetTaken(trx, values.target_type, values.target_value)) throw conflict(policyTaken(label));
        return repo.insertPolicy(trx, values, userId);
      }),
  );
}

export async function updatePolicy(db: Db, userId: number, id: number, body: PolicyBody): Promise<PolicyRecord> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockPolicy(trx, id);
    if (!current) throw notFound(PlanningMessages.policyNotFound);
    const merged: PolicyBody = {
      targetType: current.target_type,
      targetValue: current.target_value,
      rateBp: current.rate_bp,
      returnRateBp: current.return_rate_bp,
      swapRateBp: current.swap_rate_bp,
      returnWindowDays: current.return_window_days,
      remark: current.remark,
      enabled: current.enabled,
      ...sent(body),
    };
    const problem = policyInputProblem(merged);
    if (problem) throw badRequest(problem);
    if (merged.targetType !== current.target_type || trimmed(merged.targetValue).toLowerCase() !== current.target_value.toLowerCase()) {
      throw badRequest(PlanningMessages.policyTargetFixed);
    }
    // the target stays as it is, so a level disabled since is no reason to refuse a new rate
    const changes = {
      rate_bp: merged.rateBp as number,
      return_rate_bp: merged.returnRateBp ?? 0,
      swap_rate_bp: merged.swapRateBp ?? 0,
      return_window_days: merged.returnWindowDays ?? 90,
      remark: trimmed(merged.remark),
      enabled: merged.enabled ?? true,
    };
    await repo.updatePolicy(trx, id, changes, userId);
  });
  return getPolicy(db, id);
}

// ---- 特价 ----

function toSpecialRecord(row: repo.SpecialRow, today: string): SpecialRecord {
  const validFrom = row.valid_from;
  const validTo = row.valid_to;
  return {
    id: row.id,
    name: row.name,
    targetType: row.target_type,
    agentId: row.agent_id,
    agentName: row.agent_name ?? '',
    shopId: row.shop_id,
    shopName: row.shop_name ?? '',
    brandId: row.brand_id,
    brandName: row.brand_name ?? '',
    categoryId: row.category_id,
    categoryName: row.category_name ?? '',
    season: row.season,
    seasonName: row.season_name ?? '',
    tagId: row.tag_id,
    tagName: row.tag_name ?? '',
    productId: row.product_id,
    productStyleNo: row.product_style_no ?? '',
    productName: row.product_name ?? '',
    mode: row.mode,
    rateBp: row.rate_bp,
    fixedPriceFen: row.fixed_price_fen,
    validFrom,
    validTo,
    state: specialStateOn({ enabled: row.enabled, validFrom, validTo }, today),
    remark: row.remark,
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function pageSpecials(db: Db, filter: repo.SpecialFilter, params: ListParams<SpecialSortColumn>) {
  const today = shanghaiToday();
  const { records, total } = await repo.pageSpecials(db, filter, today, params);
  return { total, records: records.map((row) => toSpecialRecord(row, today)) };
}

export async function getSpecial(db: Db, id: number): Promise<SpecialRecord> {
  const row = await repo.findSpecial(db, id);
  if (!row) throw notFound(PlanningMessages.specialNotFound);
  return toSpecialRecord(row, shanghaiToday());
}

const orNull = <T>(value: T | null | undefined): T | null => (value === undefined ? null : value);

/** Checks a whole special and what it names, inside the transaction; returns the columns to store. */
async function specialValues(trx: Db, input: SpecialBody): Promise<repo.SpecialValues> {
  const problem = specialInputProblem(input);
  if (problem) throw badRequest(problem);
  const targetType = input.targetType as SpecialTargetType;
  const mode = input.mode as SpecialMode;
  const season = trimmed(input.season) || null;
  const values: repo.SpecialValues = {
    name: trimmed(input.name),
    target_type: targetType,
    // a target of another type is dropped, never stored beside the one that counts
    agent_id: targetType === 'agent' ? orNull(input.agentId) : null,
    shop_id: targetType === 'shop' ? orNull(input.shopId) : null,
    brand_id: orNull(input.brandId),
    category_id: orNull(input.categoryId),
    season,
    tag_id: orNull(input.tagId),
    product_id: orNull(input.productId),
    mode,
    rate_bp: mode === 'rate' ? orNull(input.rateBp) : null,
    fixed_price_fen: mode === 'fixed' ? orNull(input.fixedPriceFen) : null,
    valid_from: input.validFrom as string,
    valid_to: input.validTo as string,
    remark: trimmed(input.remark),
    enabled: input.enabled ?? true,
  };
  const checks: [number | null, (db: Db, id: number) => Promise<boolean>, string][] = [
    [values.agent_id, repo.agentExists, PlanningMessages.agentNotFound],
    [values.shop_id, repo.shopExists, PlanningMessages.shopNotFound],
    [values.brand_id, repo.brandExists, PlanningMessages.brandNotFound],
    [values.category_id, repo.categoryExists, PlanningMessages.categoryNotFound],
    [values.tag_id, repo.productTagExists, PlanningMessages.tagNotFound],
    [values.product_id, repo.productExists, PlanningMessages.productNotFound],
  ];
  for (const [id, exists, message] of checks) if (id !== null && !(await exists(trx, id))) throw badRequest(message);
  if (season && !(await repo.enabledDictValue(trx, 'season', season))) throw badRequest(PlanningMessages.seasonInvalid);
  return values;
}

export async function createSpecial(db: Db, userId: number, body: SpecialBody): Promise<number> {
  return db.transaction().execute(async (trx) => repo.insertSpecial(trx, await specialValues(trx, body), userId));
}

/**
 * The form sends the whole special; an update that leaves a field out keeps it. A condition field
 * sent as null clears it (the form's 清除), so only undefined keeps.
 */
export async function updateSpecial(db: Db, userId: number, id: number, body: SpecialBody): Promise<SpecialRecord> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockSpecial(trx, id);
    if (!current) throw notFound(PlanningMessages.specialNotFound);
    const kept: SpecialBody = {
      name: current.name,
      targetType: current.target_type,
      agentId: current.agent_id,
      shopId: current.shop_id,
      brandId: current.brand_id,
      categoryId: current.category_id,
      season: current.season,
      tagId: current.tag_id,
      productId: current.product_id,
      mode: current.mode,
      rateBp: current.rate_bp,
      fixedPriceFen: current.fixed_price_fen,
      validFrom: current.valid_from,
      validTo: current.valid_to,
      remark: current.remark,
      enabled: current.enabled,
    };
    const merged = { ...kept, ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) } as SpecialBody;
    if (merged.targetType !== current.target_type) throw badRequest(PlanningMessages.specialTargetFixed);
    await repo.updateSpecial(trx, id, await specialValues(trx, merged), userId);
  });
  return getSpecial(db, id);
}

export async function deleteSpecial(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.lockSpecial(trx, id))) throw notFound(PlanningMessages.specialNotFound);
    await repo.deleteSpecial(trx, id);
  });
}
