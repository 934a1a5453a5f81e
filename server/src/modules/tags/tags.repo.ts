import { sql, type Selectable } from 'kysely';
import type { TagTargetType } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { TagGroupsTable, TagsTable } from '../../db/schema.ts';
import type { TagGroupSortColumn } from './tags.schema.ts';

export type TagGroupRow = Selectable<TagGroupsTable>;
export type TagRow = Selectable<TagsTable>;

export { isUniqueViolation } from '../../db/db-errors.ts';

const appliesToType = (type: TagTargetType) => sql<boolean>`${type} = ANY(tag_groups.applies_to)`;

// ---- groups ----

export interface GroupFilter {
  /** part of the group's name or of one of its tags' names */
  keyword?: string;
  appliesTo?: TagTargetType;
  enabled?: boolean;
}

export function pageGroups(db: Db, filter: GroupFilter, page: { limit: number; offset: number; sortColumn: TagGroupSortColumn; order: 'asc' | 'desc' }) {
  let base = db.selectFrom('tag_groups');
  if (filter.appliesTo) base = base.where(appliesToType(filter.appliesTo));
  if (filter.enabled !== undefined) base = base.where('tag_groups.enabled', '=', filter.enabled);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) =>
      eb.or([
        eb('tag_groups.name', 'ilike', pattern),
        eb.exists(eb.selectFrom('tags').select('tags.id').whereRef('tags.group_id', '=', 'tag_groups.id').where('tags.name', 'ilike', pattern)),
      ]),
    );
  }
  return fetchPage(base, (query) => query.selectAll('tag_groups').orderBy(page.sortColumn, page.order).orderBy('tag_groups.id', page.order), page);
}

/** Every group in sort order, optionally only those applying to one target type. */
export function listGroups(db: Db, targetType?: TagTargetType): Promise<TagGroupRow[]> {
  let query = db.selectFrom('tag_groups').selectAll();
  if (targetType) query = query.where(appliesToType(targetType));
  return query.orderBy('sort').orderBy('id').execute();
}

/** `lock`: 'update' before a change or delete, 'share' while tags are added to it. */
export function findGroup(db: Db, id: number, lock?: 'update' | 'share') {
  const query = db.selectFrom('tag_groups').selectAll().where('id', '=', id);
  return (lock === 'update' ? query.forUpdate() : lock === 'share' ? query.forShare() : query).executeTakeFirst();
}

export async function groupNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('tag_groups').select('id').where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export interface GroupValues {
  name: string;
  applies_to: TagTargetType[];
  multiple: boolean;
  sort: number;
  enabled: boolean;
  remark: string;
}

