import {
  singleChoiceExceeded,
  TAG_IDS_MAX,
  TAG_TARGET_TYPES,
  TAG_TARGET_TYPES_READY,
  tagDisabled,
  tagGroupDisabled,
  TagMessages,
  tagNotForTarget,
  tagsNotFound,
  tagTargetNotReady,
  type ObjectTag,
  type TagColor,
  type TagTargetType,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../sessions/sessions.service.ts';
import * as repo from './tags.repo.ts';

// The tags an object carries, for every module whose objects take tags (products and members
// call setTags and tagsOf from their own services when they land; shops already do here).

/** Positive integers, each once, at most TAG_IDS_MAX. */
function normaliseIds(tagIds: readonly unknown[]): number[] {
  if (!tagIds.every((id) => typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= Number.MAX_SAFE_INTEGER)) {
    throw badRequest(TagMessages.tagIdsInvalid);
  }
  const ids = [...new Set(tagIds as number[])];
  if (ids.length > TAG_IDS_MAX) throw badRequest(TagMessages.tagIdsTooMany);
  return ids;
}

/**
 * Replaces the object's tags with `tagIds` (an empty list clears them), inside the caller's
 * transaction, or in one of its own when given the plain database. Checks: every tag exists
 * (404), its group applies to the target type, a single-choice group gives at most one tag, and
 * a tag newly put on is enabled in an enabled group (a tag already on the object may stay after
 * it was switched off). The caller checks that the object exists and who may change it.
 */
export async function setTags(trx: Db, targetType: TagTargetType, targetId: number, tagIds: readonly number[]): Promise<ObjectTag[]> {
  const ids = normaliseIds(tagIds);
  return withTransaction(trx, async (tx) => {
    await repo.lockTarget(tx, targetType, targetId);
    const tags = await repo.tagsWithGroups(tx, ids);
    const missing = ids.filter((id) => !tags.some((tag) => tag.id === id));
    if (missing.length > 0) throw notFound(tagsNotFound(missing));
    const current = new Set(await repo.linkedTagIds(tx, targetType, targetId));
    const chosen = new Map<number, number>();
    // in the order given, so the message names the tag the user added
    for (const id of ids) {
      const tag = tags.find((t) => t.id === id)!;
      if (!(tag.applies_to as string[]).includes(targetType)) throw badRequest(tagNotForTarget(tag.name, tag.group_name, targetType));
      if (!current.has(tag.id)) {
        if (!tag.group_enabled) throw badRequest(tagGroupDisabled(tag.group_name));
        if (!tag.enabled) throw badRequest(tagDisabled(tag.name));
      }
      const count = (chosen.get(tag.group_id) ?? 0) + 1;
      if (!tag.multiple && count > 1) throw badRequest(singleChoiceExceeded(tag.group_name));
      chosen.set(tag.group_id, count);
    }
    await repo.replaceLinks(tx, targetType, targetId, ids);
    return (await tagsOf(tx, targetType, [targetId])).get(targetId) ?? [];
  });
}

/**
 * The tags to put on (add) or take off (remove) many objects at once, checked like setTags inside
 * the caller's transaction: every tag exists (404) and its group applies to the target type; to
 * put on, the tag and its group are enabled and a single-choice group gives at most one. Answers
 * the tags in the order given, with their group and whether it is single-choice.
 */
async function checkTagsForMany(trx: Db, targetType: TagTargetType, tagIds: readonly number[], mode: 'add' | 'remove') {
  const ids = normaliseIds(tagIds);
  const tags = await repo.tagsWithGroups(trx, ids);
  const missing = ids.filter((id) => !tags.some((tag) => tag.id === id));
  if (missing.length > 0) throw notFound(tagsNotFound(missing));
  const chosen = new Map<number, number>();
  return ids.map((id) => {
    const tag = tags.find((t) => t.id === id)!;
    if (!(tag.applies_to as string[]).includes(targetType)) throw badRequest(tagNotForTarget(tag.name, tag.group_name, targetType));
    if (mode === 'add') {
      if (!tag.group_enabled) throw badRequest(tagGroupDisabled(tag.group_name));
      if (!tag.enabled) throw badRequest(tagDisabled(tag.name));
      const count = (chosen.get(tag.group_id) ?? 0) + 1;
      if (!tag.multiple && count > 1) throw badRequest(singleChoiceExceeded(tag.group_name));
      chosen.set(tag.group_id, count);
    }
    return { id: tag.id, groupId: tag.group_id, multiple: tag.multiple };
  });
}

/**
 * Puts the tags on (add) or takes them off (remove) many objects, inside the caller's transaction,
 * serialised with setTags on each object. add: a tag of a single-choice group replaces the
 * object's other tag of that group. The caller checks that the objects exist and holds them.
 */
export async function changeTagsOfMany(trx: Db, targetType: TagTargetType, targetIds: readonly number[], tagIds: readonly number[], mode: 'add' | 'remove'): Promise<void> {
  await repo.lockTargets(trx, targetType, targetIds);
  const tags = await checkTagsForMany(trx, targetType, tagIds, mode);
  const ids = tags.map((t) => t.id);
  if (mode === 'remove') {
    await repo.removeLinks(trx, targetType, targetIds, ids);
  } else {
    const singleGroups = [...new Set(tags.filter((t) => !t.multiple).map((t) => t.groupId))];
    await repo.dropOtherTagsOfGroups(trx, targetType, targetIds, singleGroups, ids);
    await repo.addLinks(trx, targetType, targetIds, ids);
  }
}

/** Each object's tags, group by group in sort order; every id asked for is a key (maybe with []). */
export async function tagsOf(db: Db, targetType: TagTargetType, ids: readonly number[]): Promise<Map<number, ObjectTag[]>> {
  const unique = [...new Set(ids)];
  const result = new Map<number, ObjectTag[]>(unique.map((id) => [id, []]));
  for (const row of await repo.linksOf(db, targetType, unique)) {
    result.get(row.target_id)?.push({
      id: row.id,
      name: row.name,
      color: row.color as TagColor,
      groupId: row.group_id,
      groupName: row.group_name,
      enabled: row.enabled && row.group_enabled,
    });
  }
  return result;
}

// ---- GET/PUT tags/of/{targetType}/{targetId} ----

/** How a module whose objects take tags tells whether the caller sees one (inside the change's transaction). */
export interface TagTarget {
  visible: (db: Db, auth: AuthContext, id: number) => Promise<boolean>;
  /** the 404's message when the caller does not */
  notFound: string;
}

const targets = new Map<TagTargetType, TagTarget>();

/** Registers (or replaces) the check of a target type; the owning module calls it with its routes. */
export function registerTagTarget(type: TagTargetType, target: TagTarget): void {
  targets.set(type, target);
}

function readyTargetType(value: string): TagTargetType {
  const type = TAG_TARGET_TYPES.find((t) => t === value);
  if (!type) throw badRequest(TagMessages.targetTypeInvalid);
  if (!TAG_TARGET_TYPES_READY.includes(type)) throw badRequest(tagTargetNotReady(type));
  return type;
}

/**
 * The object must exist and be within the caller's data scope (HQ: every shop; an agent: its
 * shops; a shop: itself; a supplier: none); outside it answers like a missing shop.
 */
async function assertVisibleTarget(db: Db, auth: AuthContext, targetType: TagTargetType, targetId: number) {
  // products register their check (products/product-tags.ts), members will with their module
  const registered = targets.get(targetType);
  if (registered) {
    if (!(await registered.visible(db, auth, targetId))) throw notFound(registered.notFound);
    return;
  }
  if (targetType !== 'shop') throw badRequest(tagTargetNotReady(targetType));
  const [shop, user] = await Promise.all([repo.findShop(db, targetId), repo.scopeOfUser(db, auth.userId)]);
  const visible =
    !!shop &&
    !!user &&
    (user.role_type === 'manager' ||
      (user.role_type === 'agent' && user.agent_id !== null && shop.agent_id === user.agent_id) ||
      (user.role_type === 'shop' && user.shop_id === shop.id));
  if (!visible) throw notFound(TagMessages.shopNotFound);
}

export async function objectTags(db: Db, auth: AuthContext, targetTypeText: string, targetId: number): Promise<ObjectTag[]> {
  const targetType = readyTargetType(targetTypeText);
  await assertVisibleTarget(db, auth, targetType, targetId);
  return (await tagsOf(db, targetType, [targetId])).get(targetId) ?? [];
}

export async function setObjectTags(db: Db, auth: AuthContext, targetTypeText: string, targetId: number, tagIds: readonly number[]): Promise<ObjectTag[]> {
  const targetType = readyTargetType(targetTypeText);
  const ids = normaliseIds(tagIds);
  return db.transaction().execute(async (trx) => {
    await assertVisibleTarget(trx, auth, targetType, targetId);
    return setTags(trx, targetType, targetId, ids);
  });
}

/** 不可退换: of these styles, those carrying a tag marked no_return, with the tag's name (售后 refuses them). */
export async function noReturnStyles(db: Db, productIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await repo.noReturnProducts(db, productIds);
  return new Map(rows.map((r) => [r.product_id, r.name]));
}
