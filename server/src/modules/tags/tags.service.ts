import {
  appliesToInUse,
  DEFAULT_TAG_COLOR,
  singleChoiceInUse,
  tagGroupInputProblem,
  tagGroupInUse,
  tagGroupNameTaken,
  tagInputProblem,
  tagInUse,
  TagMessages,
  tagNameTaken,
  tagUsageTotal,
  type TagColor,
  type TagGroupRecord,
  type TagRecord,
  type TagTargetType,
  type TagUsage,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import * as repo from './tags.repo.ts';
import type { TagBody, TagGroupBody, TagGroupSortColumn } from './tags.schema.ts';

// Rules: group names are unique, tag names unique within their group. A group whose tags are in
// use is not deleted (refused with the count); an unused one goes with its tags. A tag in use is
// deleted only with the confirm flag, and then its links go in the same transaction. A group
// cannot stop applying to a target type its tags are on, nor become single choice while an object
// carries several of its tags. A tag stays in its group. Disabling keeps existing links.

const trimmed = (value: string | null | undefined) => value?.trim() ?? '';

/** Body fields that were sent; null counts as not sent. */
function sent<T extends object>(body: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined)) as never;
}

/** Runs a change; a unique index that trips on a concurrent save becomes the same 409 as the check. */
async function guarded<T>(work: () => Promise<T>, clash: () => string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict(clash());
    throw error;
  }
}

function usageFrom(rows: readonly { target_type: TagTargetType; n: number | string }[]): TagUsage {
  const usage: TagUsage = {};
  for (const row of rows) if (Number(row.n) > 0) usage[row.target_type] = Number(row.n);
  return usage;
}

function toTagRecord(row: repo.TagRow, usage: TagUsage): TagRecord {
  return {
    id: row.id,
    groupId: row.group_id,
    name: row.name,
    color: row.color as TagColor,
    sort: row.sort,
    enabled: row.enabled,
    noReturn: row.no_return,
    usage,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Groups with their tags (in sort order) and each tag's usage. */
async function withTags(db: Db, groups: readonly repo.TagGroupRow[]): Promise<TagGroupRecord[]> {
  const tags = await repo.tagsOfGroups(
    db,
    groups.map((g) => g.id),
  );
  const [tagRows, groupRows] = await Promise.all([
    repo.usageOfTags(
      db,
      tags.map((t) => t.id),
    ),
    repo.usageOfGroups(
      db,
      groups.map((g) => g.id),
    ),
  ]);
  const usage = new Map<number, TagUsage>();
  for (const row of tagRows) usage.set(row.tag_id, { ...usage.get(row.tag_id), ...usageFrom([row]) });
  const groupUsage = new Map<number, TagUsage>();
  for (const row of groupRows) groupUsage.set(row.group_id, { ...groupUsage.get(row.group_id), ...usageFrom([row]) });
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    appliesTo: group.applies_to as TagTargetType[],
    multiple: group.multiple,
    sort: group.sort,
    enabled: group.enabled,
    remark: group.remark,
    usage: groupUsage.get(group.id) ?? {},
    tags: tags.filter((tag) => tag.group_id === group.id).map((tag) => toTagRecord(tag, usage.get(tag.id) ?? {})),
    createdAt: group.created_at.toISOString(),
    updatedAt: group.updated_at.toISOString(),
  }));
}

// ---- groups ----

export async function listGroups(db: Db, targetType?: TagTargetType): Promise<TagGroupRecord[]> {
  return withTags(db, await repo.listGroups(db, targetType));
}

export async function pageGroups(db: Db, filter: repo.GroupFilter, params: ListParams<TagGroupSortColumn>) {
  const { records, total } = await repo.pageGroups(db, filter, params);
  return { total, records: await withTags(db, records) };
}

export async function getGroup(db: Db, id: number): Promise<TagGroupRecord> {
  const group = await repo.findGroup(db, id);
  if (!group) throw notFound(TagMessages.groupNotFound);
  const [record] = await withTags(db, [group]);
  return record!;
}

/** Validates a whole group (defaults filled) and returns the columns to store. */
function groupValues(input: TagGroupBody): repo.GroupValues {
  const problem = tagGroupInputProblem(input);
  if (problem) throw badRequest(problem);
  return {
    name: trimmed(input.name),
    applies_to: [...new Set(input.appliesTo as TagTargetType[])],
    multiple: input.multiple ?? true,
    sort: input.sort ?? 0,
    enabled: input.enabled ?? true,
    remark: trimmed(input.remark),
  };
}

export async function createGroup(db: Db, body: TagGroupBody): Promise<number> {
  const values = groupValues(body);
  return guarded(
    () =>
      db.transaction().execute(async (trx) => {
        if (await repo.groupNameTaken(trx, values.name)) throw conflict(tagGroupNameTaken(values.name));
        return (await repo.insertGroup(trx, values)).id;
      }),
    () => tagGroupNameTaken(values.name),
  );
}

