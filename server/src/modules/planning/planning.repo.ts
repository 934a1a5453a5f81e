import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { AGENT_LEVEL_DICT, type PolicyTargetType, type SpecialMode, type SpecialState, type SpecialTargetType } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import type { PolicySortColumn, SpecialSortColumn } from './planning.schema.ts';
import { dictItemNameSql } from '../dicts/dicts.service.ts';

type Page<C> = { limit: number; offset: number; sortColumn: C; order: 'asc' | 'desc' };

export { isUniqueViolation } from '../../db/db-errors.ts';

const dictName = dictItemNameSql;

// ---- 政策明细 ----

export interface PolicyFilter {
  targetType?: PolicyTargetType;
  enabled?: boolean;
}

const policyColumns = () =>
  [
    'discount_policies.id',
    'discount_policies.target_type',
    'discount_policies.target_value',
    'discount_policies.rate_bp',
    'discount_policies.return_rate_bp',
    'discount_policies.swap_rate_bp',
    'discount_policies.return_window_days',
    'discount_policies.remark',
    'discount_policies.enabled',
    'discount_policies.created_at',
    'discount_policies.updated_at',
    dictName(AGENT_LEVEL_DICT, 'discount_policies.target_value').as('level_name'),
  ] as const;

export function pagePolicies(db: Db, filter: PolicyFilter, page: Page<PolicySortColumn>) {
  let base = db.selectFrom('discount_policies');
  if (filter.targetType) base = base.where('discount_policies.target_type', '=', filter.targetType);
  if (filter.enabled !== undefined) base = base.where('discount_policies.enabled', '=', filter.enabled);
  return fetchPage(base, (query) => query.select(policyColumns()).orderBy(page.sortColumn, page.order).orderBy('discount_policies.id', page.order), page);
}

export function findPolicy(db: Db, id: number) {
  return db.selectFrom('discount_policies').select(policyColumns()).where('discount_policies.id', '=', id).executeTakeFirst();
}
export type PolicyRow = NonNullable<Awaited<ReturnType<typeof findPolicy>>>;

