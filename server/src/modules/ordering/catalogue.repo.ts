import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { countRows, pageOfRows } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { styleOrNameContains } from '../products/name-search.ts';
import type { CatalogueSortColumn } from './catalogue.schema.ts';
import { inCategory } from './seasons.repo.ts';

// The buyer's catalogue: the on-sale styles of the seasons open on a day, read in one statement per
// kind of data for a whole page (the page, then its SKUs); prices and stock come from the planning
// and stock services.

type Page<C> = { limit: number; offset: number; sortColumn: C; order: 'asc' | 'desc' };

export interface CatalogueFilter {
  seasonId?: number;
  brandId?: number;
  categoryId?: number;
  /** the product's season (dictionary value) */
  season?: string;
  year?: number;
  tagId?: number;
  /** style no. or name */
  keyword?: string;
  /** 可订品牌: only these brands (the buyer's limit; absent: every brand) */
  brandIds?: readonly number[];
}

/** Enabled seasons open on `day` (both ends inclusive). */
export function openSeasons(db: Db, day: string) {
  return db
    .selectFrom('ordering_seasons')
    .select(['id', 'code', 'name', 'kind', 'opens_on', 'closes_on'])
    .where('enabled', '=', true)
    .where('opens_on', '<=', day)
    .where('closes_on', '>=', day)
    .orderBy('opens_on')
    .orderBy('id')
    .execute();
}

/** season × style rows of the open seasons with on-sale styles: the base every catalogue read filters. */
function catalogueBase(db: Db, day: string) {
  return db
    .selectFrom('ordering_season_styles as s')
    .innerJoin('ordering_seasons as o', 'o.id', 's.season_id')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .where('o.enabled', '=', true)
    .where('o.opens_on', '<=', day)
    .where('o.closes_on', '>=', day)
    .where('p.status', '=', 'on_sale');
}

const baseColumns = [
  'o.id as season_id',
  'o.name as season_name',
  'o.kind as season_kind',
  'p.id as product_id',
  'p.style_no',
  'p.name',
  'p.year',
  'p.season',
  'p.main_image',
  'p.wholesale_price_fen',
  'b.name as brand_name',
  'c.name as category_name',
] as const;

const styleColumns = (eb: ExpressionBuilder<Database & { p: Database['products'] }, 'p'>) =>
  [
    ...baseColumns,
    sql<
      string | null
    >`(SELECT i.name FROM dict_items i JOIN dicts d ON d.id = i.dict_id WHERE d.dict_code = 'season' AND lower(i.value) = lower(${eb.ref('p.season')}) LIMIT 1)`.as('season_label'),
  ] as const;

/** A page's columns: the label from the season dictionary joined once (seasonLabels). */
const pageColumns = [...baseColumns, 'sl.name as season_label'] as const;

/**
 * The product season's label as a join: the dictionary 'season' (one dict, one item per value
 * whatever the case) read once per statement, not once per row sorted before a page's offset.
 */
const seasonLabels = (db: Db) =>
  db
    .selectFrom('dict_items as i')
    .innerJoin('dicts as d', 'd.id', 'i.dict_id')
    .where('d.dict_code', '=', 'season')
    .select([sql<string>`lower(i.value)`.as('value'), 'i.name']);

/** Enabled seasons open on `day` (one when `seasonId` names it), by id. */
async function openSeasonIds(db: Db, day: string, seasonId: number | undefined): Promise<number[]> {
  let query = db.selectFrom('ordering_seasons').select('id').where('enabled', '=', true).where('opens_on', '<=', day).where('closes_on', '>=', day);
  if (seasonId !== undefined) query = query.where('id', '=', seasonId);
  return (await query.execute()).map((row) => row.id);
}

/**
 * A page of the catalogue and the total of its filter: the open seasons by id, then the page with
 * the filter's count. The styles are filtered by season id: the seasons table is a handful of
 * rows autovacuum never analyses, and a plan built on a guess of its size (a nested loop per style)
 * costs several times the hash joins the styles' own statistics lead to. The page is sorted on its
 * keys alone (season, style and the sort column) and only its rows are joined to their columns:
 * every page sorts the whole filter, and narrow rows sort several times faster than whole ones.
 */