export function insertGroup(db: Db, values: GroupValues) {
  return db.insertInto('tag_groups').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateGroup(db: Db, id: number, values: GroupValues) {
  await db
    .updateTable('tag_groups')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The group and its (unused) tags. */
export async function deleteGroup(db: Db, id: number) {
  await db.deleteFrom('tags').where('group_id', '=', id).execute();
  await db.deleteFrom('tag_groups').where('id', '=', id).execute();
}

/** Objects carrying any tag of the groups, per group and target type. */
export function usageOfGroups(db: Db, groupIds: readonly number[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tag_links')
    .innerJoin('tags', 'tags.id', 'tag_links.tag_id')
    .select(['tags.group_id', 'tag_links.target_type', sql<number>`count(DISTINCT tag_links.target_id)`.as('n')])
    .where('tags.group_id', 'in', groupIds)
    .groupBy(['tags.group_id', 'tag_links.target_type'])
    .execute();
}

/** Objects of one type carrying more than one tag of the group (in the way of single choice). */
export async function countTargetsWithSeveral(db: Db, groupId: number): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('tag_links')
        .innerJoin('tags', 'tags.id', 'tag_links.tag_id')
        .select(['tag_links.target_type', 'tag_links.target_id'])
        .where('tags.group_id', '=', groupId)
        .groupBy(['tag_links.target_type', 'tag_links.target_id'])
        .having((inner) => inner.fn.countAll(), '>', 1)
        .as('several'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- tags ----

export function tagsOfGroups(db: Db, groupIds: readonly number[]): Promise<TagRow[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('tags').selectAll().where('group_id', 'in', groupIds).orderBy('sort').orderBy('id').execute();
}

/** Links per tag and target type. */
export function usageOfTags(db: Db, tagIds: readonly number[]) {
  if (tagIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tag_links')
    .select(['tag_id', 'target_type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tag_id', 'in', tagIds)
    .groupBy(['tag_id', 'target_type'])
    .execute();
}

export function findTag(db: Db, id: number, lock = false) {
  const query = db.selectFrom('tags').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function tagNameTaken(db: Db, groupId: number, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('tags').select('id').where('group_id', '=', groupId).where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export interface TagValues {
  group_id: number;
  name: string;
  color: string;
  sort: number;
  enabled: boolean;
  no_return: boolean;
}

export function insertTag(db: Db, values: TagValues) {
  return db.insertInto('tags').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateTag(db: Db, id: number, values: Omit<TagValues, 'group_id'>) {
  await db
    .updateTable('tags')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The tag and its links; answers how many links went. */
export async function deleteTag(db: Db, id: number): Promise<number> {
  const links = await db.deleteFrom('tag_links').where('tag_id', '=', id).executeTakeFirst();
  await db.deleteFrom('tags').where('id', '=', id).execute();
  return Number(links.numDeletedRows);
}

// ---- links ----

/**
 * Serialises changes to one object's tags (two saves at once would otherwise merge their sets):
 * a transaction-scoped advisory lock on the object, whatever table it lives in.
 */
export async function lockTarget(trx: Db, targetType: TagTargetType, targetId: number) {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`tag_links:${targetType}:${targetId}`}, 0))`.execute(trx);
}

/** lockTarget for many objects in one statement, in id order so two batches cannot deadlock. */
export async function lockTargets(trx: Db, targetType: TagTargetType, targetIds: readonly number[]) {
  const sorted = [...targetIds].sort((a, b) => a - b);
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`tag_links:${targetType}:`} || t.id::text, 0))
    FROM unnest(${sorted}::bigint[]) WITH ORDINALITY AS t(id, n) ORDER BY t.n`.execute(trx);
}

/** The tags with their groups, held against a concurrent delete or group change until commit. */
export function tagsWithGroups(trx: Db, tagIds: readonly number[]) {
  if (tagIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('tags')
    .innerJoin('tag_groups', 'tag_groups.id', 'tags.group_id')
    .select([
      'tags.id',
      'tags.name',
      'tags.enabled',
      'tags.group_id',
      'tag_groups.name as group_name',
      'tag_groups.enabled as group_enabled',
      'tag_groups.multiple',
      'tag_groups.applies_to',
    ])
    .where('tags.id', 'in', tagIds)
    .forShare()
    .execute();
}

export async function linkedTagIds(db: Db, targetType: TagTargetType, targetId: number): Promise<number[]> {
  const rows = await db.selectFrom('tag_links').select('tag_id').where('target_type', '=', targetType).where('target_id', '=', targetId).execute();
  return rows.map((row) => row.tag_id);
}

/** Makes the object's links exactly `tagIds`; links kept keep their created_at. */
export async function replaceLinks(trx: Db, targetType: TagTargetType, targetId: number, tagIds: readonly number[]) {
  let removal = trx.deleteFrom('tag_links').where('target_type', '=', targetType).where('target_id', '=', targetId);
  if (tagIds.length > 0) removal = removal.where('tag_id', 'not in', tagIds);
  await removal.execute();
  if (tagIds.length === 0) return;
  await trx
    .insertInto('tag_links')
    .values(tagIds.map((tagId) => ({ tag_id: tagId, target_type: targetType, target_id: targetId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Takes the other tags of the groups off the objects (a single-choice group's new tag replaces them). */
export async function dropOtherTagsOfGroups(trx: Db, targetType: TagTargetType, targetIds: readonly number[], groupIds: readonly number[], keepTagIds: readonly number[]) {
  if (groupIds.length === 0) return;
  await trx
    .deleteFrom('tag_links')
    .where('target_type', '=', targetType)
    .where('target_id', 'in', targetIds)
    .where('tag_id', 'in', trx.selectFrom('tags').select('tags.id').where('tags.group_id', 'in', groupIds).where('tags.id', 'not in', keepTagIds))
    .execute();
}

/** Every object × tag link; links already there stay as they are. */
export async function addLinks(trx: Db, targetType: TagTargetType, targetIds: readonly number[], tagIds: readonly number[]) {
  const rows = targetIds.flatMap((targetId) => tagIds.map((tagId) => ({ tag_id: tagId, target_type: targetType, target_id: targetId })));
  // 3 parameters a row: 5000 rows a statement stays far below the protocol's 65535
  for (let i = 0; i < rows.length; i += 5000) {
    await trx
      .insertInto('tag_links')
      .values(rows.slice(i, i + 5000))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export async function removeLinks(trx: Db, targetType: TagTargetType, targetIds: readonly number[], tagIds: readonly number[]) {
  await trx.deleteFrom('tag_links').where('target_type', '=', targetType).where('target_id', 'in', targetIds).where('tag_id', 'in', tagIds).execute();
}

/** The tags the objects carry, group by group in sort order. */
export function linksOf(db: Db, targetType: TagTargetType, targetIds: readonly number[]) {
  if (targetIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tag_links')
    .innerJoin('tags', 'tags.id', 'tag_links.tag_id')
    .innerJoin('tag_groups', 'tag_groups.id', 'tags.group_id')
    .select(['tag_links.target_id', 'tags.id', 'tags.name', 'tags.color', 'tags.enabled', 'tags.group_id', 'tag_groups.name as group_name', 'tag_groups.enabled as group_enabled'])
    .where('tag_links.target_type', '=', targetType)
    .where('tag_links.target_id', 'in', targetIds)
    .orderBy('tag_groups.sort')
    .orderBy('tag_groups.id')
    .orderBy('tags.sort')
    .orderBy('tags.id')
    .execute();
}

// ---- targets (until the parties module offers a lookup service) ----

/** Key-share locked: the shop cannot be deleted while its tags are saved. */
export function findShop(db: Db, id: number) {
  return db.selectFrom('shops').select(['id', 'agent_id']).where('id', '=', id).forKeyShare().executeTakeFirst();
}

export function scopeOfUser(db: Db, userId: number) {
  return db.selectFrom('users').select(['role_type', 'agent_id', 'shop_id']).where('id', '=', userId).executeTakeFirst();
}

/** Of these styles, the ones carrying a tag marked 不可退换 (no_return), with that tag's name. */
export function noReturnProducts(db: Db, productIds: readonly number[]) {
  return db
    .selectFrom('tag_links as l')
    .innerJoin('tags as t', 't.id', 'l.tag_id')
    .select(['l.target_id as product_id', 't.name'])
    .where('l.target_type', '=', 'product')
    .where('l.target_id', 'in', productIds.length ? [...productIds] : [0])
    .where('t.no_return', '=', true)
    .execute();
}