export function lockPolicy(db: Db, id: number) {
  return db.selectFrom('discount_policies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function policyTargetTaken(db: Db, targetType: PolicyTargetType, targetValue: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('discount_policies').select('id').where('target_type', '=', targetType).where(sql<SqlBool>`lower(target_value) = lower(${targetValue})`);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export interface PolicyValues {
  target_type: PolicyTargetType;
  target_value: string;
  rate_bp: number;
  return_rate_bp: number;
  swap_rate_bp: number;
  return_window_days: number;
  remark: string;
  enabled: boolean;
}

export async function insertPolicy(db: Db, values: PolicyValues, userId: number): Promise<number> {
  const row = await db
    .insertInto('discount_policies')
    .values({ ...values, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePolicy(db: Db, id: number, values: Partial<PolicyValues>, userId: number) {
  await db
    .updateTable('discount_policies')
    .set({ ...values, updated_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The name of a dictionary item, whatever its status. */
export async function dictItemName(db: Db, dictCode: string, value: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('dict_items')
    .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
    .select('dict_items.name')
    .where('dicts.dict_code', '=', dictCode)
    .where(sql<SqlBool>`lower(dict_items.value) = lower(${value})`)
    .executeTakeFirst();
  return row?.name;
}

/** Is `value` an enabled item of the dictionary? Share-locked: it cannot be disabled mid-save. */
export async function enabledDictValue(db: Db, dictCode: string, value: string): Promise<boolean> {
  const row = await db
    .selectFrom('dict_items')
    .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
    .select('dict_items.id')
    .where('dicts.dict_code', '=', dictCode)
    .where('dicts.status', '=', 'enabled')
    .where('dict_items.status', '=', 'enabled')
    .where(sql<SqlBool>`lower(dict_items.value) = lower(${value})`)
    .forShare()
    .executeTakeFirst();
  return !!row;
}

// ---- 特价 ----

export interface SpecialFilter {
  targetType?: SpecialTargetType;
  /** special, agent or shop name */
  keyword?: string;
  state?: SpecialState;
  agentId?: number;
  shopId?: number;
}

const specialColumns = (eb: ExpressionBuilder<Database, 'special_discounts'>) =>
  [
    'special_discounts.id',
    'special_discounts.name',
    'special_discounts.target_type',
    'special_discounts.agent_id',
    'special_discounts.shop_id',
    'special_discounts.brand_id',
    'special_discounts.category_id',
    'special_discounts.season',
    'special_discounts.tag_id',
    'special_discounts.product_id',
    'special_discounts.mode',
    'special_discounts.rate_bp',
    'special_discounts.fixed_price_fen',
    'special_discounts.valid_from',
    'special_discounts.valid_to',
    'special_discounts.remark',
    'special_discounts.enabled',
    'special_discounts.created_at',
    'special_discounts.updated_at',
    eb.selectFrom('agents').select('agents.name').whereRef('agents.id', '=', 'special_discounts.agent_id').as('agent_name'),
    eb.selectFrom('shops').select('shops.name').whereRef('shops.id', '=', 'special_discounts.shop_id').as('shop_name'),
    eb.selectFrom('brands').select('brands.name').whereRef('brands.id', '=', 'special_discounts.brand_id').as('brand_name'),
    eb.selectFrom('product_categories').select('product_categories.name').whereRef('product_categories.id', '=', 'special_discounts.category_id').as('category_name'),
    eb.selectFrom('tags').select('tags.name').whereRef('tags.id', '=', 'special_discounts.tag_id').as('tag_name'),
    eb.selectFrom('products').select('products.style_no').whereRef('products.id', '=', 'special_discounts.product_id').as('product_style_no'),
    eb.selectFrom('products').select('products.name').whereRef('products.id', '=', 'special_discounts.product_id').as('product_name'),
    dictName('season', 'special_discounts.season').as('season_name'),
  ] as const;

function stateWhere(eb: ExpressionBuilder<Database, 'special_discounts'>, state: SpecialState, today: string) {
  if (state === 'disabled') return eb('special_discounts.enabled', '=', false);
  const range =
    state === 'upcoming'
      ? eb('special_discounts.valid_from', '>', today)
      : state === 'expired'
        ? eb('special_discounts.valid_to', '<', today)
        : eb.and([eb('special_discounts.valid_from', '<=', today), eb('special_discounts.valid_to', '>=', today)]);
  return eb.and([eb('special_discounts.enabled', '=', true), range]);
}

export function pageSpecials(db: Db, filter: SpecialFilter, today: string, page: Page<SpecialSortColumn>) {
  let base = db.selectFrom('special_discounts');
  if (filter.targetType) base = base.where('special_discounts.target_type', '=', filter.targetType);
  if (filter.agentId) base = base.where('special_discounts.agent_id', '=', filter.agentId);
  if (filter.shopId) base = base.where('special_discounts.shop_id', '=', filter.shopId);
  const { state, keyword } = filter;
  if (state) base = base.where((eb) => stateWhere(eb, state, today));
  if (keyword) {
    const pattern = containsPattern(keyword);
    base = base.where((eb) =>
      eb.or([
        eb('special_discounts.name', 'ilike', pattern),
        eb.exists(eb.selectFrom('agents').select('agents.id').whereRef('agents.id', '=', 'special_discounts.agent_id').where('agents.name', 'ilike', pattern)),
        eb.exists(eb.selectFrom('shops').select('shops.id').whereRef('shops.id', '=', 'special_discounts.shop_id').where('shops.name', 'ilike', pattern)),
      ]),
    );
  }
  return fetchPage(base, (query) => query.select(specialColumns).orderBy(page.sortColumn, page.order).orderBy('special_discounts.id', page.order), page);
}

export function findSpecial(db: Db, id: number) {
  return db.selectFrom('special_discounts').select(specialColumns).where('special_discounts.id', '=', id).executeTakeFirst();
}
export type SpecialRow = NonNullable<Awaited<ReturnType<typeof findSpecial>>>;

export function lockSpecial(db: Db, id: number) {
  return db.selectFrom('special_discounts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface SpecialValues {
  name: string;
  target_type: SpecialTargetType;
  agent_id: number | null;
  shop_id: number | null;
  brand_id: number | null;
  category_id: number | null;
  season: string | null;
  tag_id: number | null;
  product_id: number | null;
  mode: SpecialMode;
  rate_bp: number | null;
  fixed_price_fen: number | null;
  valid_from: string;
  valid_to: string;
  remark: string;
  enabled: boolean;
}

export async function insertSpecial(db: Db, values: SpecialValues, userId: number): Promise<number> {
  const row = await db
    .insertInto('special_discounts')
    .values({ ...values, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSpecial(db: Db, id: number, values: Partial<SpecialValues>, userId: number) {
  await db
    .updateTable('special_discounts')
    .set({ ...values, updated_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteSpecial(db: Db, id: number) {
  await db.deleteFrom('special_discounts').where('id', '=', id).execute();
}

// ---- what a special may name: existence checks (key-share locked while the special is saved) ----

export async function agentExists(db: Db, id: number) {
  return !!(await db.selectFrom('agents').select('id').where('id', '=', id).forKeyShare().executeTakeFirst());
}
export async function shopExists(db: Db, id: number) {
  return !!(await db.selectFrom('shops').select('id').where('id', '=', id).forKeyShare().executeTakeFirst());
}
export async function brandExists(db: Db, id: number) {
  return !!(await db.selectFrom('brands').select('id').where('id', '=', id).executeTakeFirst());
}
export async function categoryExists(db: Db, id: number) {
  return !!(await db.selectFrom('product_categories').select('id').where('id', '=', id).executeTakeFirst());
}
export async function productExists(db: Db, id: number) {
  return !!(await db.selectFrom('products').select('id').where('id', '=', id).forKeyShare().executeTakeFirst());
}
/** A tag whose group applies to products. */
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