export async function pageCatalogue(db: Db, day: string, filter: CatalogueFilter, page: Page<CatalogueSortColumn>) {
  const seasonIds = await openSeasonIds(db, day, filter.seasonId);
  let base = db
    .selectFrom('ordering_season_styles as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .where('s.season_id', 'in', seasonIds.length ? seasonIds : [0])
    .where('p.status', '=', 'on_sale');
  if (filter.brandId !== undefined) base = base.where('p.brand_id', '=', filter.brandId);
  if (filter.brandIds) base = base.where('p.brand_id', 'in', [...filter.brandIds]);
  if (filter.season) base = base.where('p.season', '=', filter.season);
  if (filter.year !== undefined) base = base.where('p.year', '=', filter.year);
  const { categoryId, tagId, keyword } = filter;
  if (categoryId !== undefined) base = base.where((eb) => inCategory(eb, categoryId));
  if (tagId !== undefined) {
    base = base.where(({ exists, selectFrom }) =>
      exists(selectFrom('tag_links as t').select('t.tag_id').where('t.target_type', '=', 'product').where('t.tag_id', '=', tagId).whereRef('t.target_id', '=', 'p.id')),
    );
  }
  if (keyword) base = base.where(styleOrNameContains('p', keyword));
  const keys = base
    .select(['s.season_id as key_season', 'p.id as key_product', sql.ref(page.sortColumn).as('key_sort'), sql<string>`count(*) over ()`.as('key_total')])
    .orderBy(page.sortColumn, page.order)
    .orderBy('p.id', page.order)
    .orderBy('s.season_id')
    .limit(page.limit + 1)
    .offset(page.offset);
  const found = await db
    .selectFrom(keys.as('k'))
    .innerJoin('ordering_seasons as o', 'o.id', 'k.key_season')
    .innerJoin('products as p', 'p.id', 'k.key_product')
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('product_categories as c', 'c.id', 'p.category_id')
    .leftJoin(seasonLabels(db).as('sl'), (join) => join.on(sql<boolean>`sl.value = lower(p.season)`))
    .select(pageColumns)
    .select('k.key_total')
    .orderBy('k.key_sort', page.order)
    .orderBy('k.key_product', page.order)
    .orderBy('k.key_season')
    .execute();
  // the filter's count came with the page (the sort read every row anyway); past the end, counted apart
  const total = found[0]?.key_total;
  const rows = found.map(({ key_total: _, ...row }) => row);
  return pageOfRows(rows, page, async () => (total === undefined ? countRows(base, null) : { n: Number(total), capped: false }));
}
export type CatalogueRow = Awaited<ReturnType<typeof pageCatalogue>>['records'][number];

/** One style as the catalogue offers it (the earliest-opening season when several offer it, unless one is named). */
export function findCatalogueStyle(db: Db, day: string, productId: number, seasonId: number | undefined) {
  let query = catalogueBase(db, day).where('p.id', '=', productId);
  if (seasonId !== undefined) query = query.where('o.id', '=', seasonId);
  return query
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('product_categories as c', 'c.id', 'p.category_id')
    .select(styleColumns)
    .select(['p.gallery', 'p.remark'])
    .orderBy('o.opens_on')
    .orderBy('o.id')
    .limit(1)
    .executeTakeFirst();
}

/** The active SKUs of the styles, colour by colour and size by size (one statement for a page). */
export function skusOfStyles(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('skus as k')
    .innerJoin('colours as col', 'col.id', 'k.colour_id')
    .innerJoin('sizes as z', 'z.id', 'k.size_id')
    .select([
      'k.id as sku_id',
      'k.product_id',
      'k.barcode',
      'col.id as colour_id',
      'col.code as colour_code',
      'col.name as colour_name',
      'col.hex as colour_hex',
      'z.id as size_id',
      'z.name as size_name',
      'z.sort as size_sort',
    ])
    .where('k.product_id', 'in', productIds)
    .where('k.status', '=', 'active')
    .orderBy('k.product_id')
    .orderBy('col.sort')
    .orderBy('col.id')
    .orderBy('z.sort')
    .execute();
}
export type CatalogueSkuRow = Awaited<ReturnType<typeof skusOfStyles>>[number];

/** One enabled season open on `day`, or undefined. */
export function openSeason(db: Db, seasonId: number, day: string) {
  return db
    .selectFrom('ordering_seasons')
    .select(['id', 'code', 'name', 'kind', 'opens_on', 'closes_on'])
    .where('id', '=', seasonId)
    .where('enabled', '=', true)
    .where('opens_on', '<=', day)
    .where('closes_on', '>=', day)
    .executeTakeFirst();
}

/** The styles among `productIds` the season offers and that are on sale, with their run rules. */
export function offeredStyles(db: Db, seasonId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ordering_season_styles as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select(['p.id', 'p.style_no', 'p.name', 'p.brand_id', 'p.wholesale_price_fen', 'p.size_group_id', 'p.size_run_id', 'p.whole_runs', 'p.min_runs'])
    .where('s.season_id', '=', seasonId)
    .where('s.product_id', 'in', [...productIds])
    .where('p.status', '=', 'on_sale')
    .execute();
}
export type OfferedStyleRow = Awaited<ReturnType<typeof offeredStyles>>[number];

/** The styles of the SKUs (any status: the caller tells an inactive one apart). */
export function stylesOfSkus(db: Db, skuIds: readonly number[]) {
  if (skuIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('skus')
    .select(['id', 'product_id'])
    .where('id', 'in', [...skuIds])
    .execute();
}
