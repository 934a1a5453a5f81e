import {
  OrderingMessages,
  SEASON_STYLES_FILTER_MAX,
  seasonCodeTaken,
  seasonInputProblem,
  seasonStatusOn,
  seasonStyleFilterSet,
  shanghaiToday,
  stylesOffSale,
  type SeasonKind,
  type SeasonRecord,
  type SeasonStyleFilter,
  type SeasonStyleRecord,
  type SeasonStylesAdded,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { SeasonBody, SeasonSortColumn, SeasonStyleSortColumn } from './seasons.schema.ts';
import * as repo from './seasons.repo.ts';

// 订货季: HQ's seasons (routes refuse everyone else). A season's code is unique (any case); its
// kind is fixed once it offers styles (a spot season's styles were chosen for their stock); the
// dates may move, so a season can be extended or closed early. Styles are on-sale products; one
// leaving sale later stays listed here but drops out of the catalogue. A field left out of an
// update keeps its value, so 启用/停用 can send just `enabled`.

const trimmed = (value: string | null | undefined) => value?.trim() ?? '';

function toSeasonRecord(row: repo.SeasonRow, today: string): SeasonRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    opensOn: row.opens_on,
    closesOn: row.closes_on,
    status: seasonStatusOn({ enabled: row.enabled, opensOn: row.opens_on, closesOn: row.closes_on }, today),
    styleCount: Number(row.style_count ?? 0),
    remark: row.remark,
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function pageSeasons(db: Db, filter: repo.SeasonFilter, params: ListParams<SeasonSortColumn>) {
  const today = shanghaiToday();
  const { records, total } = await repo.pageSeasons(db, filter, today, params);
  return { total, records: records.map((row) => toSeasonRecord(row, today)) };
}

export async function getSeason(db: Db, id: number): Promise<SeasonRecord> {
  const row = await repo.findSeason(db, id);
  if (!row) throw notFound(OrderingMessages.seasonNotFound);
  return toSeasonRecord(row, shanghaiToday());
}

function seasonValues(input: SeasonBody): repo.SeasonValues {
  const problem = seasonInputProblem(input);
  if (problem) throw badRequest(problem);
  return {
    code: trimmed(input.code),
    name: trimmed(input.name),
    kind: input.kind as SeasonKind,
    opens_on: input.opensOn as string,
    closes_on: input.closesOn as string,
    remark: trimmed(input.remark),
    enabled: input.enabled ?? true,
  };
}

/** The unique index tripped by a concurrent save of the same code: the same 409 as the check. */
async function uniqueCode<T>(code: () => string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict(seasonCodeTaken(code()));
    throw error;
  }
}

export async function createSeason(db: Db, userId: number, body: SeasonBody): Promise<number> {
  const values = seasonValues(body);
  return uniqueCode(
    () => values.code,
    async () => {
      if (await repo.codeTaken(db, values.code)) throw conflict(seasonCodeTaken(values.code));
      return repo.insertSeason(db, values, userId);
    },
  );
}

export async function updateSeason(db: Db, userId: number, id: number, body: SeasonBody): Promise<SeasonRecord> {
  let code = '';
  await uniqueCode(
    () => code,
    () =>
      db.transaction().execute(async (trx) => {
        const current = await repo.lockSeason(trx, id);
        if (!current) throw notFound(OrderingMessages.seasonNotFound);
        const kept: SeasonBody = {
          code: current.code,
          name: current.name,
          kind: current.kind,
          opensOn: current.opens_on,
          closesOn: current.closes_on,
          remark: current.remark,
          enabled: current.enabled,
        };
        const merged = { ...kept, ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined)) } as SeasonBody;
        const values = seasonValues(merged);
        code = values.code;
        if (values.kind !== current.kind && (await repo.hasStyles(trx, id))) throw conflict(OrderingMessages.kindFixed);
        if (await repo.codeTaken(trx, values.code, id)) throw conflict(seasonCodeTaken(values.code));
        await repo.updateSeason(trx, id, values, userId);
      }),
  );
  return getSeason(db, id);
}