/** Fields left out keep their value, so a status switch can send just `enabled`. */
export async function updateGroup(db: Db, id: number, body: TagGroupBody): Promise<TagGroupRecord> {
  let name = '';
  await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const current = await repo.findGroup(trx, id, 'update');
        if (!current) throw notFound(TagMessages.groupNotFound);
        const values = groupValues({
          name: current.name,
          appliesTo: current.applies_to,
          multiple: current.multiple,
          sort: current.sort,
          enabled: current.enabled,
          remark: current.remark,
          ...sent(body),
        });
        name = values.name;
        if (values.name !== current.name && (await repo.groupNameTaken(trx, values.name, id))) throw conflict(tagGroupNameTaken(values.name));
        const dropped = (current.applies_to as TagTargetType[]).filter((type) => !values.applies_to.includes(type));
        if (dropped.length > 0) {
          const usage = usageFrom(await repo.usageOfGroups(trx, [id]));
          const blocking = dropped.find((type) => (usage[type] ?? 0) > 0);
          if (blocking) throw conflict(appliesToInUse(blocking, usage[blocking]!));
        }
        if (current.multiple && !values.multiple) {
          const several = await repo.countTargetsWithSeveral(trx, id);
          if (several > 0) throw conflict(singleChoiceInUse(several));
        }
        await repo.updateGroup(trx, id, values);
      }),
    () => tagGroupNameTaken(name),
  );
  return getGroup(db, id);
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // the row lock waits for tag saves and tag additions holding a share lock on the group
    if (!(await repo.findGroup(trx, id, 'update'))) throw notFound(TagMessages.groupNotFound);
    const usage = usageFrom(await repo.usageOfGroups(trx, [id]));
    if (tagUsageTotal(usage) > 0) throw conflict(tagGroupInUse(usage));
    await repo.deleteGroup(trx, id);
  });
}

// ---- tags ----

async function getTag(db: Db, id: number): Promise<TagRecord> {
  const row = await repo.findTag(db, id);
  if (!row) throw notFound(TagMessages.tagNotFound);
  return toTagRecord(row, usageFrom(await repo.usageOfTags(db, [id])));
}

export async function createTag(db: Db, body: TagBody): Promise<number> {
  const problem = tagInputProblem(body);
  if (problem) throw badRequest(problem);
  const groupId = body.groupId!;
  const name = trimmed(body.name);
  let groupName = '';
  return guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const group = await repo.findGroup(trx, groupId, 'share');
        if (!group) throw notFound(TagMessages.groupNotFound);
        groupName = group.name;
        if (await repo.tagNameTaken(trx, groupId, name)) throw conflict(tagNameTaken(group.name, name));
        const { id } = await repo.insertTag(trx, {
          group_id: groupId,
          name,
          color: body.color ?? DEFAULT_TAG_COLOR,
          sort: body.sort ?? 0,
          enabled: body.enabled ?? true,
          no_return: body.noReturn ?? false,
        });
        return id;
      }),
    () => tagNameTaken(groupName, name),
  );
}

/** Fields left out keep their value; the group cannot change. */
export async function updateTag(db: Db, id: number, body: TagBody): Promise<TagRecord> {
  let clash = '';
  await guarded(
    () =>
      db.transaction().execute(async (trx) => {
        const current = await repo.findTag(trx, id, true);
        if (!current) throw notFound(TagMessages.tagNotFound);
        const merged = {
          groupId: current.group_id,
          name: current.name,
          color: current.color,
          sort: current.sort,
          enabled: current.enabled,
          noReturn: current.no_return,
          ...sent(body),
        };
        const problem = tagInputProblem(merged);
        if (problem) throw badRequest(problem);
        if (merged.groupId !== current.group_id) throw conflict(TagMessages.tagMoveRefused);
        const name = trimmed(merged.name);
        const group = await repo.findGroup(trx, current.group_id);
        clash = tagNameTaken(group?.name ?? '', name);
        if (name !== current.name && (await repo.tagNameTaken(trx, current.group_id, name, id))) throw conflict(clash);
        await repo.updateTag(trx, id, { name, color: merged.color, sort: merged.sort, enabled: merged.enabled, no_return: merged.noReturn });
      }),
    () => clash,
  );
  return getTag(db, id);
}

/**
 * Deletes a tag. In use: refused with the count (409) unless `confirm`, which detaches it from
 * every object in the same transaction. Answers how many links went.
 */
export async function deleteTag(db: Db, id: number, confirm: boolean): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // the row lock waits for tag saves holding a share lock on it
    const tag = await repo.findTag(trx, id, true);
    if (!tag) throw notFound(TagMessages.tagNotFound);
    const usage = usageFrom(await repo.usageOfTags(trx, [id]));
    if (tagUsageTotal(usage) > 0 && !confirm) throw conflict(tagInUse(tag.name, usage));
    return repo.deleteTag(trx, id);
  });
}
