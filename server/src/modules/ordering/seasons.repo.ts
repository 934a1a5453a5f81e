import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { SeasonKind, SeasonStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { styleOrNameContains } from '../products/name-search.ts';
import type { SeasonSortColumn, SeasonStyleSortColumn } from './seasons.schema.ts';
import { dictItemNameSql } from '../dicts/dicts.service.ts';

// 订货季 and the styles each offers: this module's two tables, plus what it reads of products,
// brands, categories and tags to list, check and add styles (reads only).

type Page<C> = { limit: number; offset: number; sortColumn: C; order: 'asc' | 'desc' };

export { isUniqueViolation } from '../../db/db-errors.ts';

const dictName = dictItemNameSql;

// ---- seasons ----

export interface SeasonFilter {
  /** code or name */
  keyword?: string;
  kind?: SeasonKind;
  status?: SeasonStatus;
}

const seasonColumns = (eb: ExpressionBuilder<Database, 'ordering_seasons'>) =>
  [
    'ordering_seasons.id',
    'ordering_seasons.code',
    'ordering_seasons.name',
    'ordering_seasons.kind',
    'ordering_seasons.opens_on',
    'ordering_seasons.closes_on',
    'ordering_seasons.remark',
    'ordering_seasons.enabled',
    'ordering_seasons.created_at',
    'ordering_seasons.updated_at',
    eb.selectFrom('ordering_season_styles as s').select(sql<string>`count(*)`.as('n')).whereRef('s.season_id', '=', 'ordering_seasons.id').as('style_count'),
  ] as const;

/** The status filter as dates: the same rule as seasonStatusOn in shared. */
function statusCondition(eb: ExpressionBuilder<Database, 'ordering_seasons'>, status: SeasonStatus, day: string) {
  if (status === 'disabled') return eb('ordering_seasons.enabled', '=', false);
  const enabled = eb('ordering_seasons.enabled', '=', true);
  if (status === 'upcoming') return eb.and([enabled, eb('ordering_seasons.opens_on', '>', day)]);
  if (status === 'ended') return eb.and([enabled, eb('ordering_seasons.closes_on', '<', day)]);
  return eb.and([enabled, eb('ordering_seasons.opens_on', '<=', day), eb('ordering_seasons.closes_on', '>=', day)]);
}

export function pageSeasons(db: Db, filter: SeasonFilter, day: string, page: Page<SeasonSortColumn>) {
  let base = db.selectFrom('ordering_seasons');
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('ordering_seasons.code', 'ilike', pattern), eb('ordering_seasons.name', 'ilike', pattern)]));
  }
  if (filter.kind) base = base.where('ordering_seasons.kind', '=', filter.kind);
  const status = filter.status;
  if (status) base = base.where((eb) => statusCondition(eb, status, day));
  return fetchPage(base, (query) => query.select(seasonColumns).orderBy(page.sortColumn, page.order).orderBy('ordering_seasons.id', page.order), page);
}

export function findSeason(db: Db, id: number) {
  return db.selectFrom('ordering_seasons').select(seasonColumns).where('ordering_seasons.id', '=', id).executeTakeFirst();
}
export type SeasonRow = NonNullable<Awaited<ReturnType<typeof findSeason>>>;