// ---- a season's styles ----

function toStyleRecord(row: repo.SeasonStyleRow): SeasonStyleRecord {
  return {
    productId: row.product_id,
    styleNo: row.style_no,
    name: row.name,
    brandName: row.brand_name ?? '',
    categoryName: row.category_name ?? '',
    year: row.year,
    season: row.season,
    seasonName: row.season_name ?? row.season,
    mainImage: row.main_image,
    wholesalePriceFen: row.wholesale_price_fen,
    status: row.status,
    addedAt: row.added_at.toISOString(),
  };
}

async function assertSeason(db: Db, id: number) {
  const season = await repo.lockSeason(db, id);
  if (!season) throw notFound(OrderingMessages.seasonNotFound);
  return season;
}

export async function pageSeasonStyles(db: Db, seasonId: number, filter: repo.SeasonStyleListFilter, params: ListParams<SeasonStyleSortColumn>) {
  if (!(await repo.findSeason(db, seasonId))) throw notFound(OrderingMessages.seasonNotFound);
  const { records, total } = await repo.pageSeasonStyles(db, seasonId, filter, params);
  return { total, records: records.map(toStyleRecord) };
}

/** Adds styles by id: every one must exist and be on sale, or nothing is added. */
export async function addStyles(db: Db, userId: number, seasonId: number, productIds: readonly number[]): Promise<SeasonStylesAdded> {
  const ids = [...new Set(productIds)];
  return db.transaction().execute(async (trx) => {
    await assertSeason(trx, seasonId);
    const found = await repo.productsByIds(trx, ids);
    if (found.length !== ids.length) throw badRequest(OrderingMessages.stylesUnknown);
    const offSale = found.filter((p) => p.status !== 'on_sale').map((p) => p.style_no);
    if (offSale.length > 0) throw badRequest(stylesOffSale(offSale.sort()));
    const added = await repo.insertSeasonStyles(trx, seasonId, ids, userId);
    return { added, already: ids.length - added, offSale: 0 };
  });
}

/** Adds the on-sale styles matching a filter (brand, category with its children, season, tag); off-sale ones are counted, not added. */
export async function addStylesByFilter(db: Db, userId: number, seasonId: number, filter: SeasonStyleFilter): Promise<SeasonStylesAdded> {
  if (!seasonStyleFilterSet(filter)) throw badRequest(OrderingMessages.filterRequired);
  const values = { brandId: filter.brandId ?? null, categoryId: filter.categoryId ?? null, season: trimmed(filter.season) || null, tagId: filter.tagId ?? null };
  return db.transaction().execute(async (trx) => {
    await assertSeason(trx, seasonId);
    if (values.brandId !== null && !(await repo.brandExists(trx, values.brandId))) throw badRequest(OrderingMessages.brandNotFound);
    if (values.categoryId !== null && !(await repo.categoryExists(trx, values.categoryId))) throw badRequest(OrderingMessages.categoryNotFound);
    if (values.tagId !== null && !(await repo.productTagExists(trx, values.tagId))) throw badRequest(OrderingMessages.tagNotFound);
    const matched = await repo.productsMatching(trx, values, SEASON_STYLES_FILTER_MAX + 1);
    if (matched.length > SEASON_STYLES_FILTER_MAX) throw badRequest(OrderingMessages.filterTooMany);
    const onSale = matched.filter((p) => p.status === 'on_sale').map((p) => p.id);
    const added = await repo.insertSeasonStyles(trx, seasonId, onSale, userId);
    return { added, already: onSale.length - added, offSale: matched.length - onSale.length };
  });
}

export async function removeStyles(db: Db, seasonId: number, productIds: readonly number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await assertSeason(trx, seasonId);
    return repo.deleteSeasonStyles(trx, seasonId, [...new Set(productIds)]);
  });
}

export const productOptions = (db: Db, keyword: string | undefined) => repo.productOptions(db, keyword || undefined);