export function lockSeason(db: Db, id: number) {
  return db.selectFrom('ordering_seasons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('ordering_seasons').select('id').where(sql<SqlBool>`lower(code) = lower(${code})`);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export interface SeasonValues {
  code: string;
  name: string;
  kind: SeasonKind;
  opens_on: string;
  closes_on: string;
  remark: string;
  enabled: boolean;
}

export async function insertSeason(db: Db, values: SeasonValues, userId: number): Promise<number> {
  const row = await db
    .insertInto('ordering_seasons')
    .values({ ...values, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSeason(db: Db, id: number, values: SeasonValues, userId: number) {
  await db
    .updateTable('ordering_seasons')
    .set({ ...values, updated_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function hasStyles(db: Db, seasonId: number): Promise<boolean> {
  return !!(await db.selectFrom('ordering_season_styles').select('product_id').where('season_id', '=', seasonId).limit(1).executeTakeFirst());
}

// ---- a season's styles ----

export interface SeasonStyleListFilter {
  /** style no. or name */
  keyword?: string;
}

export function pageSeasonStyles(db: Db, seasonId: number, filter: SeasonStyleListFilter, page: Page<SeasonStyleSortColumn>) {
  let base = db.selectFrom('ordering_season_styles as s').innerJoin('products as p', 'p.id', 's.product_id').where('s.season_id', '=', seasonId);
  if (filter.keyword) base = base.where(styleOrNameContains('p', filter.keyword));
  return fetchPage(
    base,
    (query) =>
      query
        .leftJoin('brands as b', 'b.id', 'p.brand_id')
        .leftJoin('product_categories as c', 'c.id', 'p.category_id')
        .select([
          'p.id as product_id',
          'p.style_no',
          'p.name',
          'p.year',
          'p.season',
          'p.main_image',
          'p.wholesale_price_fen',
          'p.status',
          'b.name as brand_name',
          'c.name as category_name',
          's.created_at as added_at',
          dictName('season', 'p.season').as('season_name'),
        ])
        .orderBy(page.sortColumn, page.order)
        .orderBy('p.id', page.order),
    page,
  );
}
export type SeasonStyleRow = Awaited<ReturnType<typeof pageSeasonStyles>>['records'][number];

/** Of `ids`, the products that exist, with their status. */
export function productsByIds(db: Db, ids: readonly number[]) {
  return db.selectFrom('products').select(['id', 'style_no', 'status']).where('id', 'in', ids).execute();
}

/** `p.category_id` is the category or one under it (three levels at most: children, grandchildren). */
export function inCategory<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, categoryId: number) {
  const e = eb as unknown as ExpressionBuilder<Database & { p: Database['products'] }, 'p'>;
  return e.or([
    e('p.category_id', '=', categoryId),
    e('p.category_id', 'in', e.selectFrom('product_categories as c1').select('c1.id').where('c1.parent_id', '=', categoryId)),
    e(
      'p.category_id',
      'in',
      e.selectFrom('product_categories as c2').innerJoin('product_categories as c1', 'c1.id', 'c2.parent_id').select('c2.id').where('c1.parent_id', '=', categoryId),
    ),
  ]);
}

/** Products matching the filter (categories with their children), at most `limit`. */
export function productsMatching(db: Db, filter: { brandId: number | null; categoryId: number | null; season: string | null; tagId: number | null }, limit: number) {
  let query = db.selectFrom('products as p').select(['p.id', 'p.status']);
  if (filter.brandId !== null) query = query.where('p.brand_id', '=', filter.brandId);
  if (filter.season !== null) query = query.where('p.season', '=', filter.season);
  const categoryId = filter.categoryId;
  if (categoryId !== null) query = query.where((eb) => inCategory(eb, categoryId));
  const tagId = filter.tagId;
  if (tagId !== null) {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom('tag_links as t').select('t.tag_id').where('t.target_type', '=', 'product').where('t.tag_id', '=', tagId).whereRef('t.target_id', '=', 'p.id')),
    );
  }
  return query.orderBy('p.id').limit(limit).execute();
}

/** Adds the styles not yet in the season; answers how many were added. */
export async function insertSeasonStyles(db: Db, seasonId: number, productIds: readonly number[], userId: number): Promise<number> {
  if (productIds.length === 0) return 0;
  const rows = await db
    .insertInto('ordering_season_styles')
    .values(productIds.map((productId) => ({ season_id: seasonId, product_id: productId, created_by: userId })))
    .onConflict((oc) => oc.columns(['season_id', 'product_id']).doNothing())
    .returning('product_id')
    .execute();
  return rows.length;
}

export async function deleteSeasonStyles(db: Db, seasonId: number, productIds: readonly number[]): Promise<number> {
  const result = await db.deleteFrom('ordering_season_styles').where('season_id', '=', seasonId).where('product_id', 'in', productIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function brandExists(db: Db, id: number) {
  return !!(await db.selectFrom('brands').select('id').where('id', '=', id).executeTakeFirst());
}

export async function categoryExists(db: Db, id: number) {
  return !!(await db.selectFrom('product_categories').select('id').where('id', '=', id).executeTakeFirst());
}

export async function productTagExists(db: Db, id: number) {
  const row = await db
    .selectFrom('tags')
    .innerJoin('tag_groups', 'tag_groups.id', 'tags.group_id')
    .select('tags.id')
    .where('tags.id', '=', id)
    .where(sql<SqlBool>`'product' = ANY(tag_groups.applies_to)`)
    .executeTakeFirst();
  return !!row;
}

/** Style picker: on-sale styles by style no. or name, 50 at most. */
export function productOptions(db: Db, keyword: string | undefined) {
  let query = db.selectFrom('products as p').select(['p.id', 'p.style_no as code', 'p.name']).where('p.status', '=', 'on_sale');
  if (keyword) query = query.where(styleOrNameContains('p', keyword));
  return query.orderBy('p.style_no').limit(50).execute();
}
